import { createFileRoute } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { DetailSearchSchema } from '../../../domain/karyawan/karyawan-search';
import { karyawanDetailQuery } from '../../../features/karyawan/api';
import { KaryawanDetailPage } from '../../../features/karyawan/components/karyawan-detail-page';

export const Route = createFileRoute('/_app/karyawan/$id/edit')({
  validateSearch: DetailSearchSchema,
  loader: ({ context, params, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(karyawanDetailQuery(params.id));
  },
  component: KaryawanDetailRoute,
});

function KaryawanDetailRoute() {
  const { id } = Route.useParams();
  const { from } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <KaryawanDetailPage
        key={id}
        nrp={id}
        readOnly={from === 'resign'}
        onDeleted={() => void navigate({ to: '/karyawan' })}
      />
    </OnlineOnly>
  );
}
