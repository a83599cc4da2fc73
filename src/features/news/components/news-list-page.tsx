import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import type { NewsListQuery, NewsListRow } from '../../../domain/news/news';
import { tanggal, tanggalPanjang } from '../../../lib/format';
import { useCan } from '../../../lib/use-can';
import { newsListQuery } from '../api';
import { NEWS_TEXTS as T } from '../texts';

const columns: Column<NewsListRow>[] = [
  {
    key: 'judul',
    header: T.labels.judul,
    card: 'title',
    cell: (r) => (
      <Link to="/news/$id/edit" params={{ id: String(r.news_id) }}>
        <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
          {r.judul}
        </Text>
      </Link>
    ),
  },
  {
    key: 'periode',
    header: T.labels.periode,
    cell: (r) => (
      <Text as="span" whiteSpace="nowrap">
        {tanggal(r.validfrom)} – {tanggal(r.validto)}
      </Text>
    ),
  },
  {
    key: 'prsh',
    header: T.labels.kode_prsh,
    cell: (r) => r.kode_prsh.split(',').join(', '),
  },
  {
    key: 'read',
    header: T.labels.read_count,
    align: 'end',
    cell: (r) => <Badge colorPalette={r.read_count ? 'green' : 'gray'}>{r.read_count.toLocaleString('id-ID')}</Badge>,
  },
  { key: 'update', header: T.labels.tglupdate, cell: (r) => tanggalPanjang(r.tglupdate, true) },
];

interface Props {
  search: NewsListQuery;
  onSearch: (change: Partial<NewsListQuery>) => void;
  onCreate: () => void;
}

/** /news (spec part 2 §2.10): the items within the user's scope, newest validity first. */
export function NewsListPage({ search, onSearch, onCreate }: Props) {
  const can = useCan();
  const query = useQuery(newsListQuery(search));
  return (
    <Stack gap="4">
      <PageHeader title={T.listTitle} actions={can('news.create') && <Button onClick={onCreate}>{T.add}</Button>} />
      <SearchBox q={search.q} onChange={(q) => onSearch({ q, page: 1 })} placeholder={T.search} />
      <DataTable
        caption="Daftar news"
        columns={columns}
        rows={query.data?.result}
        rowKey={(r) => String(r.news_id)}
        loading={query.isFetching}
        error={query.error}
        paging={{
          page: search.page,
          perPage: search.per_page,
          total: query.data?.totalCount ?? 0,
          onPage: (page) => onSearch({ page }),
        }}
      />
    </Stack>
  );
}
