import { Badge, Box, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { tanggalPanjang } from '../../../lib/format';
import { useOutboxRows } from '../../../lib/offline/use-outbox';
import { errorMessage } from '../../../lib/http';
import { useOnline, useSession } from '../../../lib/use-session';
import { myNewsQuery } from '../api';
import { NEWS_TEXTS as T } from '../texts';
import { queuedReads } from '../unread';

/** /info: the news addressed to her and valid today, newest first; unread ones marked. Works offline. */
export function InfoListPage() {
  const user = useSession()?.user;
  const online = useOnline();
  // Opening Info asks again when there is a signal (an item may have come since the phone's copy).
  const query = useQuery({ ...myNewsQuery(user?.userid ?? ''), enabled: !!user?.nrp, staleTime: 0 });
  const queued = queuedReads(useOutboxRows(user?.userid));
  const items = query.data?.result;

  return (
    <Stack gap="3" maxW="2xl" mx="auto" pb="20">
      <Heading as="h2" size="lg">
        {T.infoTitle}
      </Heading>
      {!items && query.isFetching && online && <Skeleton height="24" />}
      {!items && !query.isFetching && (
        <Text color="fg.muted">{online && query.error ? errorMessage(query.error) : T.infoNotStored}</Text>
      )}
      {items?.length === 0 && <Text color="fg.muted">{T.infoEmpty}</Text>}
      {items?.map((n) => {
        const unread = n.read_at === null && !queued.has(n.news_id);
        return (
          <Link key={n.news_id} to="/info/$id" params={{ id: String(n.news_id) }} data-testid="info-item">
            <Card.Root
              variant="outline"
              size="sm"
              borderColor={unread ? 'green.solid' : undefined}
              _hover={{ bg: 'bg.muted' }}
            >
              <Card.Body gap="1">
                <HStack justify="space-between" align="start" gap="2">
                  <Text fontWeight={unread ? 'bold' : 'medium'} lineClamp={2}>
                    {n.judul}
                  </Text>
                  {unread && (
                    <Badge colorPalette="green" variant="solid" flexShrink={0}>
                      {T.infoNew}
                    </Badge>
                  )}
                </HStack>
                <Text textStyle="sm" color="fg.muted" lineClamp={2} whiteSpace="pre-line">
                  {n.isi}
                </Text>
                <Box>
                  <Text textStyle="xs" color="fg.subtle">
                    {T.infoUntil(tanggalPanjang(n.validto))}
                  </Text>
                </Box>
              </Card.Body>
            </Card.Root>
          </Link>
        );
      })}
    </Stack>
  );
}
