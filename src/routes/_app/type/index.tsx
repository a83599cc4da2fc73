import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { LIST_SEARCH_DEFAULTS, ListSearchSchema, masterListQuery } from '../../../features/master/api';
import { MasterListPage } from '../../../features/master/components/master-list-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/type/')({
  validateSearch: ListSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(masterListQuery('karyawan-type', deps)),
  component: TypeListScreen,
});

function TypeListScreen() {
  const navigate = Route.useNavigate();
  return (
    <MasterListPage
      screen={MASTER_SCREENS['karyawan-type']}
      permissions={screenFor('/type')!.permissions}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search })}
      onCreate={() => void navigate({ to: '/type/new' })}
    />
  );
}
