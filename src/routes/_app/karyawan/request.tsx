import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import {
  REQUEST_SEARCH_DEFAULTS,
  RequestSearchSchema,
  requestListQuery,
  type RequestSearch,
} from '../../../features/karyawan/requests/api';
import { RequestListPage } from '../../../features/karyawan/requests/request-list-page';
import { session } from '../../../lib/session';

export const Route = createFileRoute('/_app/karyawan/request')({
  validateSearch: RequestSearchSchema,
  search: { middlewares: [stripSearchParams(REQUEST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (navigator.onLine && session.get()?.user.permissions.includes('karyawan.request.edit')) {
      void context.queryClient.prefetchQuery(requestListQuery(deps));
    }
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
      <RequirePermission permissions={['karyawan.request.edit']}>
        <RequestListPage search={search} onSearchChange={onSearchChange} />
      </RequirePermission>
    </OnlineOnly>
  );
}
