import { createFileRoute } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { roleDetailQuery } from '../../../features/roles/api';
import { RoleDetailPage } from '../../../features/roles/components/role-detail-page';

export const Route = createFileRoute('/_app/roles/$id/edit')({
  loader: ({ context, params, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(roleDetailQuery(params.id));
  },
  component: RoleDetailRoute,
});

function RoleDetailRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RoleDetailPage key={id} id={id} onDone={() => void navigate({ to: '/roles' })} />
    </OnlineOnly>
  );
}
