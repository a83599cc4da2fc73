import { createFileRoute } from '@tanstack/react-router';
import { MasterCreatePage } from '../../../features/master/components/master-create-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/jabatan/new')({
  component: JabatanNewScreen,
});

function JabatanNewScreen() {
  const navigate = Route.useNavigate();
  return <MasterCreatePage screen={MASTER_SCREENS.jabatan} onDone={() => void navigate({ to: '/jabatan' })} />;
}
