/**
 * The login session: the token in local storage and the user decoded from it. Permissions in the
 * token are refreshed from GET /auth/login/detail on layout load (the server decides anyway).
 * Logging out clears the session keys and the query cache only; the offline outbox (IndexedDB) keeps
 * its rows, so unsent records survive a logout and go out when that account logs in again.
 */
import type { LoginDetail, TokenClaims } from '../domain/auth/auth';
import { SESSION_TOKEN_KEY as TOKEN_KEY } from '../domain/boot-script';

/**
 * The outbox keeps each account's token in IndexedDB, where the service worker can read it. Its code
 * (Dexie and the replayer) is imported on use, so the login screen paints without it.
 */
const offlineTokens = () => import('./offline/replay');
const rememberToken = (userid: string, token: string) =>
  void offlineTokens()
    .then((m) => m.rememberToken(userid, token))
    .catch(() => {});
const forgetToken = (userid: string) =>
  void offlineTokens()
    .then((m) => m.forgetToken(userid))
    .catch(() => {});

export interface SessionUser {
  userid: string;
  username: string;
  nama: string;
  role: string;
  nrp: string | null;
  permissions: string[];
  /** Token expiry, epoch seconds. */
  exp: number;
}

export interface Session {
  token: string;
  user: SessionUser;
}

function decodeClaims(token: string): TokenClaims | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as TokenClaims;
  } catch {
    return null;
  }
}

function sessionFrom(token: string | null): Session | null {
  if (!token) return null;
  const c = decodeClaims(token);
  if (!c || typeof c.userid !== 'string') return null;
  return {
    token,
    user: {
      userid: c.userid,
      username: c.username,
      nama: c.nama,
      role: c.role,
      nrp: c.nrp ?? null,
      permissions: Array.isArray(c.permissions) ? c.permissions : [],
      exp: c.exp,
    },
  };
}

let current: Session | null = sessionFrom(safeGet(TOKEN_KEY));
// A stored value that is not a token at all is dropped rather than kept until the next login.
if (!current && safeGet(TOKEN_KEY) !== null) localStorage.removeItem(TOKEN_KEY);
const listeners = new Set<() => void>();

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

/**
 * Stores the session's token where the outbox's replay (and the service worker) reads it again. Login does
 * it; a signed-in start calls this once the router has loaded the outbox's chunk (src/app/start.tsx), not
 * when this module loads: that chunk needs the app chunk, and asking for it before the app had loaded
 * evaluated both in one long task.
 */
export function rememberSessionToken() {
  if (current) rememberToken(current.user.userid, current.token);
}

export const session = {
  get: (): Session | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a fresh token from login or a password change. */
  start(token: string): Session {
    const next = sessionFrom(token);
    if (!next) throw new Error('Token tidak valid');
    localStorage.setItem(TOKEN_KEY, token);
    current = next;
    // The outbox needs the token too, where the service worker can read it.
    rememberToken(next.user.userid, token);
    emit();
    return next;
  },
  /** Applies the server's current view of the user (permissions may have changed since login). */
  refresh(detail: LoginDetail) {
    if (!current) return;
    const user = { ...current.user, ...detail };
    // Most starts find nothing changed: no new session object, so nothing that reads it renders again.
    if (JSON.stringify(user) === JSON.stringify(current.user)) return;
    current = { token: current.token, user };
    emit();
  },
  end() {
    if (current) forgetToken(current.user.userid);
    localStorage.removeItem(TOKEN_KEY);
    current = null;
    emit();
  },
};

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== TOKEN_KEY) return;
    current = sessionFrom(e.newValue);
    emit();
  });
}
