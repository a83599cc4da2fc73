import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { PERIOD_SEARCH_DEFAULTS, periodListQuery, PeriodSearchSchema } from '../../../features/master/api';
import { PeriodListPage } from '../../../features/master/components/period-list-page';

export const Route = createFileRoute('/_app/period/')({
  validateSearch: PeriodSearchSchema,
  search: { middlewares: [stripSearchParams(PERIOD_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(periodListQuery(deps)),
  component: PeriodListScreen,
});

function PeriodListScreen() {
  const navigate = Route.useNavigate();
  return (
    <PeriodListPage
      permissions={screenFor('/period')!.permissions}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search })}
    />
  );
}
