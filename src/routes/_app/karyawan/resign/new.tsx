import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../../app/prefetch';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../../components/online-only';
import {
  KARYAWAN_SEARCH_DEFAULTS,
  KaryawanSearchSchema,
  type KaryawanSearch,
} from '../../../../domain/karyawan/karyawan-search';
import { karyawanListQuery } from '../../../../features/karyawan/api';
import { ResignListPage } from '../../../../features/karyawan/components/resign-list-page';

export const Route = createFileRoute('/_app/karyawan/resign/new')({
  validateSearch: KaryawanSearchSchema,
  search: { middlewares: [stripSearchParams(KARYAWAN_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(karyawanListQuery(true, deps));
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
      <ResignListPage search={search} onSearchChange={onSearchChange} />
    </OnlineOnly>
  );
}
