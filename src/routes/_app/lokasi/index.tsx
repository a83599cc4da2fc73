import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { LIST_SEARCH_DEFAULTS, ListSearchSchema, masterListQuery } from '../../../features/master/api';
import { MasterListPage } from '../../../features/master/components/master-list-page';
import { MASTER_SCREENS } from '../../../features/master/screens';

export const Route = createFileRoute('/_app/lokasi/')({
  validateSearch: ListSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(masterListQuery('lokasi', deps)),
  component: LokasiListScreen,
});

function LokasiListScreen() {
  const navigate = Route.useNavigate();
  return (
    <MasterListPage
      screen={MASTER_SCREENS.lokasi}
      permissions={screenFor('/lokasi')!.permissions}
      search={Route.useSearch()}
      onSearch={(search) => void navigate({ search })}
      onCreate={() => void navigate({ to: '/lokasi/new' })}
    />
  );
}
