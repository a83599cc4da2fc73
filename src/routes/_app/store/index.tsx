import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { DEFAULT_PAGE_SIZE } from '../../../domain/list-query';
import { StoreListQuerySchema } from '../../../domain/store/store-search';
import { storeListQuery } from '../../../features/store/api';
import { StoreListPage } from '../../../features/store/components/store-list-page';

export const Route = createFileRoute('/_app/store/')({
  validateSearch: StoreListQuerySchema,
  search: {
    middlewares: [
      stripSearchParams({ page: 1, per_page: DEFAULT_PAGE_SIZE, q: '', client_id: '', sales_office_id: '' }),
    ],
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(storeListQuery(deps));
  },
  component: StoreRoute,
});

function StoreRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <StoreListPage
        search={search}
        onSearch={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }) })}
        onCreate={() => void navigate({ to: '/store/new' })}
        onUpload={() => void navigate({ to: '/store/upload' })}
      />
    </OnlineOnly>
  );
}
