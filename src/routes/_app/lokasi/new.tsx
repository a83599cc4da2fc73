import { createFileRoute } from '@tanstack/react-router';
import { MasterCreatePage } from '../../../features/master/components/master-create-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/lokasi/new')({
  component: LokasiNewScreen,
});

function LokasiNewScreen() {
  const navigate = Route.useNavigate();
  return <MasterCreatePage screen={MASTER_SCREENS.lokasi} onDone={() => void navigate({ to: '/lokasi' })} />;
}
