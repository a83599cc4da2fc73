import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { NewsIdParamSchema } from '../../../domain/news/news';
import { newsDetailQuery } from '../../../features/news/api';
import { NewsEditPage } from '../../../features/news/components/news-edit-page';

const idOf = (params: { id: string }) => {
  const parsed = v.safeParse(NewsIdParamSchema, params);
  return parsed.success ? parsed.output.id : 0;
};

export const Route = createFileRoute('/_app/news/$id/edit')({
  loader: ({ context, params, route }) => {
    const id = idOf(params);
    if (id && mayPrefetch(route)) void context.queryClient.prefetchQuery(newsDetailQuery(id));
  },
  component: NewsEditRoute,
});

function NewsEditRoute() {
  const id = idOf(Route.useParams());
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <NewsEditPage key={id} id={id} onDeleted={() => void navigate({ to: '/news' })} />
    </OnlineOnly>
  );
}
