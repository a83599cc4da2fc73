import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { DataTable, type Column } from '../../../../components/data-table';
import type { AbsensiListQuery, AbsensiListRow } from '../../../../domain/absensi/absensi-list';
import { timeWithZone } from '../../../../domain/time-zone';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';
import { AbsensiFlags } from './absensi-flags';
import { tanggal as tanggalText } from '../../../../lib/format';

const C = T.columns;

function Visits({ row }: { row: AbsensiListRow }) {
  if (row.details.length === 0) return <Text color="fg.muted">-</Text>;
  return (
    <Stack gap="1" minW="48">
      {row.details.map((d, i) => (
        <Text key={`${d.customer.cust_code}-${i}`} textStyle="xs">
          <Text as="span" fontWeight="medium">
            {d.customer.cust_name}
          </Text>{' '}
          {timeWithZone(d.in_jam, row.time_zone)}–{timeWithZone(d.out_jam, row.time_zone)}
          {d.in_desc || d.out_desc ? ` · ${[d.in_desc, d.out_desc].filter(Boolean).join(' / ')}` : ''}
          {d.ditolak ? ` · ${T.visitRejected}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

interface Props {
  search: AbsensiListQuery;
  onSearch: (change: Partial<AbsensiListQuery>) => void;
  rows: AbsensiListRow[] | undefined;
  total: number;
  loading: boolean;
  error: unknown;
  onDetail: (row: AbsensiListRow) => void;
  /** The manual list's delete (absensi.delete). */
  onDelete?: (row: AbsensiListRow) => void;
  caption: string;
}

/** The attendance rows (spec part 2 §3 "Attendance record"): times with the employee's zone, e.g. 07:30 WITA. */
export function AbsensiTable({ search, onSearch, rows, total, loading, error, onDetail, onDelete, caption }: Props) {
  const columns: Column<AbsensiListRow>[] = [
    {
      key: 'karyawan',
      header: C.nama,
      cell: (r) => (
        <Stack gap="0">
          <Text fontWeight="medium">{r.karyawan.nama}</Text>
          <Text textStyle="xs" color="fg.muted">
            {r.nrp} · {r.lokasi.nama}
          </Text>
        </Stack>
      ),
    },
    { key: 'tahun', header: C.tahun, cell: (r) => r.tahun },
    { key: 'bulan', header: C.bulan, cell: (r) => r.bulan },
    { key: 'tanggal', header: C.tanggal, cell: (r) => <Text whiteSpace="nowrap">{tanggalText(r.tanggal)}</Text> },
    {
      key: 'masuk',
      header: C.jam_masuk,
      cell: (r) => <Text whiteSpace="nowrap">{timeWithZone(r.jam_masuk, r.time_zone)}</Text>,
    },
    {
      key: 'keluar',
      header: C.jam_keluar,
      cell: (r) => <Text whiteSpace="nowrap">{timeWithZone(r.jam_keluar, r.time_zone)}</Text>,
    },
    {
      key: 'status',
      header: C.status,
      cell: (r) => (
        <Text whiteSpace="nowrap">
          {r.statusAbsensi.nama} · {T.sumber[r.sumber] ?? r.sumber}
        </Text>
      ),
    },
    { key: 'kunjungan', header: C.kunjungan, cell: (r) => <Visits row={r} /> },
    { key: 'tanda', header: C.tanda, cell: (r) => <AbsensiFlags row={r} /> },
    {
      key: 'aksi',
      header: C.aksi,
      cell: (r) => (
        <HStack gap="2">
          <Button
            size="xs"
            variant="outline"
            onClick={() => onDetail(r)}
            aria-label={`${T.detail} ${r.nrp} ${r.tanggal}`}
          >
            {T.detail}
          </Button>
          {onDelete && r.sumber !== 'S' && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => onDelete(r)}
              aria-label={`${T.delete} ${r.nrp} ${r.tanggal}`}
            >
              {T.delete}
            </Button>
          )}
        </HStack>
      ),
    },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.nrp}|${r.tanggal}`}
      loading={loading}
      error={error}
      paging={{ page: search.page, perPage: search.per_page, total, onPage: (page) => onSearch({ page }) }}
    />
  );
}
