import { createFileRoute } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { matrixQuery, routeListDetailQuery } from '../../../features/route-list/api';
import { RouteListEditPage } from '../../../features/route-list/components/route-list-edit-page';

export const Route = createFileRoute('/_app/route-list/$id/edit')({
  loader: ({ context, params, route }) => {
    if (!mayPrefetch(route)) return;
    void context.queryClient.prefetchQuery(routeListDetailQuery(params.id));
    void context.queryClient.prefetchQuery(matrixQuery(params.id));
  },
  component: RouteListEditRoute,
});

function RouteListEditRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RouteListEditPage key={id} id={id} onDone={() => void navigate({ to: '/route-list' })} />
    </OnlineOnly>
  );
}
