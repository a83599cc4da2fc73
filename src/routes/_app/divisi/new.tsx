import { createFileRoute } from '@tanstack/react-router';
import { MasterCreatePage } from '../../../features/master/components/master-create-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/divisi/new')({
  component: DivisiNewScreen,
});

function DivisiNewScreen() {
  const navigate = Route.useNavigate();
  return <MasterCreatePage screen={MASTER_SCREENS.divisi} onDone={() => void navigate({ to: '/divisi' })} />;
}
