import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { PERIOD_SEARCH_DEFAULTS, PeriodSearchSchema } from '../../../domain/master/master-search';
import { periodListQuery } from '../../../features/master/api';
import { PeriodListPage } from '../../../features/master/components/period-list-page';

export const Route = createFileRoute('/_app/period/')({
  validateSearch: PeriodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(periodListQuery(deps));
  },
  component: PeriodListScreen,
});

function PeriodListScreen() {
  const navigate = Route.useNavigate();
  return <PeriodListPage search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />;
}
