import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { OnlineOnly } from '../../../components/online-only';
import { DEFAULT_PAGE_SIZE, ListQuerySchema } from '../../../domain/list-query';
import { roleListQuery } from '../../../features/roles/api';
import { RoleListPage } from '../../../features/roles/components/role-list-page';

export const Route = createFileRoute('/_app/roles/')({
  validateSearch: ListQuerySchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PAGE_SIZE, q: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(roleListQuery(deps));
  },
  component: RolesRoute,
});

function RolesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RoleListPage
        search={search}
        onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
        onCreate={() => void navigate({ to: '/roles/new' })}
      />
    </OnlineOnly>
  );
}
