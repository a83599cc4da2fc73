import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { outboxKindLabel } from '../../../domain/outbox-kinds';
import { tanggalPanjang } from '../../../lib/format';
import type { OutboxRow } from '../../../lib/offline/db';
import { discardRow, retryRow } from '../../../lib/offline/outbox';
import { requestReplay } from '../../../lib/offline/triggers';
import { useOutboxRows, useSyncMeta } from '../../../lib/offline/use-outbox';
import { useOnline, useSession } from '../../../lib/use-session';

const STATE_LABEL: Record<OutboxRow['state'], { text: string; palette: string }> = {
  pending: { text: 'Menunggu sinkron', palette: 'orange' },
  sending: { text: 'Mengirim…', palette: 'blue' },
  'needs-action': { text: 'Perlu tindakan', palette: 'red' },
  done: { text: 'Terkirim', palette: 'green' },
};

/** What is still on this phone: waiting rows, and rows the server refused, with retry and discard. */
export function SyncPage() {
  const user = useSession()?.user;
  const rows = useOutboxRows(user?.userid) ?? [];
  const meta = useSyncMeta(user?.userid);
  const online = useOnline();
  const [discarding, setDiscarding] = useState<OutboxRow | null>(null);
  const open = rows.filter((r) => r.state !== 'done');
  // Delivered rows the server already held: nothing to do, but the user sees why no new record appeared.
  const noted = rows.filter((r) => r.state === 'done' && r.note).reverse();

  return (
    <Stack gap="4" maxW="2xl" mx="auto" pb="20">
      <Card.Root>
        <Card.Body>
          <Stack gap="1">
            <Text data-testid="sync-summary">
              {open.length === 0 ? 'Semua data sudah terkirim.' : `${open.length} data belum terkirim.`}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {online ? 'Online' : 'Offline'} · Sinkron terakhir:{' '}
              {meta?.lastSyncAt ? tanggalPanjang(meta.lastSyncAt, true) : 'belum pernah'}
            </Text>
            <HStack mt="2">
              <Button size="sm" onClick={() => requestReplay(0)} disabled={!online || open.length === 0}>
                Sinkronkan sekarang
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
      {open.map((row) => (
        <Card.Root key={row.id} size="sm" data-testid="outbox-row">
          <Card.Body>
            <Stack gap="2">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{outboxKindLabel(row.kind)}</Text>
                <Badge colorPalette={STATE_LABEL[row.state].palette}>{STATE_LABEL[row.state].text}</Badge>
              </HStack>
              <Text textStyle="sm" color="fg.muted">
                Dicatat {tanggalPanjang(row.capturedAt, 'seconds')}
                {row.attempts > 0 && ` · ${row.attempts}× dicoba`}
              </Text>
              {row.lastError && (
                <Text textStyle="sm" color={row.state === 'needs-action' ? 'fg.error' : 'fg.muted'}>
                  {row.lastError}
                </Text>
              )}
              <HStack>
                <Button size="sm" variant="outline" onClick={() => void retryRow(row.id).then(() => requestReplay(0))}>
                  Kirim ulang
                </Button>
                {row.state === 'needs-action' && (
                  <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setDiscarding(row)}>
                    Buang
                  </Button>
                )}
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
      {noted.map((row) => (
        <Card.Root key={row.id} size="sm" variant="subtle" data-testid="outbox-row-noted">
          <Card.Body>
            <Stack gap="1">
              <HStack justify="space-between" gap="2" flexWrap="wrap">
                <Text fontWeight="semibold">{outboxKindLabel(row.kind)}</Text>
                <Badge colorPalette={STATE_LABEL.done.palette}>{STATE_LABEL.done.text}</Badge>
              </HStack>
              <Text textStyle="sm" color="fg.muted">
                Dicatat {tanggalPanjang(row.capturedAt, 'seconds')}
              </Text>
              <Text textStyle="sm">{row.note}. Tidak perlu tindakan.</Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
      <ConfirmDialog
        open={!!discarding}
        title="Buang data ini?"
        confirmLabel="Buang"
        danger
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void discardRow(discarding.id);
          setDiscarding(null);
        }}
      >
        {discarding
          ? `${outboxKindLabel(discarding.kind)} yang dicatat ${tanggalPanjang(discarding.capturedAt, true)} akan dihapus dari perangkat dan tidak akan dikirim.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
