import { Box, Grid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../../components/data-table';
import type { ReportDailyRow } from '../../../domain/report/report-absensi';
import { reportDailyQuery } from '../api';
import { Employee } from './report-format';
import { ReportShell, ReportTable, type ReportPageProps } from './report-shell';

const COLOR: Record<string, string> = {
  H: 'green.subtle',
  A: 'red.subtle',
  S: 'blue.subtle',
  C: 'purple.subtle',
  I: 'yellow.subtle',
  OFF: 'gray.muted',
};

/** The period's days as a strip of small cells: the day of the month over the status code. */
function Days({ dates, days }: { dates: string[]; days: (string | null)[] }) {
  return (
    <Grid templateColumns="repeat(auto-fill, minmax(2.1rem, 1fr))" gap="1" minW={{ base: 'auto', lg: '40rem' }}>
      {dates.map((d, i) => {
        const code = days[i] ?? null;
        return (
          <Box
            key={d}
            textAlign="center"
            rounded="sm"
            borderWidth="1px"
            bg={code ? (COLOR[code] ?? 'gray.subtle') : undefined}
            title={`${d}: ${code ?? 'tidak ada data'}`}
          >
            <Text textStyle="2xs" color="fg.muted" lineHeight="1.2">
              {d.slice(8, 10)}
            </Text>
            <Text textStyle="xs" fontWeight="medium" lineHeight="1.3">
              {code ?? '·'}
            </Text>
          </Box>
        );
      })}
    </Grid>
  );
}

/** /report/absensi/rekap-harian?period=: Rekap Absensi Harian, one status code per day (spec §2.8). */
export function ReportDailyPage(props: ReportPageProps) {
  const { search, onSearch } = props;
  const report = useQuery({ ...reportDailyQuery(search), enabled: !!search.period });
  const dates = report.data?.dates ?? [];
  const columns: Column<ReportDailyRow>[] = [
    { key: 'karyawan', header: 'Karyawan', cell: (r) => <Employee row={r} /> },
    { key: 'hari', header: 'Status per hari', cell: (r) => <Days dates={dates} days={r.days} /> },
    { key: 'hadir', header: 'Hadir', align: 'end', cell: (r) => String(r.count_attend) },
    { key: 'sakit', header: 'Sakit', align: 'end', cell: (r) => String(r.count_sakit) },
    { key: 'cuti', header: 'Cuti', align: 'end', cell: (r) => String(r.count_cuti) },
    { key: 'izin', header: 'Izin', align: 'end', cell: (r) => String(r.count_izin) },
    { key: 'alpa', header: 'Alpa', align: 'end', cell: (r) => String(r.count_alpa) },
    { key: 'off', header: 'OFF', align: 'end', cell: (r) => String(r.count_off) },
  ];
  return (
    <ReportShell title="Rekap Absensi Harian" kind="absensi-summary-daily" {...props}>
      <ReportTable
        caption="Rekap Absensi Harian"
        columns={columns}
        rowKey={(r) => r.nrp}
        report={report}
        search={search}
        onSearch={onSearch}
      />
    </ReportShell>
  );
}
