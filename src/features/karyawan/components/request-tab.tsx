import { Button, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { type KaryawanDetail } from '../../../domain/karyawan/karyawan';
import { downloadId } from '../../../domain/karyawan/karyawan-lifecycle';
import { tanggal } from '../../../lib/format';
import { notifyError } from '../../../lib/toast';
import { EmployeeRequestHistory } from '../requests/employee-requests';
import { download } from '../api';
import { KARYAWAN_TEXTS } from '../texts';

type PbRow = { no_pb: string; tgl_p3: string | null; alasan: string; tgl_bast: string | null };

/**
 * Request Update Profile: the employee's change requests (docs/decisions/009) and, once they resigned,
 * the termination agreement (perjanjian bersama) to download.
 */
export function RequestTab({ detail }: { detail: KaryawanDetail }) {
  const [busy, setBusy] = useState(false);
  const pb: PbRow[] = detail.no_pb
    ? [
        {
          no_pb: detail.no_pb,
          tgl_p3: detail.tgl_p3,
          alasan: detail.mst_alasan_p3?.nama ?? '-',
          tgl_bast: detail.tgl_bast,
        },
      ]
    : [];
  const get = async (no: string) => {
    setBusy(true);
    try {
      await download(`/api/karyawan/pb/${encodeURIComponent(downloadId(no))}/download`, `${downloadId(no)}.pdf`);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const columns: Column<PbRow>[] = [
    { key: 'no', header: 'No. PB', cell: (r) => r.no_pb },
    { key: 'tgl', header: 'Tanggal Resign', cell: (r) => tanggal(r.tgl_p3) },
    { key: 'alasan', header: 'Alasan', cell: (r) => r.alasan },
    { key: 'bast', header: 'Tanggal BAST', cell: (r) => tanggal(r.tgl_bast) },
    {
      key: 'doc',
      header: 'Dokumen',
      align: 'end',
      cell: (r) => (
        <Button size="xs" variant="outline" loading={busy} onClick={() => void get(r.no_pb)}>
          Download
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Riwayat Request Perubahan Data
        </Heading>
        <EmployeeRequestHistory nrp={detail.nrp} />
      </Stack>
      {pb.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {KARYAWAN_TEXTS.pbTitle}
          </Heading>
          <DataTable caption={KARYAWAN_TEXTS.pbTitle} columns={columns} rows={pb} rowKey={(r) => r.no_pb} />
        </Stack>
      )}
    </Stack>
  );
}
