import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { mayPrefetch } from '../../../features/karyawan/api';
import { KaryawanUploadPage } from '../../../features/karyawan/components/upload-page';
import { uploadLogQuery } from '../../../features/karyawan/upload-api';

export const Route = createFileRoute('/_app/karyawan/upload')({
  loader: ({ context }) => {
    if (mayPrefetch('karyawan.upload')) void context.queryClient.prefetchQuery(uploadLogQuery(1));
  },
  component: KaryawanUploadRoute,
});

function KaryawanUploadRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RequirePermission permissions={['karyawan.upload']}>
        <KaryawanUploadPage onCancel={() => void navigate({ to: '/karyawan' })} />
      </RequirePermission>
    </OnlineOnly>
  );
}
