import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../app/prefetch';
import { useCallback } from 'react';
import { OnlineOnly } from '../../../components/online-only';
import { POSTING_SEARCH_DEFAULTS, PostingSearchSchema, type PostingSearch } from '../../../domain/karyawan/karyawan-search';
import { postingListQuery } from '../../../features/karyawan/api';
import { PostingListPage } from '../../../features/karyawan/components/posting-list-page';

export const Route = createFileRoute('/_app/karyawan/posting')({
  validateSearch: PostingSearchSchema,
  search: { middlewares: [stripSearchParams(POSTING_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (mayPrefetch(route)) void context.queryClient.prefetchQuery(postingListQuery(deps));
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
      <PostingListPage search={search} onSearchChange={onSearchChange} />
    </OnlineOnly>
  );
}
