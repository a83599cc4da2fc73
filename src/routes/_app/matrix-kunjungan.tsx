import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { mayPrefetch } from '../../app/prefetch';
import { OnlineOnly } from '../../components/online-only';
import { routeListId } from '../../domain/route-list/route-list-search';
import { matrixQuery } from '../../features/route-list/api';
import { MatrixPage } from '../../features/route-list/components/matrix-page';

/** `?id=` the route list shown; anything else in the address shows the picker alone. */
const SearchSchema = v.object({ id: v.fallback(v.optional(routeListId(), ''), '') });

export const Route = createFileRoute('/_app/matrix-kunjungan')({
  validateSearch: SearchSchema,
  search: { middlewares: [stripSearchParams({ id: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (deps.id && mayPrefetch(route)) void context.queryClient.prefetchQuery(matrixQuery(deps.id));
  },
  component: MatrixRoute,
});

function MatrixRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <MatrixPage routeListId={id} onPick={(next) => void navigate({ search: { id: next } })} />
    </OnlineOnly>
  );
}
