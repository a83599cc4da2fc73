import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { DetailSearchSchema, karyawanDetailQuery, mayPrefetch } from '../../../features/karyawan/api';
import { KaryawanDetailPage } from '../../../features/karyawan/components/karyawan-detail-page';

export const Route = createFileRoute('/_app/karyawan/$id/edit')({
  validateSearch: DetailSearchSchema,
  loader: ({ context, params }) => {
    if (mayPrefetch('karyawan.read')) void context.queryClient.prefetchQuery(karyawanDetailQuery(params.id));
  },
  component: KaryawanDetailRoute,
});

function KaryawanDetailRoute() {
  const { id } = Route.useParams();
  const { from } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RequirePermission permissions={['karyawan.read']}>
        <KaryawanDetailPage
          key={id}
          nrp={id}
          readOnly={from === 'resign'}
          onDeleted={() => void navigate({ to: '/karyawan' })}
        />
      </RequirePermission>
    </OnlineOnly>
  );
}
