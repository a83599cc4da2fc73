import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { DEFAULT_PAGE_SIZE, ListQuerySchema, type ListQuery } from '../../../domain/list-query';
import { mayPrefetch, userListQuery } from '../../../features/users/api';
import { UserListPage } from '../../../features/users/components/user-list-page';

export const Route = createFileRoute('/_app/users/')({
  validateSearch: ListQuerySchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PAGE_SIZE, q: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayPrefetch('user.read')) void context.queryClient.prefetchQuery(userListQuery(deps));
  },
  component: UsersRoute,
});

function UsersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<ListQuery>) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  return (
    <OnlineOnly>
      <RequirePermission permissions={['user.read']}>
        <UserListPage
          search={search}
          onSearchChange={onSearchChange}
          onCreate={() => void navigate({ to: '/users/new' })}
        />
      </RequirePermission>
    </OnlineOnly>
  );
}
