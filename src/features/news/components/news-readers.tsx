import { Heading, Progress, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import type { NewsReaderRow, NewsReadersQuery } from '../../../domain/news/news';
import { tanggalPanjang } from '../../../lib/format';
import { newsReadersQuery } from '../api';
import { NEWS_TEXTS as T } from '../texts';

const PER_PAGE = 10;

const columns = (status: NewsReadersQuery['status']): Column<NewsReaderRow>[] => [
  { key: 'nrp', header: 'NRP', cell: (r) => r.nrp, card: 'title' },
  { key: 'nama', header: 'Nama', cell: (r) => r.nama },
  { key: 'lokasi', header: 'Lokasi', cell: (r) => r.lokasi ?? '-' },
  ...(status === 'read'
    ? [{ key: 'read_at', header: T.readAt, cell: (r: NewsReaderRow) => tanggalPanjang(r.read_at, true) }]
    : []),
];

/** Who of the item's audience has read it: the count, and the list of those who have not (or have). */
export function NewsReaders({ id }: { id: number }) {
  const [status, setStatus] = useState<'unread' | 'read'>('unread');
  const [page, setPage] = useState(1);
  const q: NewsReadersQuery = { status, page, per_page: PER_PAGE, q: '' };
  const query = useQuery(newsReadersQuery(id, q));
  const data = query.data;
  return (
    <Stack gap="3" maxW="3xl" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} data-testid="news-readers">
      <Heading as="h3" size="md">
        {T.readers}
      </Heading>
      {data && (
        <Stack gap="1">
          <Text fontWeight="semibold" data-testid="news-read-summary">
            {T.readSummary(data.read, data.audience)}
          </Text>
          <Progress.Root value={data.audience ? (data.read / data.audience) * 100 : 0} colorPalette="green" size="sm">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
      <Tabs.Root
        value={status}
        onValueChange={(e) => {
          setStatus(e.value as 'unread' | 'read');
          setPage(1);
        }}
        size="sm"
      >
        <Tabs.List>
          <Tabs.Trigger value="unread">{T.unreadTab}</Tabs.Trigger>
          <Tabs.Trigger value="read">{T.readTab}</Tabs.Trigger>
        </Tabs.List>
        {/* Each tab controls a panel that exists (aria-controls names it); the open one holds the table. */}
        {(['unread', 'read'] as const).map((tab) => (
          <Tabs.Content key={tab} value={tab} pt="3">
            {status === tab && (
              <DataTable
                caption={tab === 'unread' ? T.unreadTab : T.readTab}
                columns={columns(tab)}
                rows={data?.result}
                rowKey={(r) => r.nrp}
                loading={query.isFetching}
                error={query.error}
                emptyText={tab === 'unread' ? T.everyoneRead : T.nobodyRead}
                paging={{ page, perPage: PER_PAGE, total: data?.totalCount ?? 0, onPage: setPage }}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
