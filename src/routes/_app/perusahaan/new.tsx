import { createFileRoute } from '@tanstack/react-router';
import { MasterCreatePage } from '../../../features/master/components/master-create-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/perusahaan/new')({
  component: PerusahaanNewScreen,
});

function PerusahaanNewScreen() {
  const navigate = Route.useNavigate();
  return <MasterCreatePage screen={MASTER_SCREENS.perusahaan} onDone={() => void navigate({ to: '/perusahaan' })} />;
}
