import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { mayPrefetch, roleDetailQuery } from '../../../features/roles/api';
import { RoleDetailPage } from '../../../features/roles/components/role-detail-page';

export const Route = createFileRoute('/_app/roles/$id/edit')({
  loader: ({ context, params }) => {
    if (mayPrefetch('role.read')) void context.queryClient.prefetchQuery(roleDetailQuery(params.id));
  },
  component: RoleDetailRoute,
});

function RoleDetailRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RequirePermission permissions={['role.read']}>
        <RoleDetailPage key={id} id={id} onDone={() => void navigate({ to: '/roles' })} />
      </RequirePermission>
    </OnlineOnly>
  );
}
