import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { UserCreatePage } from '../../../features/users/components/user-create-page';

export const Route = createFileRoute('/_app/users/new')({
  component: NewUserRoute,
});

function NewUserRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RequirePermission permissions={['user.create']}>
        <UserCreatePage
          onCreated={(id) => void navigate({ to: '/users/$id/edit', params: { id } })}
          onCancel={() => void navigate({ to: '/users' })}
        />
      </RequirePermission>
    </OnlineOnly>
  );
}
