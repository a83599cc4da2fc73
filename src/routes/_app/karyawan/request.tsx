import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { REQUEST_SEARCH_DEFAULTS, RequestSearchSchema, type RequestSearch } from '../../../domain/karyawan/karyawan-search';
import { requestListQuery } from '../../../features/karyawan/requests/api';
import { RequestListPage } from '../../../features/karyawan/requests/request-list-page';

export const Route = createFileRoute('/_app/karyawan/request')({
  validateSearch: RequestSearchSchema,
  search: { middlewares: [stripSearchParams(REQUEST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(requestListQuery(deps));
  },
  component: RequestRoute,
});

function RequestRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<RequestSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  return (
    <OnlineOnly>
      <RequestListPage search={search} onSearchChange={onSearchChange} />
    </OnlineOnly>
  );
}
