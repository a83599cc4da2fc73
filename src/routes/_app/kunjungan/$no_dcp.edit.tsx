import { createFileRoute } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { planDetailQuery } from '../../../features/kunjungan/api';
import { PlanEditPage } from '../../../features/kunjungan/components/plan-edit-page';

export const Route = createFileRoute('/_app/kunjungan/$no_dcp/edit')({
  loader: ({ context, params, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(planDetailQuery(params.no_dcp));
  },
  component: PlanEditRoute,
});

function PlanEditRoute() {
  const { no_dcp } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <PlanEditPage noDcp={no_dcp} onDeleted={() => void navigate({ to: '/kunjungan' })} />
    </OnlineOnly>
  );
}
