import { AUTH_MESSAGES } from '../domain/auth';
import { setUnauthorizedHandler } from '../lib/http';
import { session } from '../lib/session';
import { notifyWarning } from '../lib/toast';
import { clearQueryCache } from './query-client';
import type { router as appRouter } from './router';

/** Logout: the session and cached answers go; the offline outbox stays (it is not in local storage). */
export function endSession() {
  session.end();
  clearQueryCache();
}

let expiring = false;
/** Spec part 1 §4: a 401 on any call shows "Session Expired. Please re-login" and logs out. */
export function installSessionExpiry(router: typeof appRouter) {
  setUnauthorizedHandler(() => {
    if (expiring || !session.get()) return;
    expiring = true;
    notifyWarning(AUTH_MESSAGES.sessionExpired);
    const here = router.state.location.href;
    endSession();
    void router.navigate({ to: '/login', search: { redirect: here } }).finally(() => {
      expiring = false;
    });
  });
}
