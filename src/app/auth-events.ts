import { AUTH_MESSAGES } from '../domain/auth/auth';
import { setUnauthorizedHandler } from '../lib/http';
import { onOutboxMessage } from '../lib/offline/signal';
import { session } from '../lib/session';
import { notifyWarning } from '../lib/toast';
import { clearQueryCache } from './query-client';

/**
 * Why the last session ended. The layout sends the user to /login either way; only an expiry
 * remembers the page, so that logging in again returns there.
 */
let endReason: 'logout' | 'expired' = 'expired';
export const lastEndReason = () => endReason;

/** Logout or expiry: the session and cached answers go; the offline outbox keeps its rows. */
export function endSession(reason: 'logout' | 'expired') {
  endReason = reason;
  session.end();
  clearQueryCache();
}

/**
 * Spec part 1 §4: a 401 on any call shows "Session Expired. Please re-login" and logs out. The same
 * happens when the outbox replayer gets a 401 for the signed-in account: after the new login it resumes.
 */
export function installSessionExpiry() {
  const expire = () => {
    if (!session.get()) return;
    notifyWarning(AUTH_MESSAGES.sessionExpired);
    endSession('expired');
  };
  setUnauthorizedHandler(expire);
  onOutboxMessage((m) => {
    if (m.type === 'auth-required' && m.userid === session.get()?.user.userid) expire();
  });
}
