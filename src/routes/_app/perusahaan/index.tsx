import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { LIST_SEARCH_DEFAULTS, ListSearchSchema } from '../../../domain/master/master-search';
import { masterListQuery } from '../../../features/master/api';
import { MasterListPage } from '../../../features/master/components/master-list-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/perusahaan/')({
  validateSearch: ListSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(masterListQuery('perusahaan', deps));
  },
  component: PerusahaanListScreen,
});

function PerusahaanListScreen() {
  const navigate = Route.useNavigate();
  return (
    <MasterListPage
      screen={MASTER_SCREENS.perusahaan}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search })}
      onCreate={() => void navigate({ to: '/perusahaan/new' })}
    />
  );
}
