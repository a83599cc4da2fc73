import { createFileRoute } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { RequirePermission } from '../../../components/require-permission';
import { LeaveReportPage } from '../../../features/leave/components/leave-report-page';

export const Route = createFileRoute('/_app/leave/laporan')({
  component: () => (
    <RequirePermission permissions={screenFor('/leave/laporan')!.permissions}>
      <LeaveReportPage />
    </RequirePermission>
  ),
});
