import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { mayPrefetch } from '../../../app/prefetch';
import { SUMMARY_PAGE_SIZE } from '../../../domain/absensi/absensi-summary';
import { page, periodId } from '../../../domain/primitives';
import { periodSummaryQuery } from '../../../features/absensi/posting/api';
import { PostingPage } from '../../../features/absensi/posting/components/posting-page';

const PostingSearchSchema = v.object({
  // ?period=202611 typed in the address reaches the router's search as a number.
  period: v.optional(
    v.union([v.literal(''), periodId(), v.pipe(v.number(), v.integer(), v.transform(String), periodId())]),
    '',
  ),
  page: page(),
});

export const Route = createFileRoute('/_app/absensi/posting')({
  validateSearch: PostingSearchSchema,
  search: { middlewares: [stripSearchParams({ period: '', page: 1 })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (deps.period && mayPrefetch(route))
      void context.queryClient.prefetchQuery(
        periodSummaryQuery(deps.period, { page: deps.page, per_page: SUMMARY_PAGE_SIZE }),
      );
  },
  component: PostingRoute,
});

function PostingRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PostingPage search={search} onSearch={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }) })} />
  );
}
