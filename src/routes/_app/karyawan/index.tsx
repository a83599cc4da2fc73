import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import {
  KARYAWAN_SEARCH_DEFAULTS,
  KaryawanSearchSchema,
  karyawanListQuery,
  mayPrefetch,
  type KaryawanSearch,
} from '../../../features/karyawan/api';
import { KaryawanListPage } from '../../../features/karyawan/components/karyawan-list-page';

export const Route = createFileRoute('/_app/karyawan/')({
  validateSearch: KaryawanSearchSchema,
  search: { middlewares: [stripSearchParams(KARYAWAN_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayPrefetch('karyawan.read')) void context.queryClient.prefetchQuery(karyawanListQuery(false, deps));
  },
  component: KaryawanListRoute,
});

function KaryawanListRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<KaryawanSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  return (
    <OnlineOnly>
      <RequirePermission permissions={['karyawan.read']}>
        <KaryawanListPage
          search={search}
          onSearchChange={onSearchChange}
          onCreate={() => void navigate({ to: '/karyawan/create/new' })}
          onUpload={() => void navigate({ to: '/karyawan/upload' })}
        />
      </RequirePermission>
    </OnlineOnly>
  );
}
