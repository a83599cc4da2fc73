import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { AbsensiListQuerySchema } from '../../../domain/absensi/absensi-search';
import { absensiListQuery } from '../../../features/absensi/admin/api';
import { AbsensiListPage } from '../../../features/absensi/admin/components/absensi-list-page';
import { ABSENSI_SEARCH_DEFAULTS } from '../../../features/absensi/admin/search';

export const Route = createFileRoute('/_app/absensi/')({
  validateSearch: AbsensiListQuerySchema,
  search: { middlewares: [stripSearchParams(ABSENSI_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(absensiListQuery(deps));
  },
  component: AbsensiRoute,
});

function AbsensiRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <AbsensiListPage
        search={search}
        onSearch={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }) })}
        onUpload={() => void navigate({ to: '/absensi/upload' })}
      />
    </OnlineOnly>
  );
}
