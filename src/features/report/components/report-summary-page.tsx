import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../../components/data-table';
import { hoursText, type ReportSummaryRow } from '../../../domain/report/report-absensi';
import { reportSummaryQuery } from '../api';
import { Employee, dayText } from './report-format';
import { ReportShell, ReportTable, type ReportPageProps } from './report-shell';

const n = (key: keyof ReportSummaryRow, header: string): Column<ReportSummaryRow> => ({
  key,
  header,
  align: 'end',
  cell: (r) => String(r[key] ?? 0),
});

const columns: Column<ReportSummaryRow>[] = [
  {
    key: 'karyawan',
    header: 'Karyawan',
    cell: (r) => (
      <>
        <Employee row={r} />
        {r.tgl_p3 && (
          <Text textStyle="xs" color="fg.warning">
            Keluar {dayText(r.tgl_p3)}
          </Text>
        )}
      </>
    ),
  },
  n('jum_hk', 'HK'),
  n('count_attend', 'Hadir'),
  n('count_late', 'Terlambat'),
  n('count_early', 'Pulang Cepat'),
  n('count_sakit', 'Sakit'),
  n('count_cuti', 'Cuti'),
  n('count_izin', 'Izin'),
  n('count_alpa', 'Alpa'),
  n('count_off', 'OFF'),
  { key: 'jam', header: 'Jam Kerja', align: 'end', cell: (r) => hoursText(r.worked_minutes) },
  n('count_gapok', 'Gapok'),
  n('count_tun_makan', 'Makan'),
  n('count_tun_bensin', 'Bensin'),
  n('count_uang_shift', 'Uang Shift'),
];

/** /report/absensi/rekap: Rekap Absensi, one row per employee over the period (spec §2.8). */
export function ReportSummaryPage(props: ReportPageProps) {
  const { search, onSearch } = props;
  const report = useQuery({ ...reportSummaryQuery(search), enabled: !!search.period });
  return (
    <ReportShell title="Rekap Absensi" kind="absensi-summary" {...props}>
      <ReportTable
        caption="Rekap Absensi"
        columns={columns}
        rowKey={(r) => r.nrp}
        report={report}
        search={search}
        onSearch={onSearch}
      />
    </ReportShell>
  );
}
