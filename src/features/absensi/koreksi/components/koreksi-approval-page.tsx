import { Badge, Box, Button, Dialog, HStack, Image, Portal, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { DataTable, type Column } from '../../../../components/data-table';
import { KOREKSI_ALASAN_MAX, type KoreksiRow } from '../../../../domain/absensi/koreksi';
import type { KoreksiApprovalSearch, KoreksiApprovalTab } from '../../../../domain/absensi/koreksi-search';
import { hariTanggal } from '../../../../lib/format';
import type { OutboxRow } from '../../../../lib/offline/db';
import { onOutboxMessage } from '../../../../lib/offline/signal';
import { useOutboxRows } from '../../../../lib/offline/use-outbox';
import {
  notifyDecisionSaved,
  OfflineDecisionDialog,
  type Decision,
} from '../../../../components/offline-decision-dialog';
import { useOnline, useSession } from '../../../../lib/use-session';
import { KOREKSI_PER_PAGE, koreksiFotoQuery, koreksiQueueQuery, refreshKoreksi } from '../api';
import { hariPendek } from '../format';
import { enqueueKoreksiDecision, koreksiDecisions, type KOREKSI_DECIDE } from '../outbox';
import { KoreksiStateBadge } from './koreksi-state-badge';
import { KoreksiTimes } from './koreksi-times';

/** Touch-sized on phones and tablets (a team leader decides on a tablet), compact beside a mouse. */
const DECIDE_SIZE = { base: 'lg', xl: 'sm' } as const;

const TABS: { value: KoreksiApprovalTab; label: string; empty: string }[] = [
  { value: 'open', label: 'Menunggu Approval', empty: 'Tidak ada koreksi absensi yang menunggu approval Anda' },
  { value: 'decided', label: 'Sudah Diputuskan', empty: 'Belum ada koreksi absensi yang Anda putuskan' },
];

/**
 * /approval/absensi: the Koreksi Absensi waiting for this approver (the team leader's step, then the
 * admin's) and what they decided. A decision goes to the outbox first (absensi.koreksi.decide), so a team
 * leader on a tablet decides without a signal; the server's refusal comes back as needs-action.
 */
export function KoreksiApprovalPage({
  search,
  onSearchChange,
}: {
  search: KoreksiApprovalSearch;
  onSearchChange: (next: Partial<KoreksiApprovalSearch>) => void;
}) {
  const user = useSession()?.user;
  const rows = useOutboxRows(user?.userid) ?? [];
  const queryClient = useQueryClient();
  const userid = user?.userid;
  useEffect(
    () =>
      onOutboxMessage((m) => {
        if (m.type === 'synced' && userid) void refreshKoreksi(queryClient, userid);
      }),
    [queryClient, userid],
  );
  if (!user) return null;
  return (
    <Tabs.Root
      value={search.tab}
      onValueChange={(e) => onSearchChange({ tab: e.value as KoreksiApprovalTab, page: 1 })}
      variant="line"
      lazyMount
    >
      <Tabs.List flexWrap="wrap">
        {TABS.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} whiteSpace="nowrap">
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Content key={t.value} value={t.value}>
          <QueueTab
            tab={t.value}
            empty={t.empty}
            userid={user.userid}
            outbox={rows}
            page={t.value === search.tab ? search.page : 1}
            onPage={(page) => onSearchChange({ page })}
          />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function DecisionState({ row }: { row: OutboxRow<typeof KOREKSI_DECIDE> }) {
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
  const label = row.payload.status === 'A' ? 'Setujui' : 'Tolak';
  return (
    <Badge colorPalette={row.state === 'done' ? 'green' : 'orange'} data-testid="pending-badge">
      {label} · {row.state === 'done' ? 'terkirim' : 'menunggu sinkron'}
    </Badge>
  );
}

function QueueTab({
  tab,
  empty,
  userid,
  outbox,
  page,
  onPage,
}: {
  tab: KoreksiApprovalTab;
  empty: string;
  userid: string;
  outbox: OutboxRow[];
  page: number;
  onPage: (page: number) => void;
}) {
  const queue = useQuery(koreksiQueueQuery(userid, tab, page));
  const [deciding, setDeciding] = useState<{ row: KoreksiRow; decision: Decision } | null>(null);
  const [photo, setPhoto] = useState<KoreksiRow | null>(null);
  const online = useOnline();
  const decisions = koreksiDecisions(outbox);

  const columns: Column<KoreksiRow>[] = [
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
    {
      key: 'tanggal',
      header: 'Tanggal',
      cell: (r) => <Text whiteSpace="nowrap">{hariPendek(r.tanggal)}</Text>,
    },
    { key: 'koreksi', header: 'Koreksi', cell: (r) => <KoreksiTimes row={r} /> },
    {
      key: 'alasan',
      header: 'Alasan',
      cell: (r) => (
        <Text textStyle="sm" maxW="72" data-testid="koreksi-alasan">
          {r.alasan}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <Stack gap="1" align="start">
          <KoreksiStateBadge row={r} />
          {r.tl_status && (
            <Text textStyle="xs" color="fg.muted">
              TL: {r.tl_status === 'A' ? 'disetujui' : 'ditolak'}
              {r.tl_nama ? ` oleh ${r.tl_nama}` : ''}
              {r.tl_keterangan ? ` — “${r.tl_keterangan}”` : ''}
            </Text>
          )}
          {r.admin_status && (
            <Text textStyle="xs" color="fg.muted">
              Admin: {r.admin_status === 'A' ? 'disetujui' : 'ditolak'}
              {r.admin_nama ? ` oleh ${r.admin_nama}` : ''}
              {r.admin_keterangan ? ` — “${r.admin_keterangan}”` : ''}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (r) => {
        const sent = decisions.get(r.id);
        const open = tab === 'open' && r.status === 'N';
        return (
          <HStack gap="1" justify="flex-end" flexWrap={{ base: 'wrap', xl: 'nowrap' }}>
            {r.has_foto && (
              <Button size={DECIDE_SIZE} variant="outline" onClick={() => setPhoto(r)}>
                Foto
              </Button>
            )}
            {open && sent && <DecisionState row={sent} />}
            {open && !sent && (
              <>
                <Button size={DECIDE_SIZE} colorPalette="green" onClick={() => setDeciding({ row: r, decision: 'A' })}>
                  Setujui
                </Button>
                <Button
                  size={DECIDE_SIZE}
                  colorPalette="red"
                  variant="outline"
                  onClick={() => setDeciding({ row: r, decision: 'R' })}
                >
                  Tolak
                </Button>
              </>
            )}
          </HStack>
        );
      },
    },
  ];

  return (
    <Stack gap="3" pt="2">
      <DataTable
        caption={TABS.find((t) => t.value === tab)!.label}
        columns={columns}
        rows={queue.data?.result}
        rowKey={(r) => String(r.id)}
        loading={queue.isFetching}
        error={queue.data ? null : queue.error}
        emptyText={
          queue.isPaused && !queue.data
            ? 'Belum ada data tersimpan di perangkat; buka halaman ini saat online sekali'
            : empty
        }
        paging={{ page, perPage: KOREKSI_PER_PAGE, total: queue.data?.totalCount ?? 0, onPage }}
      />
      {deciding && (
        <DecisionDialog
          row={deciding.row}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDecide={async (id, keterangan) => {
            await enqueueKoreksiDecision({
              id,
              userid,
              koreksiId: deciding.row.id,
              status: deciding.decision,
              keterangan,
              at: dayjs(),
            });
            setDeciding(null);
            notifyDecisionSaved(online);
          }}
        />
      )}
      {photo && <PhotoDialog row={photo} onClose={() => setPhoto(null)} />}
    </Stack>
  );
}

function DecisionDialog({
  row,
  decision,
  onClose,
  onDecide,
}: {
  row: KoreksiRow;
  decision: Decision;
  onClose: () => void;
  onDecide: (id: string, keterangan: string) => Promise<void>;
}) {
  const verb = decision === 'A' ? 'Setujui' : 'Tolak';
  return (
    <OfflineDecisionDialog
      decision={decision}
      title={`${verb} Koreksi Absensi`}
      confirmLabel={verb}
      noteMax={KOREKSI_ALASAN_MAX}
      onClose={onClose}
      onDecide={onDecide}
    >
      <Text>
        {decision === 'A'
          ? row.step === 2
            ? 'Setujui koreksi ini? Absensi hari itu akan diubah sesuai usulan.'
            : 'Setujui koreksi ini? Koreksi diteruskan ke Admin.'
          : 'Tolak koreksi ini? Anda dapat menambahkan keterangan.'}
      </Text>
      <Box textStyle="sm" color="fg.muted">
        <Text>
          {row.nama} ({row.nrp}) · {hariTanggal(row.tanggal)}
        </Text>
        <KoreksiTimes row={row} />
        <Text>Alasan: {row.alasan}</Text>
      </Box>
    </OfflineDecisionDialog>
  );
}

function PhotoDialog({ row, onClose }: { row: KoreksiRow; onClose: () => void }) {
  const photo = useQuery(koreksiFotoQuery(row.id));
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>
                Foto Koreksi · {row.nama}, {hariTanggal(row.tanggal)}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {photo.data ? (
                <Image src={photo.data} alt={`Foto koreksi ${row.nama}`} maxH="70vh" mx="auto" objectFit="contain" />
              ) : photo.isError ? (
                <Text color="fg.error">Foto tidak dapat dimuat{photo.isPaused ? ' (offline)' : ''}</Text>
              ) : (
                <Skeleton height="60" />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Tutup
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
