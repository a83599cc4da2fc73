import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../../components/online-only';
import { RequirePermission } from '../../../../components/require-permission';
import { KaryawanCreatePage } from '../../../../features/karyawan/components/karyawan-create-page';

export const Route = createFileRoute('/_app/karyawan/create/new')({
  component: NewKaryawanRoute,
});

function NewKaryawanRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RequirePermission permissions={['karyawan.create']}>
        <KaryawanCreatePage onCreated={() => void navigate({ to: '/karyawan' })} />
      </RequirePermission>
    </OnlineOnly>
  );
}
