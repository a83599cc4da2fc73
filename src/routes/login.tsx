import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChangePasswordDialog } from '../features/auth/components/change-password-dialog';
import { mountLogin, pathAfterLogin, takeForcedChange } from '../features/auth/login-screen';
import { session } from '../lib/session';
import { notifySuccess } from '../lib/toast';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ search }) => {
    const s = session.get();
    if (s) throw redirect({ href: pathAfterLogin(s.user, search.redirect) });
  },
  component: LoginPage,
});

/**
 * /login inside the app (after a logout, an expiry, or a forced password change handed over by the entry):
 * the same DOM-built form as a cold start (src/features/auth/login-screen.ts), with the app's password
 * change dialog for an account that must choose a new password first.
 */
function LoginPage() {
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [forced, setForced] = useState(takeForcedChange);
  const onLoggedIn = useCallback(
    (token: string) => {
      const { user } = session.start(token);
      void navigate({ href: pathAfterLogin(user), replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    if (!container.current) return;
    return mountLogin(container.current, { onLoggedIn, onForced: setForced });
  }, [onLoggedIn]);

  return (
    <>
      <div ref={container} />
      {forced && (
        <ChangePasswordDialog
          open
          username={forced.username}
          forced={forced}
          onClose={() => setForced(null)}
          onChanged={(answer) => {
            setForced(null);
            notifySuccess(answer.message);
            onLoggedIn(answer.token);
          }}
        />
      )}
    </>
  );
}
