import { createFileRoute } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { MasterCreatePage } from '../../../features/master/components/master-create-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/client/new')({
  component: ClientNewScreen,
});

function ClientNewScreen() {
  const navigate = Route.useNavigate();
  return (
    <MasterCreatePage
      screen={MASTER_SCREENS.client}
      permissions={screenFor('/client/new')!.permissions}
      onDone={() => void navigate({ to: '/client' })}
    />
  );
}
