import { Stack, Text } from '@chakra-ui/react';
import { DataTable } from '../../../components/data-table';
import type { KontrakRow } from '../../../domain/karyawan/karyawan';
import { tanggal } from '../../../lib/format';

/** The own profile's contract history (the Kontrak tab), loaded when that tab opens. */
export function KontrakHistory({ rows }: { rows: KontrakRow[] }) {
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">Riwayat Kontrak</Text>
      <DataTable
        caption="Riwayat kontrak"
        rows={rows}
        rowKey={(r) => r.no_kontrak}
        columns={[
          { key: 'ke', header: 'Ke-', cell: (r) => r.per_kontrak },
          {
            key: 'no',
            header: 'No. Kontrak',
            cell: (r) => (
              <Stack gap="0">
                <Text>{r.no_kontrak}</Text>
                <Text textStyle="xs" color="fg.muted">
                  {r.lama_kontrak} bulan
                </Text>
              </Stack>
            ),
          },
          {
            key: 'periode',
            header: 'Periode',
            cell: (r) => (
              <Text whiteSpace="nowrap">
                {tanggal(r.mulai_kontrak)} –<br />
                {tanggal(r.selesai_kontrak)}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}
