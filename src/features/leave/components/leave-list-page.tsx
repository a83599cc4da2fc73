import { Box, Button, Card, HStack, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useMediaQuery } from '../../../components/use-media-query';
import type { LeaveRow } from '../../../domain/leave/leave-answers';
import { LEAVE_TYPES, type JenisLeaveRow } from '../../../domain/leave/leave-kinds';
import type { LeaveCountKind } from '../../../domain/leave/leave-rules';
import type { OutboxRow } from '../../../lib/offline/db';
import { useOutboxRows } from '../../../lib/offline/use-outbox';
import { tanggal } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useOnline, useSession } from '../../../lib/use-session';
import {
  cutiBalanceQuery,
  deleteLeave,
  jenisLeaveQuery,
  leaveCountQuery,
  ownLeaveQuery,
  OWN_PAGE_SIZE,
  type OwnListFilter,
} from '../api';
import { filedNotListed } from './filed-requests';
import { LEAVE_LIST_SEARCH_DEFAULTS, type LeaveListSearch } from '../search';
import { useRefreshOnSync } from '../use-sync-refresh';
import { leaveWhen } from './format';
import { AttachmentButton, LeaveDetailDialog } from './leave-detail-dialog';
import { LeaveStatusBadge } from './leave-status-badge';
import { PendingRequests } from './pending-requests';
import { OwnFilter, type OwnFilterValues } from './own-filter';
import { SelectField } from './select-field';

const filterOf = ({ startDate, endDate, status, period_id }: LeaveListSearch): OwnFilterValues => ({
  startDate,
  endDate,
  status,
  period_id,
});
/** A new tab starts unfiltered on its first page. */
const { tab: _tab, ...UNFILTERED } = LEAVE_LIST_SEARCH_DEFAULTS;
/** The tab of every kind: where /leave opens, so a request just filed is on the first screen, whatever its kind. */
const ALL = 'all';

const COUNTS: { kind: LeaveCountKind; label: string }[] = [
  { kind: 'year', label: 'Disetujui tahun ini' },
  { kind: 'month', label: 'Disetujui bulan ini' },
  { kind: 'open', label: 'Menunggu approval' },
  { kind: 'reject', label: 'Ditolak' },
];

interface ListProps {
  /** The tab, the applied filter and the page, kept in the address by the route. */
  search: LeaveListSearch;
  onSearchChange: (next: Partial<LeaveListSearch>) => void;
}

/**
 * /leave (spec §2.9): the user's own requests, readable offline from the cache. It opens on "Semua"
 * (every kind, newest first) and offers one tab per kind; a phone chooses the kind from a select,
 * since five kind names never fit a 360 px tab strip.
 */
