import { createFileRoute } from '@tanstack/react-router';
import { LeaveListPage } from '../../../features/leave/components/leave-list-page';

export const Route = createFileRoute('/_app/leave/')({
  component: () => <LeaveListPage />,
});
