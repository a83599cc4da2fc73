import { createFileRoute } from '@tanstack/react-router';
import { MasterCreatePage } from '../../../features/master/components/master-create-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/departemen/new')({
  component: DepartemenNewScreen,
});

function DepartemenNewScreen() {
  const navigate = Route.useNavigate();
  return <MasterCreatePage screen={MASTER_SCREENS.departemen} onDone={() => void navigate({ to: '/departemen' })} />;
}
