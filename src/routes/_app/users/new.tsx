import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { UserCreatePage } from '../../../features/users/components/user-create-page';

export const Route = createFileRoute('/_app/users/new')({
  component: NewUserRoute,
});

function NewUserRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <UserCreatePage
        onCreated={(id) => void navigate({ to: '/users/$id/edit', params: { id } })}
        onCancel={() => void navigate({ to: '/users' })}
      />
    </OnlineOnly>
  );
}
