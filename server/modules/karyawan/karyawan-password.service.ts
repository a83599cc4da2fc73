/**
 * Reset Password and Change Password of the employee detail's Action menu (spec part 1 §2): the login
 * account linked to the employee (users.nrp), reached only through an employee in the caller's scope.
 * The work itself is the users module's reset and the auth module's admin change.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { NewPasswordPairInput } from '../../../src/domain/auth/password-policy';
import type { PasswordResetAnswer } from '../../../src/domain/users/users';
import { users } from '../../db/schema/auth';
import type { Actor, Deps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { adminChangePassword } from '../auth/auth.service';
import { resetUserPassword } from '../users/users.service';
import { loadKaryawan } from './karyawan-read.service';

export const NO_ACCOUNT = 'Karyawan ini belum memiliki akun login';

/** The active account of an employee in scope (403 out of scope, 404 without an account). */
async function accountOf(deps: Deps, actor: Actor, nrp: string) {
  const e = await loadKaryawan(deps.db, actor, nrp);
  const [account] = await deps.db
    .select({ userid: users.userid, username: users.username })
    .from(users)
    .where(and(eq(users.nrp, e.nrp), eq(users.isActive, true)))
    .orderBy(asc(users.userid))
    .limit(1);
  if (!account) throw notFound(NO_ACCOUNT);
  return account;
}

/** POST /api/karyawan/{nrp}/reset-password: a temporary password, shown once. */
export async function resetKaryawanPassword(deps: Deps, actor: Actor, nrp: string): Promise<PasswordResetAnswer> {
  const account = await accountOf(deps, actor, nrp);
  return resetUserPassword(deps.db, actor, account.userid);
}

/** POST /api/karyawan/{nrp}/change-password: the administrator's change (the account must change it again). */
export async function changeKaryawanPassword(
  deps: Deps,
  actor: Actor,
  nrp: string,
  input: NewPasswordPairInput,
): Promise<{ message: string }> {
  const account = await accountOf(deps, actor, nrp);
  return adminChangePassword(deps, { username: account.username, ...input });
}
