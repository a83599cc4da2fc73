import { createFileRoute } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { userDetailQuery } from '../../../features/users/api';
import { UserDetailPage } from '../../../features/users/components/user-detail-page';

export const Route = createFileRoute('/_app/users/$id/edit')({
  loader: ({ context, params, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(userDetailQuery(params.id));
  },
  component: UserDetailRoute,
});

function UserDetailRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <UserDetailPage key={id} userid={id} onBack={() => void navigate({ to: '/users' })} />
    </OnlineOnly>
  );
}
