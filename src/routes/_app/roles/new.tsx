import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { RoleCreatePage } from '../../../features/roles/components/role-create-page';

export const Route = createFileRoute('/_app/roles/new')({
  component: NewRoleRoute,
});

function NewRoleRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RoleCreatePage
        onCreated={(id) => void navigate({ to: '/roles/$id/edit', params: { id } })}
        onCancel={() => void navigate({ to: '/roles' })}
      />
    </OnlineOnly>
  );
}
