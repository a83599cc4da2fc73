import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { RouteListCreatePage } from '../../../features/route-list/components/route-list-create-page';

export const Route = createFileRoute('/_app/route-list/new')({
  component: NewRouteListRoute,
});

function NewRouteListRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RouteListCreatePage
        onCreated={(id) => void navigate({ to: '/route-list/$id/edit', params: { id } })}
        onCancel={() => void navigate({ to: '/route-list' })}
      />
    </OnlineOnly>
  );
}
