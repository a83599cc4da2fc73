import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { AbsensiUploadPage } from '../../../features/absensi/admin/components/upload-page';

export const Route = createFileRoute('/_app/absensi/upload')({
  component: AbsensiUploadRoute,
});

function AbsensiUploadRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <AbsensiUploadPage onCancel={() => void navigate({ to: '/absensi' })} />
    </OnlineOnly>
  );
}
