import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { endSession } from '../app/auth-events';
import { AppLayout } from '../app/layout/app-layout';
import { loginDetailQuery } from '../features/auth/api';
import { session } from '../lib/session';
import { useSession } from '../lib/use-session';

/** Every route but /login: without a stored session, go to /login and remember where the user was going. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!session.get()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: AppShell,
});

function AppShell() {
  const current = useSession();
  const navigate = useNavigate();
  // Spec: the layout refreshes the user's permissions on load (a role may have changed since login).
  const detail = useQuery({ ...loginDetailQuery(current?.user.userid ?? ''), enabled: !!current });
  useEffect(() => {
    if (detail.data) session.refresh(detail.data);
  }, [detail.data]);
  useEffect(() => {
    if (!current) void navigate({ to: '/login' });
  }, [current, navigate]);

  if (!current) return null;
  return (
    <AppLayout
      user={current.user}
      onProfile={() => void navigate({ to: '/profile' })}
      onLogout={() => {
        endSession();
        void navigate({ to: '/login' });
      }}
    >
      <Outlet />
    </AppLayout>
  );
}
