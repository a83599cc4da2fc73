import { Button, Card, Heading, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UploadLogTable } from '../../../../components/upload/upload-log-table';
import { outcomeOf, UploadScreen, type UploadOutcome } from '../../../../components/upload/upload-screen';
import type { UploadProgress } from '../../../../components/upload/upload-request';
import { ABSENSI_UPLOAD_MESSAGES } from '../../../../domain/absensi/absensi-admin';
import type { MasterResource } from '../../../../domain/master/master';
import { lookupQuery, periodLookupQuery } from '../../../../lib/lookups';
import { notifyError } from '../../../../lib/toast';
import {
  absensiUploadLogDetailQuery,
  absensiUploadLogQuery,
  downloadAbsensiTemplate,
  downloadRefusedRows,
  uploadAbsensi,
  type AbsensiTemplateFilter,
} from '../api';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';
import { pathOf } from '../../../../domain/contract';
import { absensiUploadHistory } from '../../../../domain/absensi/contracts';

/** The upload history's list; a refused row's .xlsx is under it (the table's download links). */
const LOG_PATH = pathOf(absensiUploadHistory.list);

function UploadHistory() {
  return (
    <UploadLogTable
      title={T.historyTitle}
      list={absensiUploadLogQuery}
      detail={absensiUploadLogDetailQuery}
      logPath={LOG_PATH}
    />
  );
}

const CODE_FILTERS: {
  key: Exclude<keyof AbsensiTemplateFilter, 'period' | 'rows'>;
  label: string;
  resource: MasterResource;
}[] = [
  { key: 'client', label: 'Client', resource: 'client' },
  { key: 'lokasi', label: 'Lokasi', resource: 'lokasi' },
  { key: 'type', label: 'Type', resource: 'karyawan-type' },
  { key: 'divisi', label: 'Divisi', resource: 'divisi' },
  { key: 'jabatan', label: 'Jabatan', resource: 'jabatan' },
  { key: 'keyAccount', label: 'Key Account', resource: 'key-account' },
  { key: 'salesOffice', label: 'Sales Office', resource: 'sales-office' },
];

const EMPTY: AbsensiTemplateFilter = {
  period: '',
  rows: 'day',
  client: [],
  lokasi: [],
  type: [],
  divisi: [],
  jabatan: [],
  keyAccount: [],
  salesOffice: [],
};

function CodeChoice({
  label,
  resource,
  value,
  onChange,
}: {
  label: string;
  resource: MasterResource;
  value: string;
  onChange: (v: string) => void;
}) {
  const rows = useQuery(lookupQuery(resource));
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} bg="bg">
        <option value="">{`${label}: semua`}</option>
        {(rows.data ?? []).map((o) => {
          const row = o as { id: string; nama?: string; type?: string };
          const name = row.nama ?? row.type;
          return (
            <option key={row.id} value={row.id}>
              {name ? `${row.id} - ${name}` : row.id}
            </option>
          );
        })}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Tab Upload & Download's filter panel: Filter downloads the period's template for the chosen employees. */
function TemplateFilter() {
  const periods = useQuery(periodLookupQuery());
  const [filter, setFilter] = useState<AbsensiTemplateFilter>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'template' | 'refused' | null>(null);
  const run = async (what: 'template' | 'refused') => {
    if (what === 'template' && !filter.period) {
      setError(ABSENSI_UPLOAD_MESSAGES.periodRequired);
      return;
    }
    setBusy(what);
    try {
      await (what === 'template' ? downloadAbsensiTemplate(filter) : downloadRefusedRows());
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="3">
          <Stack gap="1">
            <Heading as="h3" size="sm">
              {T.template.title}
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {T.template.hint}
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
            <Stack gap="1">
              <NativeSelect.Root size="sm" invalid={!!error}>
                <NativeSelect.Field
                  value={filter.period}
                  aria-label={T.template.period}
                  bg="bg"
                  onChange={(e) => {
                    setFilter((f) => ({ ...f, period: e.target.value }));
                    setError(null);
                  }}
                >
                  <option value="">{`${T.template.period}…`}</option>
                  {(periods.data ?? []).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.id} ({p.mulai} – {p.akhir})
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {error && (
                <Text textStyle="xs" color="fg.error" role="alert">
                  {error}
                </Text>
              )}
            </Stack>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={filter.rows}
                aria-label={T.template.rows}
                bg="bg"
                onChange={(e) => setFilter((f) => ({ ...f, rows: e.target.value as AbsensiTemplateFilter['rows'] }))}
              >
                <option value="day">{T.template.rowsDay}</option>
                <option value="employee">{T.template.rowsEmployee}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {CODE_FILTERS.map((c) => (
              <CodeChoice
                key={c.key}
                label={c.label}
                resource={c.resource}
                value={filter[c.key][0] ?? ''}
                onChange={(code) => setFilter((f) => ({ ...f, [c.key]: code ? [code] : [] }))}
              />
            ))}
          </SimpleGrid>
          <HStack justify="flex-end" gap="2" flexWrap="wrap">
            <Button variant="ghost" size="sm" onClick={() => void run('refused')} loading={busy === 'refused'}>
              {T.template.refused}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setFilter(EMPTY)} disabled={busy !== null}>
              {T.clear}
            </Button>
            <Button size="sm" onClick={() => void run('template')} loading={busy === 'template'}>
              {T.filter}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** /absensi/upload (spec part 2 §2.7): the template filter, the drop zone, and Log Upload Absensi. */
export function AbsensiUploadPage({ onCancel }: { onCancel: () => void }) {
  const qc = useQueryClient();
  const mutation = useMutation(uploadAbsensi(qc));
  const upload = async (file: File, onProgress: (p: UploadProgress) => void): Promise<UploadOutcome> => {
    const answer = await mutation.mutateAsync({ file, onProgress });
    const missing = answer.result.missing_nrp;
    return {
      ...outcomeOf(answer),
      note: missing.length ? `${T.missingLabel}: ${missing.slice(0, 20).join(', ')}` : undefined,
    };
  };
  return (
    <UploadScreen
      title={T.uploadTitle}
      download={<TemplateFilter />}
      history={<UploadHistory />}
      upload={upload}
      logPath={LOG_PATH}
      onCancel={onCancel}
    />
  );
}
