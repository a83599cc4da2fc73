import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, lockoutMessage, type LoginAnswer, type LoginDetail } from '../../../src/domain/auth/auth';
import type { AdminPasswordChangeInput, PasswordChangeInput } from '../../../src/domain/auth/password-policy';
import { users } from '../../db/schema/auth';
import type { Actor, Deps } from '../../lib/context';
import { HttpError, notFound } from '../../lib/errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/password';
import { signToken } from '../../lib/token';
import { loadActor } from '../../middleware/auth';
import { addressBlockedFor, addressLimited, DEFAULT_ADDRESS_LIMIT, recordAddressFailure } from './login-address';
import { clearFailures, lockSecondsLeft, recordFailure } from './login-lock';

const locked = (seconds: number) =>
  new HttpError(403, lockoutMessage(seconds), 'locked', undefined, { retry_after: seconds });
const badCredentials = () => new HttpError(401, AUTH_MESSAGES.badCredentials, 'bad_credentials');

async function findByUsername(deps: Deps, username: string) {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row;
}

/**
 * Checks a username and password under the two limits: failed logins per client address (429; `address`
 * null when the request has none, then only the username counts) and the per-username lockout (403).
 * Shared by login and by the password change, so the change endpoint is no side door for guessing.
 */
async function checkCredentials(deps: Deps, username: string, password: string, address: string | null) {
  const now = deps.now();
  const limit = deps.loginAddressLimit ?? DEFAULT_ADDRESS_LIMIT;
  if (address) {
    const wait = await addressBlockedFor(deps.db, address, now, limit);
    if (wait > 0) throw addressLimited(wait);
  }
  const left = await lockSecondsLeft(deps.db, username, now);
  if (left > 0) throw locked(left);
  const user = await findByUsername(deps, username);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    if (address) await recordAddressFailure(deps.db, address, now, limit);
    const lockedFor = await recordFailure(deps.db, username, now);
    if (lockedFor > 0) throw locked(lockedFor);
    throw badCredentials();
  }
  // A success does not clear the address's count: an attacker with one account of their own could.
  await clearFailures(deps.db, username);
  return user;
}

async function issueToken(deps: Deps, userid: string): Promise<LoginAnswer> {
  const actor = await loadActor(deps.db, userid);
  if (!actor) throw badCredentials();
  const token = await signToken(deps, { ...actor, permissions: [...actor.permissions] });
  return { token, role: actor.role };
}

export async function login(
  deps: Deps,
  username: string,
  password: string,
  address: string | null,
): Promise<LoginAnswer> {
  const user = await checkCredentials(deps, username, password, address);
  if (!user.isActive) throw new HttpError(401, AUTH_MESSAGES.inactive, 'inactive');
  // 404 opens the forced password-change dialog on the login screen (spec part 1 §4).
  if (user.resetPassword) throw new HttpError(404, AUTH_MESSAGES.mustChange, 'password_reset_required');
  await deps.db.update(users).set({ lastLogin: deps.now() }).where(eq(users.userid, user.userid));
  return issueToken(deps, user.userid);
}

export async function loginDetail(actor: Actor): Promise<LoginDetail> {
  return {
    userid: actor.userid,
    username: actor.username,
    nama: actor.nama,
    role: actor.role,
    nrp: actor.nrp,
    permissions: [...actor.permissions],
  };
}

/**
 * Own password change. Works with a session (the username must be the caller's) and without one: the
 * forced-change dialog after a 404 at login has no token yet, so the old password is the proof.
 * Answers a fresh token so the dialog can log the user straight in.
 */
export async function changeOwnPassword(
  deps: Deps,
  caller: Actor | null,
  input: PasswordChangeInput,
  address: string | null,
): Promise<LoginAnswer & { message: string }> {
  if (caller && caller.username.toLowerCase() !== input.username.toLowerCase()) {
    throw new HttpError(403, 'Anda hanya dapat mengganti password akun sendiri', 'forbidden');
  }
  const user = await checkCredentials(deps, input.username, input.old_password, address);
  if (!user.isActive) throw new HttpError(401, AUTH_MESSAGES.inactive, 'inactive');
  if (input.new_password === input.old_password) {
    throw new HttpError(400, 'Password baru harus berbeda dari password lama', 'bad_request', [
      { path: 'new_password', message: 'Password baru harus berbeda dari password lama' },
    ]);
  }
  await deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.new_password),
      resetPassword: false,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      lastLogin: deps.now(),
      updatedAt: deps.now(),
    })
    .where(eq(users.userid, user.userid));
  return { ...(await issueToken(deps, user.userid)), message: AUTH_MESSAGES.passwordChanged };
}

/**
 * An administrator sets another account's password. The account must choose its own at next login
 * (reset_password), and its open sessions end.
 */
export async function adminChangePassword(deps: Deps, input: AdminPasswordChangeInput): Promise<{ message: string }> {
  const user = await findByUsername(deps, input.username);
  if (!user) throw notFound('User tidak ditemukan');
  await deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.new_password),
      resetPassword: true,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: deps.now(),
    })
    .where(eq(users.userid, user.userid));
  await clearFailures(deps.db, user.username);
  return { message: AUTH_MESSAGES.passwordChanged };
}
