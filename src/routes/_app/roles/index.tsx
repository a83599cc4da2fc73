import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { DEFAULT_PAGE_SIZE, ListQuerySchema } from '../../../domain/list-query';
import { mayPrefetch, roleListQuery } from '../../../features/roles/api';
import { RoleListPage } from '../../../features/roles/components/role-list-page';

export const Route = createFileRoute('/_app/roles/')({
  validateSearch: ListQuerySchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PAGE_SIZE, q: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayPrefetch('role.read')) void context.queryClient.prefetchQuery(roleListQuery(deps));
  },
  component: RolesRoute,
});

function RolesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <RequirePermission permissions={['role.read']}>
        <RoleListPage
          search={search}
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
          onCreate={() => void navigate({ to: '/roles/new' })}
        />
      </RequirePermission>
    </OnlineOnly>
  );
}
