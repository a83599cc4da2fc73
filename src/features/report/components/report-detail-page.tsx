import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../../components/data-table';
import { sumberText } from '../../../domain/absensi/day-count';
import { FORGOT_CHECKOUT_LABEL } from '../../../domain/absensi/forgot-checkout';
import { hoursText, REPORT_MESSAGES, type ReportDetailRow } from '../../../domain/report/report-absensi';
import { reportDetailQuery } from '../api';
import { ReportShell, ReportTable, type ReportPageProps } from './report-shell';
import { Employee, dayText, timeText } from './report-format';

const columns: Column<ReportDetailRow>[] = [
  { key: 'karyawan', header: 'Karyawan', cell: (r) => <Employee row={r} /> },
  { key: 'tanggal', header: 'Tanggal', cell: (r) => <Text whiteSpace="nowrap">{dayText(r.tanggal)}</Text> },
  {
    key: 'shift',
    header: 'Shift',
    cell: (r) =>
      r.shift ? (
        <Text
          whiteSpace="nowrap"
          title={`Toleransi terlambat ${r.shift.toleransi_terlambat} menit, pulang cepat ${r.shift.toleransi_pulang_cepat} menit`}
        >
          {r.shift.nama} ({r.shift.jam_mulai.slice(0, 5)}–{r.shift.jam_selesai.slice(0, 5)})
        </Text>
      ) : (
        '-'
      ),
  },
  { key: 'masuk', header: 'Jam Masuk', cell: (r) => <Text whiteSpace="nowrap">{timeText(r.jam_masuk, r.zona)}</Text> },
  {
    key: 'keluar',
    header: 'Jam Keluar',
    cell: (r) => <Text whiteSpace="nowrap">{timeText(r.jam_keluar, r.zona)}</Text>,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <HStack gap="1" flexWrap="wrap">
        <Badge colorPalette={r.status.id === 'H' ? 'green' : r.status.id === 'A' ? 'red' : 'gray'}>
          {r.status.nama}
        </Badge>
        {r.terlambat && <Badge colorPalette="orange">Terlambat</Badge>}
        {r.pulang_cepat && <Badge colorPalette="orange">Pulang cepat</Badge>}
        {r.lupa_check_out && <Badge colorPalette="red">{FORGOT_CHECKOUT_LABEL}</Badge>}
      </HStack>
    ),
  },
  {
    key: 'jam',
    header: 'Jam Kerja',
    align: 'end',
    cell: (r) => (r.jam_kerja_menit ? hoursText(r.jam_kerja_menit) : '-'),
  },
  // Where the day's values come from, in the words the export writes too.
  { key: 'sumber', header: 'Sumber', cell: (r) => sumberText(r.sumber) },
  {
    key: 'tinjau',
    header: 'Tinjauan',
    cell: (r) => (r.tinjau === 'tolak' ? 'Ditolak peninjau' : r.tinjau === 'terima' ? 'Diterima peninjau' : '-'),
  },
];

/** /report/absensi/detail: Laporan Absensi, one row per attendance day (spec §2.8). */
export function ReportDetailPage(props: ReportPageProps) {
  const { search, onSearch } = props;
  const report = useQuery({ ...reportDetailQuery(search), enabled: !!search.period });
  return (
    <ReportShell title="Laporan Absensi" kind="absensi-detail" {...props}>
      <Box>
        {report.data?.totalCapped && (
          <Text mb="2" textStyle="sm" color="fg.warning" role="status">
            {REPORT_MESSAGES.beyondCap}
          </Text>
        )}
        <ReportTable
          caption="Laporan Absensi"
          columns={columns}
          rowKey={(r) => `${r.nrp}|${r.tanggal}`}
          report={report}
          search={search}
          onSearch={onSearch}
        />
      </Box>
    </ReportShell>
  );
}
