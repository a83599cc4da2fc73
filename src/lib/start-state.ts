import { SESSION_TOKEN_KEY } from '../domain/boot-script';
/**
 * Whether the page started without a network, read when the entry (src/main.ts) runs. The app chunk loads
 * after it and mounts only once the router has resolved the address (src/app/start.tsx), and the signal
 * may come back in between: code that
 * acts on "back online" (src/app/field-data.ts) starts from this, not from the state at mount.
 */
export const startedOffline = typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Whether this page started with a stored session (an app start), rather than on the login form: the
 * field-data loader (src/app/field-data.ts) lets a start use a recent copy, never a login.
 */
export const startedSignedIn = (() => {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(SESSION_TOKEN_KEY) !== null;
  } catch {
    return false;
  }
})();
