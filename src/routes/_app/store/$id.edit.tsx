import { createFileRoute } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { storeDetailQuery } from '../../../features/store/api';
import { StoreDetailPage } from '../../../features/store/components/store-detail-page';

export const Route = createFileRoute('/_app/store/$id/edit')({
  loader: ({ context, params, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(storeDetailQuery(params.id));
  },
  component: StoreDetailRoute,
});

function StoreDetailRoute() {
  const { id } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <StoreDetailPage key={id} id={id} onDeleted={() => void navigate({ to: '/store' })} />
    </OnlineOnly>
  );
}
