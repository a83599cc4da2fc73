import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../../app/prefetch';
import { ReportAbsensiQuerySchema, SUMMARY_PAGE_SIZE } from '../../../../domain/report/report-search';
import { BLANK_FILTER } from '../../../../features/report/search';
import { ReportSummaryPage } from '../../../../features/report/components/report-summary-page';
import { reportSummaryQuery } from '../../../../features/report/api';

export const Route = createFileRoute('/_app/report/absensi/rekap')({
  validateSearch: ReportAbsensiQuerySchema,
  search: { middlewares: [stripSearchParams({ ...BLANK_FILTER, page: 1, per_page: SUMMARY_PAGE_SIZE })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (deps.period && mayPrefetch(route)) void context.queryClient.prefetchQuery(reportSummaryQuery(deps));
  },
  component: ReportRoute,
});

function ReportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportSummaryPage
      search={search}
      onSearch={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }) })}
    />
  );
}
