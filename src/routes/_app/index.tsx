import { createFileRoute, redirect } from '@tanstack/react-router';
import { OnlineOnly } from '../../components/online-only';
import { homePathFor } from '../../domain/roles/permissions';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { session } from '../../lib/session';

export const Route = createFileRoute('/_app/')({
  // The installed app starts at "/": field staff, who have no dashboard, go to their own home instead of
  // "Not Allowed".
  beforeLoad: () => {
    const s = session.get();
    if (s && homePathFor(s.user.role, s.user.permissions) !== '/') throw redirect({ to: '/profile', replace: true });
  },
  component: () => (
    <OnlineOnly>
      <DashboardPage />
    </OnlineOnly>
  ),
});
