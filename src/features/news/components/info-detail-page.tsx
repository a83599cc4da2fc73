import { AspectRatio, Box, Heading, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { tanggalPanjang } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';
import { storedPhotoQuery } from '../../../lib/stored-photo';
import { myNewsQuery } from '../api';
import { markNewsRead } from '../outbox';
import { NEWS_TEXTS as T } from '../texts';

function Photo({ name, alt }: { name: string; alt: string }) {
  const photo = useQuery(storedPhotoQuery(name));
  return (
    <AspectRatio ratio={4 / 3} w="full" bg="bg.muted" borderRadius="md" overflow="hidden">
      {photo.data ? (
        <Image src={photo.data} alt={alt} objectFit="cover" />
      ) : photo.isError ? (
        <Text textStyle="sm" color="fg.muted" p="4" textAlign="center">
          {T.infoPhotoOffline}
        </Text>
      ) : (
        <Skeleton />
      )}
    </AspectRatio>
  );
}

/** /info/{id}: one item from the phone's copy; opening it records that she read it (via the outbox). */
export function InfoDetailPage({ id }: { id: number }) {
  const qc = useQueryClient();
  const user = useSession()?.user;
  const query = useQuery({
    ...myNewsQuery(user?.userid ?? ''),
    enabled: !!user?.nrp,
    // An address opened directly (a shared link) may name an item the phone's copy does not hold yet.
    refetchOnMount: (q) => (q.state.data?.result.some((n) => n.news_id === id) ? false : 'always'),
  });
  const item = query.data?.result.find((n) => n.news_id === id);
  const found = item !== undefined;

  useEffect(() => {
    if (found && user) void markNewsRead(qc, user.userid, id);
  }, [found, user, qc, id]);

  return (
    <Stack gap="4" maxW="2xl" mx="auto" pb="20">
      <Link to="/info">
        <Text as="span" color="green.fg" textStyle="sm" textDecoration="underline">
          ← {T.infoBack}
        </Text>
      </Link>
      {!item && query.isFetching && <Skeleton height="40" />}
      {!item && !query.isFetching && <Text color="fg.muted">{T.infoMissing}</Text>}
      {item && (
        <Stack gap="3" as="article">
          <Heading as="h2" size="lg">
            {item.judul}
          </Heading>
          <Text textStyle="xs" color="fg.muted">
            {T.infoUntil(tanggalPanjang(item.validto))}
          </Text>
          {item.foto && <Photo name={item.foto} alt={item.judul} />}
          <Box>
            <Text whiteSpace="pre-line" overflowWrap="anywhere">
              {item.isi}
            </Text>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
