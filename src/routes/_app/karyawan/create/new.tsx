import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../../components/online-only';
import { KaryawanCreatePage } from '../../../../features/karyawan/components/karyawan-create-page';

export const Route = createFileRoute('/_app/karyawan/create/new')({
  component: NewKaryawanRoute,
});

function NewKaryawanRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <KaryawanCreatePage onCreated={() => void navigate({ to: '/karyawan' })} />
    </OnlineOnly>
  );
}
