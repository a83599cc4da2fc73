import { createFileRoute } from '@tanstack/react-router';
import { BelumTersedia } from '../../components/not-allowed';
import { RequirePermission } from '../../components/require-permission';

export const Route = createFileRoute('/_app/')({
  component: () => (
    <RequirePermission permissions={['dashboard.read']}>
      <BelumTersedia title="Dashboard" />
    </RequirePermission>
  ),
});
