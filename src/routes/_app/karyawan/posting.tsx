import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import {
  mayPrefetch,
  POSTING_SEARCH_DEFAULTS,
  PostingSearchSchema,
  postingListQuery,
  type PostingSearch,
} from '../../../features/karyawan/api';
import { PostingListPage } from '../../../features/karyawan/components/posting-list-page';

export const Route = createFileRoute('/_app/karyawan/posting')({
  validateSearch: PostingSearchSchema,
  search: { middlewares: [stripSearchParams(POSTING_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayPrefetch('karyawan.posting')) void context.queryClient.prefetchQuery(postingListQuery(deps));
  },
  component: PostingRoute,
});

function PostingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<PostingSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  return (
    <OnlineOnly>
      <RequirePermission permissions={['karyawan.posting']}>
        <PostingListPage search={search} onSearchChange={onSearchChange} />
      </RequirePermission>
    </OnlineOnly>
  );
}
