import { createFileRoute } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { KaryawanUploadPage } from '../../../features/karyawan/components/upload-page';
import { uploadLogQuery } from '../../../features/karyawan/upload-api';

export const Route = createFileRoute('/_app/karyawan/upload')({
  loader: ({ context, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(uploadLogQuery(1));
  },
  component: KaryawanUploadRoute,
});

function KaryawanUploadRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <KaryawanUploadPage onCancel={() => void navigate({ to: '/karyawan' })} />
    </OnlineOnly>
  );
}
