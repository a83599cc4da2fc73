import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { StoreUploadPage } from '../../../features/store/components/store-upload-page';

export const Route = createFileRoute('/_app/store/upload')({
  component: StoreUploadRoute,
});

function StoreUploadRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <StoreUploadPage onCancel={() => void navigate({ to: '/store' })} />
    </OnlineOnly>
  );
}
