import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { mayPrefetch } from '../../../../app/prefetch';
import { ReportAbsensiQuerySchema, SUMMARY_PAGE_SIZE } from '../../../../domain/report/report-search';
import { BLANK_FILTER } from '../../../../features/report/search';
import { ReportDailyPage } from '../../../../features/report/components/report-daily-page';
import { reportDailyQuery } from '../../../../features/report/api';

export const Route = createFileRoute('/_app/report/absensi/rekap-harian')({
  validateSearch: ReportAbsensiQuerySchema,
  search: { middlewares: [stripSearchParams({ ...BLANK_FILTER, page: 1, per_page: SUMMARY_PAGE_SIZE })] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, route }) => {
    if (deps.period && mayPrefetch(route)) void context.queryClient.prefetchQuery(reportDailyQuery(deps));
  },
  component: ReportRoute,
});

function ReportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportDailyPage
      search={search}
      onSearch={(change) => void navigate({ search: (prev) => ({ ...prev, ...change }) })}
    />
  );
}
