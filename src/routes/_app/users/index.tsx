import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../components/online-only';
import { DEFAULT_PAGE_SIZE, ListQuerySchema, type ListQuery } from '../../../domain/list-query';
import { userListQuery } from '../../../features/users/api';
import { UserListPage } from '../../../features/users/components/user-list-page';

export const Route = createFileRoute('/_app/users/')({
  validateSearch: ListQuerySchema,
  search: { middlewares: [stripSearchParams({ page: 1, per_page: DEFAULT_PAGE_SIZE, q: '' })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(userListQuery(deps));
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
      <UserListPage
        search={search}
        onSearchChange={onSearchChange}
        onCreate={() => void navigate({ to: '/users/new' })}
      />
    </OnlineOnly>
  );
}
