import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { type KaryawanDetail, type KontrakRow } from '../../../domain/karyawan/karyawan';
import { downloadId } from '../../../domain/karyawan/karyawan-lifecycle';
import { tanggal } from '../../../lib/format';
import { notifyError } from '../../../lib/toast';
import { download } from '../api';
import { KARYAWAN_TEXTS } from '../texts';
import { RenewDialog } from './renew-dialog';

/** The Kontrak tab's history (oldest first; the fields above edit the latest row) and the renewal. */
export function KontrakHistory({ detail, canRenew }: { detail: KaryawanDetail; canRenew: boolean }) {
  const [renewing, setRenewing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const rows = detail.kontrak ?? [];
  const latest = rows[rows.length - 1];

  const get = async (no: string) => {
    setBusy(no);
    try {
      await download(`/api/karyawan/kontrak/${encodeURIComponent(downloadId(no))}/download`, `${downloadId(no)}.pdf`);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<KontrakRow>[] = [
    { key: 'per', header: 'Ke-', cell: (c) => c.per_kontrak, width: '16' },
    { key: 'no', header: 'No. Kontrak', cell: (c) => c.no_kontrak },
    { key: 'lama', header: 'Lama', cell: (c) => `${c.lama_kontrak} bulan` },
    { key: 'mulai', header: 'Mulai', cell: (c) => tanggal(c.mulai_kontrak) },
    { key: 'selesai', header: 'Selesai', cell: (c) => tanggal(c.selesai_kontrak) },
    { key: 'sts', header: 'Status', cell: (c) => c.sts_kontrak },
    {
      key: 'doc',
      header: 'Dokumen',
      align: 'end',
      cell: (c) => (
        <Button
          size="xs"
          variant="outline"
          loading={busy === c.no_kontrak}
          onClick={() => void get(c.no_kontrak)}
          aria-label={`Download kontrak ${c.no_kontrak}`}
        >
          Download
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="3">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h3" size="sm">
          Riwayat Kontrak
        </Heading>
        {canRenew && latest && (
          <Button size="sm" onClick={() => setRenewing(true)}>
            {KARYAWAN_TEXTS.renewTitle}
          </Button>
        )}
      </HStack>
      <DataTable caption="Riwayat kontrak" columns={columns} rows={rows} rowKey={(c) => c.no_kontrak} />
      {latest && (
        <RenewDialog
          key={detail.per_kontrak}
          open={renewing}
          onClose={() => setRenewing(false)}
          nrp={detail.nrp}
          nama={detail.nama}
          current={{
            per_kontrak: detail.per_kontrak,
            lama_kontrak: detail.lama_kontrak,
            selesai_kontrak: detail.selesai_kontrak ?? latest.selesai_kontrak,
          }}
        />
      )}
    </Stack>
  );
}
