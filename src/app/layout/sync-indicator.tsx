import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { jamDari } from '../../lib/format';
import { useOutboxRows, useSyncMeta } from '../../lib/offline/use-outbox';
import { useOnline } from '../../lib/use-session';

/** Top-bar status of the outbox: offline, how many records wait, and when the last one went through. */
export function SyncIndicator({ userid }: { userid: string }) {
  const online = useOnline();
  const rows = useOutboxRows(userid) ?? [];
  const meta = useSyncMeta(userid);
  const waiting = rows.filter((r) => r.state === 'pending' || r.state === 'sending').length;
  const refused = rows.filter((r) => r.state === 'needs-action').length;
  const last = meta?.lastSyncAt ? jamDari(meta.lastSyncAt) : null;
  const label = [
    online ? null : 'Offline',
    waiting ? `${waiting} menunggu sinkron` : null,
    refused ? `${refused} perlu tindakan` : null,
    last ? `sinkron ${last}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  if (online && !waiting && !refused && !last) return null;
  return (
    // Never squeezed under its own words in the top bar: the title and the user's name yield instead.
    <Link to="/sinkron" aria-label={`Status sinkron: ${label}`} data-testid="sync-indicator" style={{ flexShrink: 0 }}>
      <HStack gap="1.5" px="2" py="1" rounded="md" _hover={{ bg: 'green.800' }}>
        <Box
          w="2"
          h="2"
          rounded="full"
          bg={!online ? 'orange.300' : refused ? 'red.300' : waiting ? 'yellow.300' : 'green.200'}
        />
        {/* On a phone the dot says it (the banner under the top bar spells it out): the bell and the
            account button keep their room beside a two-word title. */}
        {!online && (
          <Text textStyle="xs" display={{ base: 'none', sm: 'block' }}>
            Offline
          </Text>
        )}
        {waiting > 0 && (
          <Badge colorPalette="yellow" variant="solid" size="sm">
            {waiting}
          </Badge>
        )}
        {refused > 0 && (
          <Badge colorPalette="red" variant="solid" size="sm">
            {refused}
          </Badge>
        )}
        {last && online && (
          <Text textStyle="xs" display={{ base: 'none', sm: 'block' }}>
            {last}
          </Text>
        )}
      </HStack>
    </Link>
  );
}
