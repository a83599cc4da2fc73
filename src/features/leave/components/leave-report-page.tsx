import { Box, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { DataTable, type Column } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { OnlineOnly } from '../../../components/online-only';
import { LeaveReportQuerySchema, type LeaveReportQuery } from '../../../domain/leave/leave';
import type { LeaveRow } from '../../../domain/leave/leave-answers';
import { LEAVE_MESSAGES } from '../../../domain/leave/leave-messages';
import { LEAVE_STATUS_VALUES, leaveStatusLabel } from '../../../domain/leave/leave-rules';
import type { MasterResource } from '../../../domain/master/master';
import { notifyError } from '../../../lib/toast';
import { lookupQuery, periodLookupQuery } from '../../../lib/lookups';
import { jenisCutiQuery, jenisLeaveQuery, leaveReportQuery } from '../api';
import { downloadFile } from '../download';
import { leaveWhen } from './format';
import { LeaveDetailDialog } from './leave-detail-dialog';
import { LeaveStatusBadge } from './leave-status-badge';
import { SelectField, type Option } from './select-field';

const BLANK: LeaveReportQuery = v.parse(LeaveReportQuerySchema, {});

type Filter = Omit<LeaveReportQuery, 'page' | 'per_page' | 'jenis_leave' | 'jenis_cuti'> & {
  jenis_leave: string;
  jenis_cuti: string;
};
const BLANK_FILTER: Filter = { ...BLANK, jenis_leave: '', jenis_cuti: '' };

function toQuery(f: Filter, page: number): LeaveReportQuery {
  return {
    ...f,
    page,
    per_page: 10,
    jenis_leave: f.jenis_leave ? Number(f.jenis_leave) : '',
    jenis_cuti: f.jenis_cuti ? Number(f.jenis_cuti) : '',
  };
}

const MASTER_FILTERS: { key: keyof Filter; label: string; resource: MasterResource; name: string }[] = [
  { key: 'client', label: 'Client', resource: 'client', name: 'nama' },
  { key: 'divisi', label: 'Divisi', resource: 'divisi', name: 'nama' },
  { key: 'jabatan', label: 'Jabatan', resource: 'jabatan', name: 'nama' },
  { key: 'key_account', label: 'Key Account', resource: 'key-account', name: 'nama' },
  { key: 'lokasi', label: 'Lokasi', resource: 'lokasi', name: 'nama' },
  { key: 'spg_type', label: 'Type Karyawan', resource: 'karyawan-type', name: 'type' },
  { key: 'sales_office', label: 'Sales Office', resource: 'sales-office', name: 'nama' },
];

function MasterSelect({
  resource,
  name,
  value,
  onChange,
}: {
  resource: MasterResource;
  name: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const rows = useQuery(lookupQuery(resource));
  const options: Option[] = ((rows.data ?? []) as unknown as Record<string, string>[]).map((r) => ({
    value: r.id ?? '',
    label: `${r.id} - ${r[name] ?? ''}`,
  }));
  return <SelectField value={value} placeholder="Semua" options={options} onChange={onChange} />;
}

/** /leave/laporan (spec §2.8, §3 "Report filter"): the period is required; online only. */
export function LeaveReportPage() {
  return (
    <OnlineOnly>
      <Report />
    </OnlineOnly>
  );
}

function Report() {
  const [draft, setDraft] = useState<Filter>(BLANK_FILTER);
  const [applied, setApplied] = useState<Filter | null>(null);
  const [page, setPage] = useState(1);
  const [periodError, setPeriodError] = useState<string | undefined>();
  const [detail, setDetail] = useState<LeaveRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const periods = useQuery(periodLookupQuery());
  const kinds = useQuery(jenisLeaveQuery());
  const cutis = useQuery(jenisCutiQuery());
  const report = useQuery({ ...leaveReportQuery(toQuery(applied ?? BLANK_FILTER, page)), enabled: !!applied?.period });

  const check = () => {
    if (!draft.period) {
      setPeriodError(LEAVE_MESSAGES.reportPeriodRequired);
      notifyError(new Error(LEAVE_MESSAGES.reportPeriodRequired));
      return false;
    }
    setPeriodError(undefined);
    return true;
  };
  const set = (key: keyof Filter) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const columns: Column<LeaveRow>[] = [
    { key: 'nomor', header: 'Nomor', cell: (r) => <Text whiteSpace="nowrap">{r.nomor}</Text> },
    {
      key: 'karyawan',
      header: 'Karyawan',
      cell: (r) => (
        <Box>
          <Text fontWeight="medium">{r.karyawan.nama}</Text>
          <Text textStyle="xs" color="fg.muted">
            {r.nrp} · {r.karyawan.lokasi.nama}
            {r.karyawan.client ? ` · ${r.karyawan.client.nama}` : ''}
          </Text>
        </Box>
      ),
    },
    {
      key: 'jenis',
      header: 'Jenis Leave',
      cell: (r) => (
        <Box>
          <Text>{r.jenis.jenis_leave}</Text>
          {r.cuti && (
            <Text textStyle="xs" color="fg.muted">
              {r.cuti.jenis_cuti}
            </Text>
          )}
        </Box>
      ),
    },
    { key: 'tanggal', header: 'Tanggal', cell: (r) => <Text whiteSpace="nowrap">{leaveWhen(r)}</Text> },
    { key: 'status', header: 'Status', cell: (r) => <LeaveStatusBadge status={r.status} /> },
    {
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (r) => (
        <Button size="xs" variant="outline" onClick={() => setDetail(r)}>
          Detail
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <Card.Root size="sm">
        <Card.Body>
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
              <FormField label="Period" required error={periodError ? { message: periodError } : undefined}>
                <SelectField
                  value={draft.period}
                  placeholder="Pilih period"
                  options={(periods.data ?? []).map((p) => ({ value: p.id, label: p.id }))}
                  onChange={set('period')}
                />
              </FormField>
              {MASTER_FILTERS.map((f) => (
                <FormField key={f.key} label={f.label}>
                  <MasterSelect
                    resource={f.resource}
                    name={f.name}
                    value={String(draft[f.key] ?? '')}
                    onChange={set(f.key)}
                  />
                </FormField>
              ))}
              <FormField label="Jenis Leave">
                <SelectField
                  value={draft.jenis_leave}
                  placeholder="Semua"
                  options={(kinds.data ?? []).map((k) => ({ value: String(k.id), label: k.jenis_leave }))}
                  onChange={set('jenis_leave')}
                />
              </FormField>
              <FormField label="Jenis Cuti">
                <SelectField
                  value={draft.jenis_cuti}
                  placeholder="Semua"
                  options={(cutis.data ?? []).map((c) => ({ value: String(c.jenis_cuti_id), label: c.jenis_cuti }))}
                  onChange={set('jenis_cuti')}
                />
              </FormField>
              <FormField label="Status">
                <SelectField
                  value={draft.status}
                  placeholder="Semua"
                  options={LEAVE_STATUS_VALUES.map((s) => ({ value: s, label: leaveStatusLabel(s) }))}
                  onChange={set('status')}
                />
              </FormField>
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
                  setApplied(null);
                  setPeriodError(undefined);
                }}
              >
                Clear
              </Button>
              <Button
                variant="outline"
                loading={downloading}
                onClick={() => {
                  if (!check()) return;
                  const { page: _p, per_page: _pp, ...q } = toQuery(draft, 1);
                  setDownloading(true);
                  downloadFile('/api/leave/report/download', `report-leave-${draft.period}.xlsx`, q)
                    .catch((err) => notifyError(err))
                    .finally(() => setDownloading(false));
                }}
              >
                Download
              </Button>
              <Button
                onClick={() => {
                  if (!check()) return;
                  setApplied(draft);
                  setPage(1);
                }}
              >
                Filter
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Heading as="h3" size="md">
        Report Leave
      </Heading>
      {applied ? (
        <DataTable
          caption="Report Leave"
          columns={columns}
          rows={report.data?.result}
          rowKey={(r) => String(r.leave_id)}
          loading={report.isFetching}
          error={report.error}
          paging={{ page, perPage: 10, total: report.data?.totalCount ?? 0, onPage: setPage }}
        />
      ) : (
        <Text color="fg.muted">Pilih period lalu tekan Filter.</Text>
      )}
      {detail && <LeaveDetailDialog row={detail} onClose={() => setDetail(null)} />}
    </Stack>
  );
}
