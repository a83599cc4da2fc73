import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { endSession, lastEndReason } from '../app/auth-events';
import { ensureFullSystem } from '../app/system';
import { useFieldData } from '../app/field-data';
import { AppLayout } from '../app/layout/app-layout';
import { mayOpen } from '../app/screens';
import { useCurrentScreen } from '../app/use-screen';
import { ConfirmDialog } from '../components/confirm-dialog';
import { NotAllowed } from '../components/not-allowed';
import { loginDetailQuery } from '../features/auth/api';
import { askPersistentStorage } from '../lib/offline/triggers';
import { useOutboxRows } from '../lib/offline/use-outbox';
import { session } from '../lib/session';
import { useSession } from '../lib/use-session';

/**
 * Every route but /login: without a stored session, go to /login and remember where the user was going.
 * The one route guard: a screen whose permissions (src/app/screens.ts) the user lacks shows "Not
 * Allowed" in place of the screen, inside the layout, so the route files never repeat permissions.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    if (!session.get()) throw redirect({ to: '/login', search: { redirect: location.href } });
    // Every screen in here renders with the full Chakra theme (the login paints with a smaller one).
    await ensureFullSystem();
  },
  component: AppShell,
});

function AppShell() {
  const current = useSession();
  const navigate = useNavigate();
  const router = useRouter();
  const screen = useCurrentScreen();
  // Spec: the layout refreshes the user's permissions on load (a role may have changed since login).
  const detail = useQuery({ ...loginDetailQuery(current?.user.userid ?? ''), enabled: !!current });
  useFieldData();
  useEffect(() => {
    if (detail.data) session.refresh(detail.data);
  }, [detail.data]);
  // Signed in: ask the browser not to evict the outbox under storage pressure.
  useEffect(() => {
    void askPersistentStorage();
  }, []);
  // The session ended (logout, expiry, or another tab): back to /login, remembering the page on expiry.
  useEffect(() => {
    if (current) return;
    const here = router.state.location.href;
    void navigate({ to: '/login', search: lastEndReason() === 'expired' ? { redirect: here } : {}, replace: true });
  }, [current, navigate, router]);

  // Logout never deletes unsent records, but it warns first: they only go out after this account logs in again.
  const unsent = (useOutboxRows(current?.user.userid) ?? []).filter((r) => r.state !== 'done').length;
  const [confirmLogout, setConfirmLogout] = useState(false);

  if (!current) return null;
  return (
    <AppLayout
      user={current.user}
      onProfile={() => void navigate({ to: '/profile' })}
      onSync={() => void navigate({ to: '/sinkron' })}
      onLogout={() => (unsent > 0 ? setConfirmLogout(true) : endSession('logout'))}
    >
      {mayOpen(screen, current.user.permissions) ? <Outlet /> : <NotAllowed />}
      <ConfirmDialog
        open={confirmLogout}
        title="Masih ada data belum terkirim"
        confirmLabel="Tetap Logout"
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => {
          setConfirmLogout(false);
          endSession('logout');
        }}
      >
        {`${unsent} data belum terkirim ke server. Data tetap tersimpan di perangkat ini dan akan dikirim setelah Anda login kembali dengan akun ini.`}
      </ConfirmDialog>
    </AppLayout>
  );
}
