import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { NewsIdParamSchema } from '../../../domain/news/news';
import { InfoDetailPage } from '../../../features/news/components/info-detail-page';

export const Route = createFileRoute('/_app/info/$id')({
  component: InfoDetailRoute,
});

function InfoDetailRoute() {
  const parsed = v.safeParse(NewsIdParamSchema, Route.useParams());
  return <InfoDetailPage key={parsed.success ? parsed.output.id : 0} id={parsed.success ? parsed.output.id : 0} />;
}
