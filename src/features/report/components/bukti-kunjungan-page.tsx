import { Box, Button, Card, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FilterSelect } from '../../../components/filter-select';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { OnlineOnly } from '../../../components/online-only';
import { PageHeader } from '../../../components/page-header';
import { useMediaQuery } from '../../../components/use-media-query';
import {
  BUKTI_KUNJUNGAN_TITLE,
  BUKTI_LABEL as L,
  BUKTI_MESSAGES as M,
  buktiTotals,
  complianceText,
  periodText,
  type BuktiKunjunganRow,
  type BuktiKunjunganSearch,
} from '../../../domain/report/bukti-kunjungan';
import { lookupQuery, periodLookupQuery } from '../../../lib/lookups';
import { notifyError } from '../../../lib/toast';
import { buktiKunjunganQuery, downloadBukti } from '../api';

/** Rows shown per page of the table (the answer holds every row; the page is kept on the screen only). */
const PAGE_SIZE = 50;
/** Where DataTable turns rows into cards (its NARROW): the counts then share one line of the card. */
const NARROW = '(max-width: 63.99em)';

function Compliance({ value }: { value: number }) {
  return (
    <Stack gap="1" minW="5.5rem" align={{ base: 'flex-start', lg: 'flex-end' }}>
      <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
        {complianceText(value)}
      </Text>
      <Progress.Root value={Math.min(100, value)} max={100} size="xs" width="5rem" colorPalette="green" aria-hidden>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

const count = (key: 'planned' | 'visited' | 'verified' | 'rejected' | 'open'): Column<BuktiKunjunganRow> => ({
  key,
  header: L[key],
  align: 'end',
  cell: (r) => (
    <Text as="span" fontVariantNumeric="tabular-nums" color={r[key] === 0 ? 'fg.muted' : undefined}>
      {r[key]}
    </Text>
  ),
});

const columns: Column<BuktiKunjunganRow>[] = [
  {
    key: 'store',
    header: L.store,
    cell: (r) => (
      <Box>
        <Text fontWeight="medium">{r.store}</Text>
        <Text textStyle="xs" color="fg.muted">
          {r.cust_code}
        </Text>
      </Box>
    ),
  },
  {
    key: 'spg',
    header: 'SPG',
    cell: (r) => (
      <Box>
        <Text>{r.nama}</Text>
        <Text textStyle="xs" color="fg.muted">
          {r.nrp}
        </Text>
      </Box>
    ),
  },
  count('planned'),
  count('visited'),
  count('verified'),
  count('rejected'),
  count('open'),
  { key: 'compliance', header: L.compliance, align: 'end', cell: (r) => <Compliance value={r.compliance} /> },
];

/** A row's card on a narrow screen: the store and SPG as its title, the counts on one line, the compliance. */
const cardColumns: Column<BuktiKunjunganRow>[] = [
  {
    key: 'store',
    header: L.store,
    cell: (r) => (
      <Box>
        <Text fontWeight="medium">
          {r.store}{' '}
          <Text as="span" textStyle="xs" color="fg.muted" fontWeight="normal">
            {r.cust_code}
          </Text>
        </Text>
        <Text textStyle="sm">
          {r.nama}{' '}
          <Text as="span" textStyle="xs" color="fg.muted">
            {r.nrp}
          </Text>
        </Text>
      </Box>
    ),
  },
  {
    key: 'kunjungan',
    header: 'Kunjungan',
    cell: (r) => (
      <Text fontVariantNumeric="tabular-nums">
        {r.visited}/{r.planned} dikunjungi · {r.verified} terverifikasi
        {r.rejected > 0 && ` · ${r.rejected} ditolak`}
        {r.open > 0 && ` · ${r.open} perlu ditinjau`}
      </Text>
    ),
  },
  { key: 'compliance', header: L.compliance, cell: (r) => <Compliance value={r.compliance} /> },
];

function Totals({ rows }: { rows: BuktiKunjunganRow[] }) {
  const t = buktiTotals(rows);
  const items: { label: string; value: string; tone?: string }[] = [
    { label: L.planned, value: String(t.planned) },
    { label: L.visited, value: String(t.visited) },
    { label: L.verified, value: String(t.verified), tone: t.verified ? 'fg.success' : undefined },
    { label: L.rejected, value: String(t.rejected), tone: t.rejected ? 'fg.error' : undefined },
    { label: L.open, value: String(t.open), tone: t.open ? 'fg.warning' : undefined },
    { label: L.compliance, value: complianceText(t.compliance) },
  ];
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 2, sm: 3, xl: 6 }} gap="3" role="group" aria-label="Ringkasan">
        {items.map((i) => (
          <Card.Root key={i.label} size="sm">
            <Card.Body gap="1">
              <Text textStyle="xs" color="fg.muted">
                {i.label}
              </Text>
              <Text textStyle="2xl" fontWeight="semibold" color={i.tone} fontVariantNumeric="tabular-nums">
                {i.value}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Text textStyle="xs" color="fg.muted">
        {t.stores} store, {t.spg} SPG. Dikunjungi: check in tercatat dan tidak ditolak. Terverifikasi: check in
        ditandatangani passkey perangkat, tidak ditolak dan tidak menunggu tinjauan. Kepatuhan = Dikunjungi / Rencana.
      </Text>
    </Stack>
  );
}

/** The filter (period and client, both required), Tampilkan and the two downloads. */
function Filter({ applied, onApply }: { applied: BuktiKunjunganSearch; onApply: (s: BuktiKunjunganSearch) => void }) {
  const [draft, setDraft] = useState<BuktiKunjunganSearch>(applied);
  const [errors, setErrors] = useState<{ period?: string; client_id?: string }>({});
  const [downloading, setDownloading] = useState<'xlsx' | 'pdf' | null>(null);
  const periods = useQuery(periodLookupQuery());
  const clients = useQuery(lookupQuery('client'));

  const check = () => {
    const next = {
      period: draft.period ? undefined : M.periodRequired,
      client_id: draft.client_id ? undefined : M.clientRequired,
    };
    setErrors(next);
    return !next.period && !next.client_id;
  };
  const download = (format: 'xlsx' | 'pdf') => {
    if (!check()) return;
    setDownloading(format);
    downloadBukti(format, draft)
      .catch((err: unknown) => notifyError(err))
      .finally(() => setDownloading(null));
  };

  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
            <FormField label="Period" required error={errors.period ? { message: errors.period } : undefined}>
              <FilterSelect
                label="Period"
                value={draft.period}
                placeholder="Pilih period"
                options={(periods.data ?? []).map((p) => ({ value: p.id, label: periodText(p) }))}
                onChange={(period) => setDraft((d) => ({ ...d, period }))}
              />
            </FormField>
            <FormField label="Client" required error={errors.client_id ? { message: errors.client_id } : undefined}>
              <FilterSelect
                label="Client"
                value={draft.client_id}
                placeholder="Pilih client"
                options={(clients.data ?? []).map((c) => ({ value: c.id, label: `${c.id} - ${c.nama}` }))}
                onChange={(client_id) => setDraft((d) => ({ ...d, client_id }))}
              />
            </FormField>
          </SimpleGrid>
          <HStack justify="flex-end" gap="2" flexWrap="wrap">
            <Button variant="outline" loading={downloading === 'xlsx'} onClick={() => download('xlsx')}>
              Download Excel
            </Button>
            <Button variant="outline" loading={downloading === 'pdf'} onClick={() => download('pdf')}>
              Download PDF
            </Button>
            <Button
              onClick={() => {
                if (check()) onApply(draft);
              }}
            >
              Tampilkan
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Report({ search }: { search: BuktiKunjunganSearch }) {
  const report = useQuery(buktiKunjunganQuery(search));
  const narrow = useMediaQuery(NARROW);
  const [page, setPage] = useState(1);
  const rows = report.data?.result;
  const shown = rows?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Stack gap="4">
      {rows && rows.length > 0 && <Totals rows={rows} />}
      <DataTable
        caption={BUKTI_KUNJUNGAN_TITLE}
        columns={narrow ? cardColumns : columns}
        rows={shown}
        rowKey={(r) => `${r.cust_code}|${r.nrp}`}
        loading={report.isFetching}
        error={report.error}
        emptyText={M.empty}
        paging={
          rows && rows.length > PAGE_SIZE
            ? { page, perPage: PAGE_SIZE, total: rows.length, onPage: setPage }
            : undefined
        }
      />
    </Stack>
  );
}

/** /report/bukti-kunjungan?period=&client_id=: the client's evidence report (issue 28 item 6). Online only. */
export function BuktiKunjunganPage({
  search,
  onSearch,
}: {
  search: BuktiKunjunganSearch;
  onSearch: (s: BuktiKunjunganSearch) => void;
}) {
  const ready = !!search.period && !!search.client_id;
  return (
    <OnlineOnly>
      <Stack gap="4">
        <PageHeader title={BUKTI_KUNJUNGAN_TITLE} />
        <Filter key={`${search.period}|${search.client_id}`} applied={search} onApply={onSearch} />
        {ready ? (
          <Report key={`${search.period}|${search.client_id}`} search={search} />
        ) : (
          <Text color="fg.muted">{M.choose}</Text>
        )}
      </Stack>
    </OnlineOnly>
  );
}
