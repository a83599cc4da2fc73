import { Button, Field, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { DASHBOARD_TEXTS } from '../../../domain/dashboard/dashboard';
import { notifyError } from '../../../lib/toast';
import { exportActivity, kunjunganSummaryQuery } from '../api';
import { DASHBOARD_UI as T } from '../texts';
import { ActivityList } from './activity-list';
import { AttentionList } from './attention-list';
import { KontrakTab } from './kontrak-tab';
import { LokasiTable } from './lokasi-table';
import { PositionsSection } from './positions-section';
import { DateFilterInput } from '../../../components/date-filter-input';

/** The live clock: its own state, so the page does not re-render every second. */
function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <Text fontVariantNumeric="tabular-nums" fontWeight="medium" aria-label="Jam" data-testid="clock">
      {dayjs(now).format('dddd, DD MMM YYYY HH:mm:ss')}
    </Text>
  );
}

/** The current minute, for ages and staleness. */
function useMinute(): number {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  useEffect(() => {
    const t = setInterval(() => setMinute(Math.floor(Date.now() / 60_000) * 60_000), 15_000);
    return () => clearInterval(t);
  }, []);
  return minute;
}

/** Spec part 1 §2 Dashboard: date, clock, Rekap Absensi / Rekap Kontrak, the attention list and the map. */
export function DashboardPage() {
  const [date, setDate] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [lokasiId, setLokasiId] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ id: string; seq: number } | null>(null);
  const [exporting, setExporting] = useState(false);
  const minute = useMinute();
  const summary = useQuery(kunjunganSummaryQuery(date));

  const runExport = async () => {
    setExporting(true);
    try {
      await exportActivity(date);
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="5">
      <PageHeader
        title={T.title}
        actions={
          <HStack gap="4" flexWrap="wrap">
            <Field.Root w="auto">
              <HStack gap="2">
                <Field.Label mb="0">{T.tanggal}</Field.Label>
                <DateFilterInput label={T.tanggal} bg="bg" value={date} onChange={(d) => d && setDate(d)} />
              </HStack>
            </Field.Root>
            <Clock />
          </HStack>
        }
      />
      <Tabs.Root defaultValue="absensi" variant="line" colorPalette="green" lazyMount>
        <Tabs.List bg="bg" roundedTop="md" borderWidth="1px" borderBottomWidth="0" px="2">
          <Tabs.Trigger value="absensi">{DASHBOARD_TEXTS.rekapAbsensi}</Tabs.Trigger>
          <Tabs.Trigger value="kontrak">{DASHBOARD_TEXTS.rekapKontrak}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="absensi" pt="4">
          <Stack gap="4">
            <Button
              alignSelf="start"
              size="sm"
              colorPalette="green"
              onClick={() => void runExport()}
              loading={exporting}
            >
              {DASHBOARD_TEXTS.exportExcel}
            </Button>
            <LokasiTable rows={summary.data} error={summary.error} selected={lokasiId} onSelect={setLokasiId} />
            {lokasiId ? (
              <ActivityList
                key={`${lokasiId}-${date}`}
                date={date}
                lokasiId={lokasiId}
                now={new Date(minute)}
                onFocus={(nrp) => setFocus((f) => ({ id: nrp, seq: (f?.seq ?? 0) + 1 }))}
              />
            ) : (
              <Text color="fg.muted" textAlign="center" py="4">
                {DASHBOARD_TEXTS.pilihLokasi}
              </Text>
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="kontrak" pt="4">
          <KontrakTab date={date} />
        </Tabs.Content>
      </Tabs.Root>
      <Stack gap="2">
        <Text fontWeight="semibold">{T.perhatian}</Text>
        <AttentionList date={date} />
      </Stack>
      <PositionsSection date={date} minute={minute} focus={focus} />
    </Stack>
  );
}
