import { createFileRoute } from '@tanstack/react-router';
import { MasterCreatePage } from '../../../features/master/components/master-create-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/shift/new')({
  component: ShiftNewScreen,
});

function ShiftNewScreen() {
  const navigate = Route.useNavigate();
  return <MasterCreatePage screen={MASTER_SCREENS.shift} onDone={() => void navigate({ to: '/shift' })} />;
}
