import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { KunjunganListQuerySchema } from '../../../domain/kunjungan/kunjungan-search';
import { planListQuery } from '../../../features/kunjungan/api';
import { PlanListPage } from '../../../features/kunjungan/components/plan-list-page';

export const Route = createFileRoute('/_app/kunjungan/')({
  validateSearch: KunjunganListQuerySchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: 10, period_id: '', q: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(planListQuery(deps));
  },
  component: KunjunganRoute,
});

function KunjunganRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <PlanListPage
        search={search}
        onSearch={(next) => void navigate({ search: next })}
        onCreate={() => void navigate({ to: '/kunjungan/create/new' })}
      />
    </OnlineOnly>
  );
}
