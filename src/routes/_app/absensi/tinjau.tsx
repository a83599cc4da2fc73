import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { TinjauListQuerySchema } from '../../../domain/absensi/tinjau-search';
import { tinjauListQuery } from '../../../features/absensi/tinjau/api';
import { TinjauPage } from '../../../features/absensi/tinjau/components/tinjau-page';

export const Route = createFileRoute('/_app/absensi/tinjau')({
  validateSearch: TinjauListQuerySchema,
  search: { middlewares: [stripSearchParams({ status: 'open', jenis: '', lokasi_id: '', page: 1, per_page: 20 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(tinjauListQuery(deps));
  },
  component: TinjauRoute,
});

function TinjauRoute() {
  const navigate = Route.useNavigate();
  return (
    <TinjauPage
      search={Route.useSearch()}
      onSearch={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }) })}
    />
  );
}
