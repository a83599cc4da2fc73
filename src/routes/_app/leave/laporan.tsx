import { createFileRoute } from '@tanstack/react-router';
import { LeaveReportPage } from '../../../features/leave/components/leave-report-page';

export const Route = createFileRoute('/_app/leave/laporan')({
  component: () => <LeaveReportPage />,
});
