import { createFileRoute } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { uploadLogQuery } from '../../../features/route-list/api';
import { RouteListUploadPage } from '../../../features/route-list/components/route-list-upload-page';

export const Route = createFileRoute('/_app/route-list/upload')({
  loader: ({ context, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(uploadLogQuery(1));
  },
  component: RouteListUploadRoute,
});

function RouteListUploadRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RouteListUploadPage onCancel={() => void navigate({ to: '/route-list' })} />
    </OnlineOnly>
  );
}
