import { Badge, Box, Button, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import type { ApprovalQueueRow } from '../../../domain/leave/leave-answers';
import { APPROVAL_ROLE_LABELS, APPROVAL_TABS, type ApprovalTabStatus } from '../../../domain/leave/leave-rules';
import type { OutboxRow } from '../../../lib/offline/db';
import { useOutboxRows } from '../../../lib/offline/use-outbox';
import { notifyDecisionSaved } from '../../../components/offline-decision-dialog';
import { useOnline, useSession } from '../../../lib/use-session';
import { approvalQueueQuery } from '../api';
import { decisionsByStep, enqueueLeaveDecision } from '../outbox';
import type { ApprovalSearch } from '../search';
import { useRefreshOnSync } from '../use-sync-refresh';
import { DecisionDialog, type Decision } from './decision-dialog';
import { leaveWhen } from './format';
import { LeaveDetailDialog } from './leave-detail-dialog';
import { LeaveStatusBadge } from './leave-status-badge';

/** Touch-sized on phones and tablets (a team leader decides on a tablet), compact beside a mouse. */
const DECIDE_SIZE = { base: 'lg', xl: 'sm' } as const;

/**
 * /approval/leave (spec §2.9): what waits for this approver, what they decided, and everything. A
 * decision goes to the outbox first (kind leave.decide), so a team leader on a tablet can decide
 * without a signal; the server's refusal (someone else decided first) comes back as needs-action.
 */
export function ApprovalPage({
  search,
  onSearchChange,
}: {
  /** The tab and its page, kept in the address by the route. */
  search: ApprovalSearch;
  onSearchChange: (next: Partial<ApprovalSearch>) => void;
}) {
  const user = useSession()?.user;
  const rows = useOutboxRows(user?.userid) ?? [];
  useRefreshOnSync(user?.userid);
  if (!user) return null;
  return (
    <Tabs.Root
      value={search.tab}
      onValueChange={(e) => onSearchChange({ tab: e.value as ApprovalTabStatus, page: 1 })}
      variant="line"
      lazyMount
    >
      {/* On a phone the tabs wrap into a second row rather than hide one past the edge. */}
      <Tabs.List flexWrap="wrap">
        {APPROVAL_TABS.map((t) => (
          <Tabs.Trigger key={t.status} value={t.status} whiteSpace="nowrap">
            {t.tab}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {APPROVAL_TABS.map((t) => (
        <Tabs.Content key={t.status} value={t.status}>
          <QueueTab
            status={t.status}
            title={t.label}
            perPage={t.perPage}
            userid={user.userid}
            outbox={rows}
            // A tab kept mounted in the background stays on its first page.
            page={t.status === search.tab ? search.page : 1}
            onPage={(page) => onSearchChange({ page })}
          />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function DecisionState({ row }: { row: OutboxRow<'leave.decide'> }) {
  if (row.state === 'needs-action') {
    return (
      <Stack gap="0" align="end" maxW="64">
        <Badge colorPalette="red">perlu tindakan</Badge>
        <Text textStyle="xs" color="fg.error" textAlign="end" data-testid="decision-error">
          {row.lastError} ·{' '}
          <Link to="/sinkron" style={{ textDecoration: 'underline' }}>
            Sinkronisasi
          </Link>
        </Text>
      </Stack>
    );
  }
  const label = row.payload.status === 'A' ? 'Approve' : 'Reject';
  return (
    <Badge colorPalette={row.state === 'done' ? 'green' : 'orange'} data-testid="pending-badge">
      {label} · {row.state === 'done' ? 'terkirim' : 'menunggu sinkron'}
    </Badge>
  );
}

function DecideButtons({ onDecide }: { onDecide: (decision: Decision) => void }) {
  return (
    <>
      <Button size={DECIDE_SIZE} colorPalette="green" onClick={() => onDecide('A')}>
        Approve
      </Button>
      <Button size={DECIDE_SIZE} colorPalette="red" variant="outline" onClick={() => onDecide('R')}>
        Reject
      </Button>
    </>
  );
}

function QueueTab({
  status,
  title,
  perPage,
  userid,
  outbox,
  page,
  onPage,
}: {
  status: ApprovalTabStatus;
  title: string;
  perPage: number;
  userid: string;
  outbox: OutboxRow[];
  page: number;
  onPage: (page: number) => void;
}) {
  const queue = useQuery(approvalQueueQuery(userid, status, page, perPage));
  const [detail, setDetail] = useState<ApprovalQueueRow | null>(null);
  const [deciding, setDeciding] = useState<{ row: ApprovalQueueRow; decision: Decision } | null>(null);
  const online = useOnline();
  const decisions = decisionsByStep(outbox);
  // Open for a decision by this user, and none recorded on this phone yet.
  const decidable = (q: ApprovalQueueRow) =>
    (status === 'N' || (status === 'all' && q.approval_status === 'N')) && !decisions.has(q.approval_id);

  const columns: Column<ApprovalQueueRow>[] = [
    {
      key: 'karyawan',
      header: 'Karyawan',
      cell: (q) => (
        <Box>
          <Text fontWeight="medium">{q.leave.karyawan.nama}</Text>
          <Text textStyle="xs" color="fg.muted">
            {q.leave.nrp} · {q.leave.karyawan.lokasi.nama}
          </Text>
        </Box>
      ),
    },
    {
      key: 'leave',
      header: 'Leave',
      cell: (q) => (
        <Box>
          <Text>{q.leave.jenis.jenis_leave}</Text>
          <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">
            {leaveWhen(q.leave)}
          </Text>
        </Box>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (q) => (
        <Stack gap="1" align="start">
          <LeaveStatusBadge status={q.leave.status} />
          <Text textStyle="xs" color="fg.muted">
            Langkah {q.approval_num}: {APPROVAL_ROLE_LABELS[q.approval_role]}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (q) => {
        const sent = decisions.get(q.approval_id);
        const open = status === 'N' || (status === 'all' && q.approval_status === 'N');
        return (
          <HStack gap="1" justify="flex-end" flexWrap="wrap">
            <Button size={DECIDE_SIZE} variant="outline" onClick={() => setDetail(q)}>
              Detail
            </Button>
            {open && sent && <DecisionState row={sent} />}
            {open && !sent && <DecideButtons onDecide={(decision) => setDeciding({ row: q, decision })} />}
          </HStack>
        );
      },
    },
  ];

  return (
    <Stack gap="3" pt="2">
      <Text fontWeight="semibold">{title}</Text>
      <DataTable
        caption={title}
        columns={columns}
        rows={queue.data?.result}
        rowKey={(q) => String(q.approval_id)}
        loading={queue.isFetching}
        error={queue.data ? null : queue.error}
        emptyText={
          queue.isPaused && !queue.data
            ? 'Belum ada data tersimpan di perangkat; buka halaman ini saat online sekali'
            : status === 'N'
              ? 'Tidak ada pengajuan yang menunggu approval Anda'
              : 'Tidak ada data'
        }
        paging={{ page, perPage, total: queue.data?.totalCount ?? 0, onPage }}
      />
      {detail && (
        <LeaveDetailDialog
          row={detail.leave}
          onClose={() => setDetail(null)}
          footer={
            decidable(detail) && (
              <DecideButtons
                onDecide={(decision) => {
                  setDeciding({ row: detail, decision });
                  setDetail(null);
                }}
              />
            )
          }
        />
      )}
      {deciding && (
        <DecisionDialog
          row={deciding.row}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDecide={async (id, keterangan) => {
            await enqueueLeaveDecision({
              id,
              userid,
              approvalId: deciding.row.approval_id,
              status: deciding.decision,
              keterangan,
              at: dayjs(),
            });
            setDeciding(null);
            notifyDecisionSaved(online);
          }}
        />
      )}
    </Stack>
  );
}
