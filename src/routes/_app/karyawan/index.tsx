import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../components/online-only';
import { KARYAWAN_SEARCH_DEFAULTS, KaryawanSearchSchema, type KaryawanSearch } from '../../../domain/karyawan/karyawan-search';
import { karyawanListQuery } from '../../../features/karyawan/api';
import { KaryawanListPage } from '../../../features/karyawan/components/karyawan-list-page';

export const Route = createFileRoute('/_app/karyawan/')({
  validateSearch: KaryawanSearchSchema,
  search: { middlewares: [stripSearchParams(KARYAWAN_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(karyawanListQuery(false, deps));
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
      <KaryawanListPage
        search={search}
        onSearchChange={onSearchChange}
        onCreate={() => void navigate({ to: '/karyawan/create/new' })}
        onUpload={() => void navigate({ to: '/karyawan/upload' })}
      />
    </OnlineOnly>
  );
}