export function LeaveListPage({ search, onSearchChange }: ListProps) {
  const user = useSession()?.user;
  const kinds = useQuery(jenisLeaveQuery());
  const list = kinds.data ?? [];
  const current = list.find((k) => k.id === search.tab) ?? null;
  const tab = current ? String(current.id) : ALL;
  // An address naming a kind waits for the kinds, instead of asking for "Semua" first.
  const kindPending = search.tab !== undefined && !kinds.data && kinds.fetchStatus === 'fetching';
  const rows = useOutboxRows(user?.userid) ?? [];
  useRefreshOnSync(user?.userid);
  const phone = useMediaQuery('(max-width: 47.99em)');
  const choose = (value: string) => onSearchChange({ ...UNFILTERED, tab: value === ALL ? undefined : Number(value) });

  if (!user) return null;
  if (!user.nrp) {
    return (
      <Text color="fg.muted" textAlign="center" py="10">
        Akun ini tidak terhubung dengan data karyawan, sehingga tidak memiliki pengajuan leave sendiri.
      </Text>
    );
  }
  return (
    <Stack gap="4" pb="20">
      <PageHeader
        title="Leave Saya"
        actions={
          <Button asChild size="sm">
            <Link to="/request/leave">Ajukan Leave</Link>
          </Button>
        }
      />
      {(kinds.isError || kinds.isPaused) && !kinds.data && (
        <Text color="fg.error">Daftar jenis leave belum tersedia di perangkat ini.</Text>
      )}
      {!kindPending && (
        <Tabs.Root value={tab} onValueChange={(e) => choose(e.value)} variant="line" lazyMount unmountOnExit>
          {phone ? (
            <SelectField
              label="Jenis Leave"
              value={tab}
              options={[
                { value: ALL, label: 'Semua' },
                ...list.map((k) => ({ value: String(k.id), label: k.jenis_leave })),
              ]}
              onChange={choose}
            />
          ) : (
            // A tablet: the kinds wrap into a second row rather than hide one past the edge.
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value={ALL}>Semua</Tabs.Trigger>
              {list.map((k) => (
                <Tabs.Trigger key={k.id} value={String(k.id)} whiteSpace="nowrap">
                  {k.jenis_leave}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          )}
          <Tabs.Content value={ALL}>
            <KindTab
              kind={null}
              kinds={list}
              userid={user.userid}
              outbox={rows}
              search={search}
              onSearchChange={onSearchChange}
            />
          </Tabs.Content>
          {list.map((k) => (
            <Tabs.Content key={k.id} value={String(k.id)}>
              <KindTab
                kind={k}
                kinds={list}
                userid={user.userid}
                outbox={rows}
                search={search}
                onSearchChange={onSearchChange}
              />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Stack>
  );
}

interface TabProps extends ListProps {
  /** null: every kind ("Semua"). */
  kind: JenisLeaveRow | null;
  kinds: JenisLeaveRow[];
  userid: string;
  outbox: OutboxRow[];
}

function KindTab({ kind, kinds, userid, outbox, search, onSearchChange }: TabProps) {
  const byPeriod = kind ? LEAVE_TYPES[kind.type].byPeriod : false;
  const applied = filterOf(search);
  const filter: OwnListFilter = { ...applied, jenis: kind?.id ?? '', page: search.page };
  const list = useQuery({ ...ownLeaveQuery(userid, filter), enabled: !!userid });
  // Filed on this phone and not yet in the list the screen shows: waiting, refused, or delivered
  // after the list was fetched (until the refetch brings it), so a new request never disappears.
  const filed = filedNotListed(outbox, list.dataUpdatedAt).filter(
    (r) => !kind || r.payload.jenis_leave === String(kind.id),
  );
  const online = useOnline();
  const [detail, setDetail] = useState<LeaveRow | null>(null);
  const [deleting, setDeleting] = useState<LeaveRow | null>(null);
  const remove = useMutation(deleteLeave(useQueryClient(), userid));

  const deletable = (r: LeaveRow) => r.status === 'Pending' && r.approval.every((s) => s.approval_status === 'N');
  const columns: Column<LeaveRow>[] = [
    {
      key: 'nomor',
      header: 'Nomor / Tanggal',
      cell: (r) => (
        <Box>
          <Text fontWeight="medium" whiteSpace="nowrap" textStyle="sm">
            {r.nomor}
          </Text>
          {/* "Semua" mixes kinds: say which one each request is. */}
          {!kind && <Text textStyle="sm">{r.jenis.jenis_leave}</Text>}
          <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">
            {leaveWhen(r)}
          </Text>
        </Box>
      ),
    },
    { key: 'status', header: 'Status', cell: (r) => <LeaveStatusBadge status={r.status} /> },
    {
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (r) => (
        <HStack gap="1" justify="flex-end" flexWrap="wrap">
          <Button size="xs" variant="outline" onClick={() => setDetail(r)}>
            Detail
          </Button>
          <AttachmentButton row={r} label="Lampiran" />
          {deletable(r) && (
            <Button size="xs" variant="outline" colorPalette="red" disabled={!online} onClick={() => setDeleting(r)}>
              Hapus
            </Button>
          )}
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4" pt="2">
      <PendingRequests rows={filed} kinds={kinds} />
      <CountCards userid={userid} jenis={kind?.id ?? 'all'} />
      {kind?.type === 'CUTI' && <BalanceLine userid={userid} />}
      {/* Keyed by the applied filter: when the address changes (back button, a link), the form shows it. */}
      <OwnFilter
        key={JSON.stringify(applied)}
        byPeriod={byPeriod}
        applied={applied}
        onApply={(draft) => onSearchChange({ ...draft, page: 1 })}
      />
      <DataTable
        caption={`Daftar ${kind?.jenis_leave ?? 'Leave'}`}
        columns={columns}
        rows={list.data?.result}
        rowKey={(r) => String(r.leave_id)}
        loading={list.isFetching}
        error={list.data ? null : list.error}
        emptyText={
          list.isPaused && !list.data ? 'Belum ada data tersimpan di perangkat untuk filter ini' : 'Tidak ada data'
        }
        paging={{
          page: filter.page,
          perPage: OWN_PAGE_SIZE,
          total: list.data?.totalCount ?? 0,
          onPage: (page) => onSearchChange({ page }),
        }}
      />
      {detail && <LeaveDetailDialog row={detail} onClose={() => setDetail(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus Absensi Manual"
        confirmLabel="Yakin"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.leave_id, {
            onSuccess: (answer) => notifySuccess(answer.message),
            onError: (err) => notifyError(err),
            onSettled: () => setDeleting(null),
          })
        }
      >
        Anda yakin ingin menghapus data absensi manual?
      </ConfirmDialog>
    </Stack>
  );
}

function CountCards({ userid, jenis }: { userid: string; jenis: number | 'all' }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
      {COUNTS.map((c) => (
        <CountCard key={c.kind} userid={userid} jenis={jenis} kind={c.kind} label={c.label} />
      ))}
    </SimpleGrid>
  );
}

function CountCard({
  userid,
  jenis,
  kind,
  label,
}: {
  userid: string;
  jenis: number | 'all';
  kind: LeaveCountKind;
  label: string;
}) {
  const count = useQuery(leaveCountQuery(userid, kind, jenis));
  return (
    <Card.Root size="sm" variant="subtle">
      <Card.Body py="2" px="3">
        <Text textStyle="xs" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="xl" fontWeight="bold" data-testid={`count-${kind}`}>
          {count.data ?? '–'}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function BalanceLine({ userid }: { userid: string }) {
  const tahun = dayjs().year();
  const balance = useQuery(cutiBalanceQuery(userid, '', tahun));
  const b = balance.data;
  if (!b) return null;
  return (
    <Text textStyle="sm" data-testid="cuti-balance">
      {b.hak === 0 && b.eligible_from
        ? `Hak cuti tahunan berlaku mulai ${tanggal(b.eligible_from)}.`
        : `Sisa cuti tahunan ${b.tahun}: ${b.sisa} dari ${b.hak} hari` +
          (b.menunggu ? ` (${b.menunggu} hari menunggu approval)` : '')}
    </Text>
  );
}
