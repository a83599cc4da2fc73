import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { NewsCreatePage } from '../../../features/news/components/news-create-page';

export const Route = createFileRoute('/_app/news/new')({
  component: NewsNewRoute,
});

function NewsNewRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <NewsCreatePage
        onCreated={(id) => void navigate({ to: '/news/$id/edit', params: { id: String(id) } })}
        onCancel={() => void navigate({ to: '/news' })}
      />
    </OnlineOnly>
  );
}
