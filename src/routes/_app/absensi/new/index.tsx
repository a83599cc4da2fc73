import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../../components/online-only';
import { ManualFormPage } from '../../../../features/absensi-admin/components/manual-form-page';

export const Route = createFileRoute('/_app/absensi/new/')({
  component: NewAbsensiRoute,
});

function NewAbsensiRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <ManualFormPage
        onSaved={() => void navigate({ to: '/absensi/manual' })}
        onCancel={() => void navigate({ to: '/absensi/manual' })}
      />
    </OnlineOnly>
  );
}
