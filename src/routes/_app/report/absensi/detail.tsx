import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../../app/prefetch';
import { ReportAbsensiQuerySchema, SUMMARY_PAGE_SIZE } from '../../../../domain/report/report-search';
import { BLANK_FILTER } from '../../../../features/report/search';
import { ReportDetailPage } from '../../../../features/report/components/report-detail-page';
import { reportDetailQuery } from '../../../../features/report/api';

export const Route = createFileRoute('/_app/report/absensi/detail')({
  validateSearch: ReportAbsensiQuerySchema,
  search: { middlewares: [stripSearchParams({ ...BLANK_FILTER, page: 1, per_page: SUMMARY_PAGE_SIZE })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (deps.period && mayPrefetch(route)) void context.queryClient.prefetchQuery(reportDetailQuery(deps));
  },
  component: ReportRoute,
});

function ReportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportDetailPage
      search={search}
      onSearch={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }) })}
    />
  );
}
