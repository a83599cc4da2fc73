import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { endSession, lastEndReason } from '../app/auth-events';
import { useFieldData } from '../app/field-data';
import { AppLayout } from '../app/layout/app-layout';
import { mayOpen } from '../app/screens';
import { useCurrentScreen } from '../app/use-screen';
import { ConfirmDialog } from '../components/confirm-dialog';
import { NotAllowed } from '../components/not-allowed';
import { loginDetailQuery } from '../features/auth/api';
import { askPersistentStorage } from '../lib/offline/triggers';
import { rowsOf, undeliveredOf } from '../lib/offline/outbox';
import { session } from '../lib/session';
import { useSession } from '../lib/use-session';

/**
 * Every route but /login: without a stored session, go to /login and remember where the user was going.
 * The one route guard: a screen whose permissions (src/app/screens.ts) the user lacks shows "Not
 * Allowed" in place of the screen, inside the layout, so the route files never repeat permissions.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!session.get()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: AppShell,
});

function AppShell() {
  const current = useSession();
  const navigate = useNavigate();
  const router = useRouter();
  const screen = useCurrentScreen();
  // The session ended (logout, expiry, or another tab): back to /login, remembering the page on expiry.
  useEffect(() => {
    if (current) return;
    const here = router.state.location.href;
    void navigate({ to: '/login', search: lastEndReason() === 'expired' ? { redirect: here } : {}, replace: true });
  }, [current, navigate, router]);

  // Logout never deletes unsent records, but it warns first: they only go out after this account logs in again.
  const [unsent, setUnsent] = useState(0);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const logout = (userid: string) =>
    void rowsOf(userid)
      .then((rows) => undeliveredOf(rows).length)
      .catch(() => 0)
      .then((count) => {
        if (count === 0) return endSession('logout');
        setUnsent(count);
        setConfirmLogout(true);
      });

  if (!current) return null;
  return (
    <AppLayout
      user={current.user}
      onProfile={() => void navigate({ to: '/profile' })}
      onSync={() => void navigate({ to: '/sinkron' })}
      onLogout={() => logout(current.user.userid)}
    >
      <SessionKeeper userid={current.user.userid} />
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

/**
 * What the signed-in app keeps up to date behind the screens: the user's permissions (refreshed on load,
 * a role may have changed since login), the phone's copy of the day, persistent storage. A component of
 * its own that renders nothing, so the answers, the restored cache and the network coming and going
 * re-render it alone, not the whole layout and screen around it.
 */
function SessionKeeper({ userid }: { userid: string }) {
  const detail = useQuery(loginDetailQuery(userid));
  useFieldData();
  useEffect(() => {
    if (detail.data) session.refresh(detail.data);
  }, [detail.data]);
  // Signed in: ask the browser not to evict the outbox under storage pressure.
  useEffect(() => {
    void askPersistentStorage();
  }, []);
  return null;
}
