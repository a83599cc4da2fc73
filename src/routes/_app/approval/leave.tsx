import { createFileRoute } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { RequirePermission } from '../../../components/require-permission';
import { ApprovalPage } from '../../../features/leave/components/approval-page';

export const Route = createFileRoute('/_app/approval/leave')({
  component: () => (
    <RequirePermission permissions={screenFor('/approval/leave')!.permissions}>
      <ApprovalPage />
    </RequirePermission>
  ),
});
