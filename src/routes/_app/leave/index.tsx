import { createFileRoute } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { RequirePermission } from '../../../components/require-permission';
import { LeaveListPage } from '../../../features/leave/components/leave-list-page';

export const Route = createFileRoute('/_app/leave/')({
  component: () => (
    <RequirePermission permissions={screenFor('/leave')!.permissions}>
      <LeaveListPage />
    </RequirePermission>
  ),
});
