import { Badge, Box, Button, Card, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../../components/data-table';
import { FormField } from '../../../../components/form-field';
import { OnlineOnly } from '../../../../components/online-only';
import { PageHeader } from '../../../../components/page-header';
import {
  SUMMARY_PAGE_SIZE,
  type AbsensiSummaryRow,
  type AfterPostingRow,
} from '../../../../domain/absensi/absensi-summary';
import { dateTimeForPeople } from '../../../../domain/dates';
import { periodLookupQuery } from '../../../../lib/lookups';
import { notifyError, notifySuccess } from '../../../../lib/toast';
import { afterPostingQuery, periodSummaryQuery, postPeriod } from '../api';
import { tanggal as tanggalText } from '../../../../lib/format';

export interface PostingSearch {
  period: string;
  page: number;
}

const num = (key: keyof AbsensiSummaryRow, header: string): Column<AbsensiSummaryRow> => ({
  key,
  header,
  align: 'end',
  cell: (r) => String(r[key]),
});

const summaryColumns: Column<AbsensiSummaryRow>[] = [
  {
    key: 'karyawan',
    header: 'Karyawan',
    cell: (r) => (
      <Box>
        <Text fontWeight="medium">{r.karyawan.nama}</Text>
        <Text textStyle="xs" color="fg.muted">
          {r.nrp}
        </Text>
      </Box>
    ),
  },
  { key: 'hk', header: 'HK', align: 'end', cell: (r) => String(r.period.jum_hk) },
  num('count_attend', 'Hadir'),
  num('count_gapok', 'Gapok'),
  num('count_tun_makan', 'Tunj. Makan'),
  num('count_tun_bensin', 'Tunj. Bensin'),
  num('count_uang_shift', 'Uang Shift'),
];

const lateColumns: Column<AfterPostingRow>[] = [
  {
    key: 'karyawan',
    header: 'Karyawan',
    cell: (r) => (
      <Box>
        <Text fontWeight="medium">{r.nama}</Text>
        <Text textStyle="xs" color="fg.muted">
          {r.nrp}
        </Text>
      </Box>
    ),
  },
  { key: 'tanggal', header: 'Tanggal', cell: (r) => <Text whiteSpace="nowrap">{tanggalText(r.tanggal)}</Text> },
  {
    key: 'jenis',
    header: 'Jenis',
    cell: (r) => (r.jenis === 'absensi' ? 'Absensi harian' : `Kunjungan ${r.cust_name ?? r.cust_code ?? ''}`),
  },
  {
    key: 'jam',
    header: 'Masuk / Keluar',
    cell: (r) => (
      <Text whiteSpace="nowrap">
        {r.jam_masuk?.slice(0, 5) ?? '--:--'} – {r.jam_keluar?.slice(0, 5) ?? '--:--'} {r.zona}
      </Text>
    ),
  },
  { key: 'diterima', header: 'Diterima server', cell: (r) => dateTimeForPeople(r.received_at) },
];

/** Flagged check-ins of the period nobody has decided yet (Perlu Ditinjau). */
const openReviewsText = (n: number, more = false) =>
  `${more ? `Lebih dari ${n.toLocaleString('id-ID')}` : n} check in pada periode ini masih perlu ditinjau.`;
const forgotText = (n: number) =>
  `${n.toLocaleString('id-ID')} hari Lupa Check Out pada periode ini: jam kerjanya tidak dihitung sampai dikoreksi.`;
const LINK_STYLE = { textDecoration: 'underline' } as const;
/** dd/mm/yyyy, as the back office reads dates. */
const ddmmyyyy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
const rejectedText = (n: number) =>
  `${n.toLocaleString('id-ID')} hari ditolak peninjau masih dihitung hadir (ubah di Absensi Manual bila perlu):`;

/** Days a reviewer rejected that still count as present: named, beside the open review items. */
function RejectedDays({ days }: { days: { nrp: string; nama: string; tanggal: string }[] }) {
  if (!days.length) return null;
  return (
    <Box data-testid="posting-rejected-days">
      <Text textStyle="sm">{rejectedText(days.length)}</Text>
      <Box as="ul" ps="5" textStyle="sm" listStyleType="disc">
        {days.map((d) => (
          <li key={`${d.nrp}-${d.tanggal}`}>
            {d.nama} ({d.nrp}), {ddmmyyyy(d.tanggal)}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** /absensi/posting (spec §2.7, §4): pick a period open for posting, see its summary, confirm, post. */
export function PostingPage({
  search,
  onSearch,
}: {
  search: PostingSearch;
  onSearch: (s: Partial<PostingSearch>) => void;
}) {
  return (
    <OnlineOnly>
      <Stack gap="4">
        <PageHeader title="Posting Absensi" />
        <PeriodPicker value={search.period} onChange={(period) => onSearch({ period, page: 1 })} />
        {search.period ? (
          <PeriodSummary search={search} onSearch={onSearch} />
        ) : (
          <Text color="fg.muted">Pilih period yang akan diposting.</Text>
        )}
      </Stack>
    </OnlineOnly>
  );
}

function PeriodPicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  // Only periods whose Enable Posting switch is on (spec §2.6, "period (status filter 1)").
  const periods = useQuery(periodLookupQuery(true));
  return (
    <Card.Root size="sm">
      <Card.Body>
        <FormField label="Period" required>
          <NativeSelect.Root maxW={{ base: 'full', md: '64' }}>
            <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label="Period">
              <option value="">Pilih period</option>
              {value && !(periods.data ?? []).some((p) => p.id === value) && <option value={value}>{value}</option>}
              {(periods.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id} ({p.mulai} s/d {p.akhir})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Card.Body>
    </Card.Root>
  );
}

function PeriodSummary({ search, onSearch }: { search: PostingSearch; onSearch: (s: Partial<PostingSearch>) => void }) {
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [latePage, setLatePage] = useState(1);
  const summary = useQuery(periodSummaryQuery(search.period, { page: search.page, per_page: SUMMARY_PAGE_SIZE }));
  const posting = summary.data?.posting ?? null;
  const late = useQuery({
    ...afterPostingQuery(search.period, { page: latePage, per_page: SUMMARY_PAGE_SIZE }),
    enabled: !!posting,
  });
  const post = useMutation(postPeriod(qc));
  const p = summary.data?.period;

  return (
    <Stack gap="4">
      {p && (
        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <Box>
            <Text>
              Periode <b>{p.id}</b>: {p.mulai} s/d {p.akhir} · {p.jum_hk} hari kerja
            </Text>
            {posting ? (
              <HStack gap="2" mt="1" flexWrap="wrap">
                <Badge colorPalette="green">Sudah diposting</Badge>
                <Text textStyle="sm" color="fg.muted">
                  {dateTimeForPeople(posting.posted_at)} oleh {posting.posted_by_nama} · {posting.employee_count}{' '}
                  karyawan
                </Text>
              </HStack>
            ) : (
              <Stack gap="1">
                <Text textStyle="sm" color="fg.muted">
                  Belum diposting: angka dihitung dari absensi saat ini.
                  {!p.berakhir && ' Periode ini belum berakhir.'}
                </Text>
                {!!p.tinjau_terbuka && (
                  <Text textStyle="sm" data-testid="posting-open-reviews">
                    {openReviewsText(p.tinjau_terbuka, p.tinjau_terbuka_lebih)}{' '}
                    <Link to="/absensi/tinjau" search={{ startDate: p.mulai, endDate: p.akhir }} style={LINK_STYLE}>
                      Buka Perlu Ditinjau
                    </Link>
                  </Text>
                )}
                <RejectedDays days={p.tinjau_ditolak_hadir ?? []} />
                {!!p.lupa_check_out && (
                  <Text textStyle="sm" data-testid="posting-forgot-checkout">
                    {forgotText(p.lupa_check_out)}
                  </Text>
                )}
              </Stack>
            )}
          </Box>
          {!posting && (
            <Button onClick={() => setConfirming(true)} disabled={!p.status || summary.isFetching}>
              Posting
            </Button>
          )}
        </HStack>
      )}
      <DataTable
        caption="Rekap Posting Absensi"
        columns={summaryColumns}
        rows={summary.data?.result}
        rowKey={(r) => r.nrp}
        loading={summary.isFetching}
        error={summary.error}
        paging={{
          page: search.page,
          perPage: SUMMARY_PAGE_SIZE,
          total: summary.data?.totalCount ?? 0,
          onPage: (page) => onSearch({ page }),
        }}
      />
      {posting && (
        <Stack gap="2">
          <Heading as="h3" size="md">
            Absensi masuk setelah posting
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Check in yang tercatat di perangkat sebelum posting tetapi baru diterima server sesudahnya. Data ini
            tersimpan dan tidak masuk rekap di atas: bawa sebagai koreksi ke payroll periode berikutnya.
          </Text>
          <DataTable
            caption="Absensi masuk setelah posting"
            columns={lateColumns}
            rows={late.data?.result}
            rowKey={(r) => `${r.jenis}-${r.id}`}
            loading={late.isFetching}
            error={late.error}
            emptyText="Tidak ada absensi yang masuk setelah posting"
            paging={{
              page: latePage,
              perPage: SUMMARY_PAGE_SIZE,
              total: late.data?.totalCount ?? 0,
              onPage: setLatePage,
            }}
          />
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={p && !p.berakhir ? 'Periode Belum Berakhir' : 'Posting Absensi'}
        confirmLabel={p && !p.berakhir ? 'Tetap Posting' : 'Posting'}
        busy={post.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            const answer = await post.mutateAsync({ period_id: search.period, belum_berakhir: !!p && !p.berakhir });
            notifySuccess(answer.message);
            setConfirming(false);
          } catch (err) {
            notifyError(err);
          }
        }}
      >
        {!!p?.tinjau_terbuka && (
          <Text fontWeight="medium" mb="2">
            {openReviewsText(p.tinjau_terbuka, p.tinjau_terbuka_lebih)} Check in itu ikut diposting apa adanya; yang
            ditolak sesudahnya tidak mengubah rekap yang sudah dibekukan.
          </Text>
        )}
        {!!p?.tinjau_ditolak_hadir?.length && (
          <Text fontWeight="medium" mb="2">
            {rejectedText(p.tinjau_ditolak_hadir.length).replace(/:$/, '.')}
          </Text>
        )}
        {!!p?.lupa_check_out && (
          <Text fontWeight="medium" mb="2">
            {forgotText(p.lupa_check_out)}
          </Text>
        )}
        {p && !p.berakhir ? (
          <Stack gap="2">
            <Text color="fg.warning" fontWeight="medium">
              Periode {search.period} belum berakhir (sampai {p.akhir}).
            </Text>
            <Text>
              Absensi hari-hari yang tersisa belum tercatat dan tidak akan masuk posting. Setelah diposting, absensi
              periode ini terkunci: entri manual, upload dan hapus ditolak, dan rekap ini dibekukan untuk payroll. Tetap
              posting sekarang?
            </Text>
          </Stack>
        ) : (
          <>
            Posting absensi periode {search.period}? Setelah diposting, absensi periode ini terkunci: entri manual,
            upload dan hapus ditolak, dan rekap ini dibekukan untuk payroll.
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
