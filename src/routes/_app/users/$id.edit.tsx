import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { mayPrefetch, userDetailQuery } from '../../../features/users/api';
import { UserDetailPage } from '../../../features/users/components/user-detail-page';

export const Route = createFileRoute('/_app/users/$id/edit')({
  loader: ({ context, params }) => {
    if (mayPrefetch('user.read')) void context.queryClient.prefetchQuery(userDetailQuery(params.id));
  },
  component: UserDetailRoute,
});

function UserDetailRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RequirePermission permissions={['user.read']}>
        <UserDetailPage key={id} userid={id} onBack={() => void navigate({ to: '/users' })} />
      </RequirePermission>
    </OnlineOnly>
  );
}
