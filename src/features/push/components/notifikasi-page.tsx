import { Alert, Box, Button, Card, EmptyState, HStack, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { BellIcon } from '../../../components/icons';
import { NOTIFIKASI_JENIS, NOTIFIKASI_LABEL, type NotifikasiJenis } from '../../../domain/push/notifikasi';
import type { NotifikasiItem } from '../../../domain/push/notifikasi-list';
import { tanggalPanjang } from '../../../lib/format';
import { notifyError } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-session';
import { markRead } from '../bell-api';
import { useBell } from '../bell';

const kindLabel = (jenis: string) =>
  (NOTIFIKASI_JENIS as readonly string[]).includes(jenis) ? NOTIFIKASI_LABEL[jenis as NotifikasiJenis] : jenis;

/** An app path only: an item never opens another site. */
const appPath = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? url : '/');

/**
 * /notifikasi: the same items the pushes carried, newest first, from the phone's copy (so it reads
 * offline). Tapping one marks it read and opens its screen.
 */
export function NotifikasiPage({ userid }: { userid: string }) {
  const { data, isPending, isError } = useBell(userid);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const online = useOnline();
  const open = (item: NotifikasiItem) => {
    if (!item.read) void markRead(qc, userid, [item.id]).catch(() => undefined);
    void navigate({ to: appPath(item.url) });
  };
  if (isPending) {
    return (
      <HStack gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text>{online ? 'Memuat notifikasi…' : 'Notifikasi belum tersimpan di perangkat ini.'}</Text>
      </HStack>
    );
  }
  if (isError && !data) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Notifikasi tidak dapat dimuat. Coba lagi saat online.</Alert.Title>
      </Alert.Root>
    );
  }
  const items = data?.result ?? [];
  const unread = data?.unread ?? 0;
  return (
    <Stack gap="3" maxW="3xl" pb="20">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text color="fg.muted" aria-live="polite">
          {unread > 0 ? `${unread} belum dibaca` : 'Semua sudah dibaca'}
        </Text>
        {unread > 0 && (
          <Button
            size="sm"
            variant="outline"
            disabled={!online}
            onClick={() => void markRead(qc, userid).catch((err: unknown) => notifyError(err))}
          >
            Tandai semua dibaca
          </Button>
        )}
      </HStack>
      {items.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <BellIcon />
            </EmptyState.Indicator>
            <EmptyState.Title>Belum ada notifikasi</EmptyState.Title>
            <EmptyState.Description>
              Pengajuan, keputusan, info dan perubahan rencana kunjungan akan tampil di sini.
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" data-testid="notifikasi-list">
          {items.map((item) => (
            <Box as="li" key={item.id}>
              <Card.Root
                asChild
                w="full"
                textAlign="start"
                cursor="pointer"
                variant={item.read ? 'outline' : 'elevated'}
                bg={item.read ? 'bg' : 'green.subtle'}
                _hover={{ borderColor: 'green.solid' }}
                data-unread={item.read ? undefined : 'true'}
              >
                <button type="button" onClick={() => open(item)}>
                  <Card.Body p="3" gap="1">
                    <HStack justify="space-between" align="start" gap="3">
                      <Text fontWeight={item.read ? 'medium' : 'bold'}>
                        {!item.read && (
                          <Box
                            as="span"
                            display="inline-block"
                            w="2"
                            h="2"
                            me="2"
                            borderRadius="full"
                            bg="red.solid"
                            verticalAlign="middle"
                            aria-hidden="true"
                          />
                        )}
                        {item.title}
                        {!item.read && <VisuallyHidden> (belum dibaca)</VisuallyHidden>}
                      </Text>
                      <Text textStyle="xs" color="fg.muted" flexShrink={0}>
                        {tanggalPanjang(item.created_at, true)}
                      </Text>
                    </HStack>
                    <Text textStyle="sm">{item.body}</Text>
                    <Text textStyle="xs" color="fg.muted">
                      {kindLabel(item.jenis)}
                    </Text>
                  </Card.Body>
                </button>
              </Card.Root>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
