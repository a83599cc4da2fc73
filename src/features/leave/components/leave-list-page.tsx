import { Box, Button, Card, HStack, Input, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import {
  LEAVE_STATUS_VALUES,
  LEAVE_TYPES,
  leaveStatusLabel,
  type JenisLeaveRow,
  type LeaveCountKind,
  type LeaveRow,
} from '../../../domain/leave';
import { onOutboxMessage } from '../../../lib/offline/signal';
import { useOutboxRows } from '../../../lib/offline/use-outbox';
import { tanggal } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useOnline, useSession } from '../../../lib/use-session';
import { periodLookupQuery } from '../../../lib/lookups';
import {
  cutiBalanceQuery,
  deleteLeave,
  jenisLeaveQuery,
  leaveCountQuery,
  leaveKeys,
  ownLeaveQuery,
  OWN_PAGE_SIZE,
  type OwnListFilter,
} from '../api';
import { undeliveredRequests } from '../outbox';
import { leaveWhen } from './format';
import { AttachmentButton, LeaveDetailDialog } from './leave-detail-dialog';
import { LeaveStatusBadge } from './leave-status-badge';
import { PendingRequests } from './pending-requests';
import { SelectField } from './select-field';

type Draft = Pick<OwnListFilter, 'startDate' | 'endDate' | 'status' | 'period_id'>;
const EMPTY: Draft = { startDate: undefined, endDate: undefined, status: '', period_id: '' };

const COUNTS: { kind: LeaveCountKind; label: string }[] = [
  { kind: 'year', label: 'Disetujui tahun ini' },
  { kind: 'month', label: 'Disetujui bulan ini' },
  { kind: 'open', label: 'Menunggu approval' },
  { kind: 'reject', label: 'Ditolak' },
];

/** /leave (spec §2.9): the user's own requests, one tab per kind, readable offline from the cache. */
export function LeaveListPage() {
  const user = useSession()?.user;
  const kinds = useQuery(jenisLeaveQuery());
  const [tab, setTab] = useState<string>('');
  const list = kinds.data ?? [];
  const current = list.find((k) => String(k.id) === tab) ?? list[0];
  const rows = useOutboxRows(user?.userid) ?? [];
  const queryClient = useQueryClient();

  // A delivered request changes what the server says: refetch the lists.
  useEffect(
    () =>
      onOutboxMessage((m) => {
        if (m.type === 'synced' && user) void queryClient.invalidateQueries({ queryKey: leaveKeys.user(user.userid) });
      }),
    [queryClient, user],
  );

  if (!user) return null;
  if (!user.nrp) {
    return (
      <Text color="fg.muted" textAlign="center" py="10">
        Akun ini tidak terhubung dengan data karyawan, sehingga tidak memiliki pengajuan leave sendiri.
      </Text>
    );
  }
  const waiting = undeliveredRequests(rows);
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
      <PendingRequests rows={waiting} kinds={list} />
      {kinds.isError && !kinds.data && (
        <Text color="fg.error">Daftar jenis leave belum tersedia di perangkat ini.</Text>
      )}
      {current && (
        <Tabs.Root
          value={String(current.id)}
          onValueChange={(e) => setTab(e.value)}
          variant="line"
          lazyMount
          unmountOnExit
        >
          <Box overflowX="auto">
            <Tabs.List flexWrap="nowrap" minW="max-content">
              {list.map((k) => (
                <Tabs.Trigger key={k.id} value={String(k.id)} whiteSpace="nowrap" flexShrink={0}>
                  {k.jenis_leave}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Box>
          {list.map((k) => (
            <Tabs.Content key={k.id} value={String(k.id)}>
              <KindTab kind={k} userid={user.userid} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Stack>
  );
}

function KindTab({ kind, userid }: { kind: JenisLeaveRow; userid: string }) {
  const byPeriod = LEAVE_TYPES[kind.type].byPeriod;
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filter, setFilter] = useState<OwnListFilter>({ ...EMPTY, jenis: kind.id, page: 1 });
  const list = useQuery({ ...ownLeaveQuery(userid, filter), enabled: !!userid });
  const periods = useQuery({ ...periodLookupQuery(), enabled: byPeriod });
  const online = useOnline();
  const today = dayjs().format('YYYY-MM-DD');
  const [detail, setDetail] = useState<LeaveRow | null>(null);
  const [deleting, setDeleting] = useState<LeaveRow | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (row: LeaveRow) => deleteLeave(row.leave_id),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: leaveKeys.user(userid) });
    },
    onError: (err) => notifyError(err),
    onSettled: () => setDeleting(null),
  });

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
      <CountCards userid={userid} jenis={kind.id} />
      {kind.type === 'CUTI' && <BalanceLine userid={userid} />}
      <Card.Root size="sm">
        <Card.Body>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" alignItems="end">
            {byPeriod ? (
              <FormField label="Period">
                <SelectField
                  value={draft.period_id}
                  placeholder="Semua period"
                  options={(periods.data ?? []).map((p) => ({ value: p.id, label: p.id }))}
                  onChange={(period_id) => setDraft({ ...draft, period_id })}
                />
              </FormField>
            ) : (
              <>
                <FormField label="Mulai">
                  <Input
                    type="date"
                    max={today}
                    value={draft.startDate ?? ''}
                    onChange={(e) => setDraft({ ...draft, startDate: e.target.value || undefined })}
                  />
                </FormField>
                <FormField label="Selesai">
                  <Input
                    type="date"
                    max={today}
                    value={draft.endDate ?? ''}
                    onChange={(e) => setDraft({ ...draft, endDate: e.target.value || undefined })}
                  />
                </FormField>
              </>
            )}
            <FormField label="Status">
              <SelectField
                value={draft.status}
                placeholder="Semua status"
                options={LEAVE_STATUS_VALUES.map((s) => ({ value: s, label: leaveStatusLabel(s) }))}
                onChange={(status) => setDraft({ ...draft, status: status as Draft['status'] })}
              />
            </FormField>
            <Button onClick={() => setFilter({ ...draft, jenis: kind.id, page: 1 })}>Filter</Button>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <DataTable
        caption={`Daftar ${kind.jenis_leave}`}
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
          onPage: (page) => setFilter({ ...filter, page }),
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
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        Anda yakin ingin menghapus data absensi manual?
      </ConfirmDialog>
    </Stack>
  );
}

function CountCards({ userid, jenis }: { userid: string; jenis: number }) {
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
  jenis: number;
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
