import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { StoreCreatePage } from '../../../features/store/components/store-create-page';

export const Route = createFileRoute('/_app/store/new')({
  component: NewStoreRoute,
});

function NewStoreRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <StoreCreatePage
        onCreated={(id) => void navigate({ to: '/store/$id/edit', params: { id } })}
        onCancel={() => void navigate({ to: '/store' })}
      />
    </OnlineOnly>
  );
}
