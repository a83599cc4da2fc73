import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { DEFAULT_PAGE_SIZE } from '../../../domain/list-query';
import { NewsListQuerySchema } from '../../../domain/news/news-search';
import { newsListQuery } from '../../../features/news/api';
import { NewsListPage } from '../../../features/news/components/news-list-page';

export const Route = createFileRoute('/_app/news/')({
  validateSearch: NewsListQuerySchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PAGE_SIZE, q: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(newsListQuery(deps));
  },
  component: NewsRoute,
});

function NewsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <NewsListPage
        search={search}
        onSearch={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }) })}
        onCreate={() => void navigate({ to: '/news/new' })}
      />
    </OnlineOnly>
  );
}
