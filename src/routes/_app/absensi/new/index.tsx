import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../../components/online-only';
import { ManualFormPage } from '../../../../features/absensi/admin/components/manual-form-page';

export const Route = createFileRoute('/_app/absensi/new/')({
  component: NewAbsensiRoute,
});

function NewAbsensiRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <ManualFormPage
        // The manual list opens on the saved day, so the entry is in view.
        onSaved={(tanggal) =>
          void navigate({ to: '/absensi/manual', search: { startDate: tanggal, endDate: tanggal } })
        }
        onCancel={() => void navigate({ to: '/absensi/manual' })}
      />
    </OnlineOnly>
  );
}
