import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { LIST_SEARCH_DEFAULTS, ListSearchSchema } from '../../../domain/master/master-search';
import { masterListQuery } from '../../../features/master/api';
import { MasterListPage } from '../../../features/master/components/master-list-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/type/')({
  validateSearch: ListSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(masterListQuery('karyawan-type', deps));
  },
  component: TypeListScreen,
});

function TypeListScreen() {
  const navigate = Route.useNavigate();
  return (
    <MasterListPage
      screen={MASTER_SCREENS['karyawan-type']}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search })}
      onCreate={() => void navigate({ to: '/type/new' })}
    />
  );
}
