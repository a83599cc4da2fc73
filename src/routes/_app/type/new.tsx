import { createFileRoute } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { MasterCreatePage } from '../../../features/master/components/master-create-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/type/new')({
  component: TypeNewScreen,
});

function TypeNewScreen() {
  const navigate = Route.useNavigate();
  return (
    <MasterCreatePage
      screen={MASTER_SCREENS['karyawan-type']}
      permissions={screenFor('/type/new')!.permissions}
      onDone={() => void navigate({ to: '/type' })}
    />
  );
}
