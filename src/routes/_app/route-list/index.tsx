import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { ROUTE_LIST_PAGE_SIZE, RouteListQuerySchema } from '../../../domain/route-list/route-list-search';
import { routeListQuery } from '../../../features/route-list/api';
import { RouteListListPage } from '../../../features/route-list/components/route-list-list-page';

export const Route = createFileRoute('/_app/route-list/')({
  validateSearch: RouteListQuerySchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: ROUTE_LIST_PAGE_SIZE, q: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(routeListQuery(deps));
  },
  component: RouteListRoute,
});

function RouteListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RouteListListPage
        search={search}
        onSearch={(q) => void navigate({ search: (prev) => ({ ...prev, q, page: 1 }) })}
        onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
        onCreate={() => void navigate({ to: '/route-list/new' })}
        onUpload={() => void navigate({ to: '/route-list/upload' })}
      />
    </OnlineOnly>
  );
}
