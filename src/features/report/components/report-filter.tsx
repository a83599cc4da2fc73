import { Button, Card, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { FilterSelect } from '../../../components/filter-select';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import type { MasterResource } from '../../../domain/master/master';
import { REPORT_MESSAGES, type ReportAbsensiFilter } from '../../../domain/report/report-absensi';
import { lookupQuery, periodLookupQuery } from '../../../lib/lookups';
import { notifyError } from '../../../lib/toast';
import { downloadReport, type ReportKind } from '../api';
import { BLANK_FILTER } from '../search';

const MASTER_FILTERS: { key: keyof ReportAbsensiFilter; label: string; resource: MasterResource; name: string }[] = [
  { key: 'client', label: 'Client', resource: 'client', name: 'nama' },
  { key: 'divisi', label: 'Divisi', resource: 'divisi', name: 'nama' },
  { key: 'jabatan', label: 'Jabatan', resource: 'jabatan', name: 'nama' },
  { key: 'key_account', label: 'Key Account', resource: 'key-account', name: 'nama' },
  { key: 'lokasi', label: 'Lokasi', resource: 'lokasi', name: 'nama' },
  { key: 'spg_type', label: 'Type Karyawan', resource: 'karyawan-type', name: 'type' },
];

function MasterSelect({
  f,
  value,
  onChange,
}: {
  f: (typeof MASTER_FILTERS)[number];
  value: string;
  onChange: (v: string) => void;
}) {
  const rows = useQuery(lookupQuery(f.resource));
  const options = ((rows.data ?? []) as unknown as Record<string, string>[]).map((r) => ({
    value: r.id ?? '',
    label: `${r.id} - ${r[f.name] ?? ''}`,
  }));
  return <FilterSelect label={f.label} value={value} options={options} placeholder="Semua" onChange={onChange} />;
}

/**
 * The report filter of spec §3 (period mandatory: "Mohon pilih Period") with Filter, Download and Clear.
 * Filter applies it to the page's address; Download fetches the report's .xlsx of the same filter.
 */
export function ReportFilterPanel({
  kind,
  applied,
  onApply,
}: {
  kind: ReportKind;
  applied: ReportAbsensiFilter;
  onApply: (filter: ReportAbsensiFilter) => void;
}) {
  const [draft, setDraft] = useState<ReportAbsensiFilter>(applied);
  const [periodError, setPeriodError] = useState<string | undefined>();
  const [downloading, setDownloading] = useState(false);
  const periods = useQuery(periodLookupQuery());
  const set = (key: keyof ReportAbsensiFilter) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const check = () => {
    if (!draft.period) {
      setPeriodError(REPORT_MESSAGES.periodRequired);
      notifyError(new Error(REPORT_MESSAGES.periodRequired));
      return false;
    }
    setPeriodError(undefined);
    return true;
  };

  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            <FormField label="Period" required error={periodError ? { message: periodError } : undefined}>
              <FilterSelect
                label="Period"
                value={draft.period}
                placeholder="Pilih period"
                options={(periods.data ?? []).map((p) => ({ value: p.id, label: p.id }))}
                onChange={set('period')}
              />
            </FormField>
            {MASTER_FILTERS.map((f) => (
              <FormField key={f.key} label={f.label}>
                <MasterSelect f={f} value={draft[f.key]} onChange={set(f.key)} />
              </FormField>
            ))}
            <FormField label="Karyawan">
              <Input
                placeholder="NRP atau nama"
                value={draft.karyawan}
                onChange={(e) => set('karyawan')(e.target.value)}
              />
            </FormField>
          </SimpleGrid>
          <HStack justify="flex-end" gap="2" flexWrap="wrap">
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(BLANK_FILTER);
                setPeriodError(undefined);
                onApply(BLANK_FILTER);
              }}
            >
              Clear
            </Button>
            <Button
              variant="outline"
              loading={downloading}
              onClick={() => {
                if (!check()) return;
                setDownloading(true);
                downloadReport(kind, draft)
                  .catch((err: unknown) => notifyError(err))
                  .finally(() => setDownloading(false));
              }}
            >
              Download
            </Button>
            <Button
              onClick={() => {
                if (check()) onApply(draft);
              }}
            >
              Filter
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
