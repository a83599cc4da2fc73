import { createFileRoute } from '@tanstack/react-router';
import { LeaveRequestPage } from '../../../features/leave/components/leave-request-page';
import { jenisCutiQuery, jenisLeaveQuery } from '../../../features/leave/api';
import { currentPeriodQuery, lookupQuery, periodLookupQuery } from '../../../lib/lookups';

export const Route = createFileRoute('/_app/request/leave')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(jenisLeaveQuery());
    void context.queryClient.prefetchQuery(jenisCutiQuery());
    // What the period kinds need, cached for offline use.
    void context.queryClient.prefetchQuery(currentPeriodQuery());
    void context.queryClient.prefetchQuery(periodLookupQuery());
    void context.queryClient.prefetchQuery(lookupQuery('shift'));
  },
  component: RequestLeaveRoute,
});

function RequestLeaveRoute() {
  const navigate = Route.useNavigate();
  return <LeaveRequestPage onSaved={() => void navigate({ to: '/leave' })} />;
}
