import { createFileRoute } from '@tanstack/react-router';
import { ApprovalPage } from '../../../features/leave/components/approval-page';

export const Route = createFileRoute('/_app/approval/leave')({
  component: () => <ApprovalPage />,
});
