import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../../components/online-only';
import { RequirePermission } from '../../../../components/require-permission';
import {
  KARYAWAN_SEARCH_DEFAULTS,
  KaryawanSearchSchema,
  karyawanListQuery,
  mayPrefetch,
  type KaryawanSearch,
} from '../../../../features/karyawan/api';
import { ResignListPage } from '../../../../features/karyawan/components/resign-list-page';

export const Route = createFileRoute('/_app/karyawan/resign/new')({
  validateSearch: KaryawanSearchSchema,
  search: { middlewares: [stripSearchParams(KARYAWAN_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayPrefetch('karyawan.resign')) void context.queryClient.prefetchQuery(karyawanListQuery(true, deps));
  },
  component: ResignRoute,
});

function ResignRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<KaryawanSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  return (
    <OnlineOnly>
      <RequirePermission permissions={['karyawan.resign']}>
        <ResignListPage search={search} onSearchChange={onSearchChange} />
      </RequirePermission>
    </OnlineOnly>
  );
}
