import { and, asc, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { ListAnswer, ListQuery } from '../../../src/domain/list-query';
import { effectivePermissions } from '../../../src/domain/roles/permissions';
import {
  emptyTrustee,
  TRUSTEE_KEYS,
  USER_MESSAGES,
  type PasswordResetAnswer,
  type TrusteeLists,
  type UserCreate,
  type UserDetail,
  type UserRow,
  type UserUpdate,
} from '../../../src/domain/users/users';
import type { Db } from '../../db/client';
import { roles, users, type Trustee } from '../../db/schema/auth';
import { karyawan } from '../../db/schema/karyawan';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { withIntegrity } from '../../lib/db-errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { hashPassword } from '../../lib/password';
import { clearFailures } from '../auth/login-lock';
import { assertKaryawanExists, assertTrusteeCodesExist, loadRole } from './users.refs';
import { temporaryPassword } from './temp-password';

// Only these columns ever leave the server: the password hash and token version stay inside.
const rowColumns = {
  userid: users.userid,
  username: users.username,
  nama: users.nama,
  role: users.role,
  role_nama: roles.nama,
  is_active: users.isActive,
  reset_password: users.resetPassword,
  last_login: users.lastLogin,
  nrp: users.nrp,
};

// Reached only when a concurrent write wins the race past the checks above.
const INTEGRITY = { duplicate: 'User ID atau username sudah digunakan', missingRef: USER_MESSAGES.roleMissing };

function toRow(r: { last_login: Date | null } & Omit<UserRow, 'last_login'>): UserRow {
  return { ...r, last_login: r.last_login ? r.last_login.toISOString() : null };
}

function trusteeOf(stored: Trustee | null): TrusteeLists {
  const t = emptyTrustee();
  for (const key of TRUSTEE_KEYS) t[key] = Array.isArray(stored?.[key]) ? [...stored[key]] : [];
  return t;
}

export async function listUsers(db: Db, _actor: Actor, q: ListQuery): Promise<ListAnswer<UserRow>> {
  const p = likePattern(q.q);
  const where = q.q ? or(ilike(users.userid, p), ilike(users.username, p), ilike(users.nama, p)) : undefined;
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(rowColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .where(where)
    .orderBy(asc(users.userid))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { result: rows.map(toRow), totalCount: total?.n ?? 0 };
}

export async function getUser(db: Db, _actor: Actor | null, userid: string): Promise<UserDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      app_version: users.appVersion,
      trustee: users.trustee,
      karyawan_nama: karyawan.nama,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .leftJoin(karyawan, eq(karyawan.nrp, users.nrp))
    .where(eq(users.userid, userid))
    .limit(1);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  const { trustee, app_version, karyawan_nama, ...rest } = row;
  return { ...toRow(rest), app_version, karyawan_nama, trustee: trusteeOf(trustee) };
}

async function assertUnique(db: Db, username: string, userid: string | null, exceptUserid?: string) {
  if (userid) {
    const [taken] = await db.select({ id: users.userid }).from(users).where(eq(users.userid, userid)).limit(1);
    if (taken) throw conflict(USER_MESSAGES.useridTaken);
  }
  // Login matches usernames case-insensitively, so "Budi" and "budi" would be one login for two accounts.
  const sameName = eq(sql`lower(${users.username})`, username.toLowerCase());
  const [clash] = await db
    .select({ id: users.userid })
    .from(users)
    .where(exceptUserid ? and(sameName, ne(users.userid, exceptUserid)) : sameName)
    .limit(1);
  if (clash) throw conflict(USER_MESSAGES.usernameTaken);
}

export async function createUser(
  db: Db,
  actor: Actor,
  input: UserCreate,
): Promise<{ message: string; result: UserDetail }> {
  const passwordHash = await hashPassword(input.password);
  const result = await withIntegrity(
    () =>
      db.transaction(async (tx) => {
        await loadRole(tx, input.role);
        await assertKaryawanExists(tx, input.nrp);
        await assertTrusteeCodesExist(tx, input.trustee);
        await assertUnique(tx, input.username, input.userid);
        await tx.insert(users).values({
          userid: input.userid,
          username: input.username,
          nama: input.nama,
          passwordHash,
          resetPassword: input.reset_password,
          role: input.role,
          isActive: input.is_active,
          nrp: input.nrp,
          trustee: input.trustee,
        });
        return getUser(tx, actor, input.userid);
      }),
    INTEGRITY,
  );
  return { message: USER_MESSAGES.created, result };
}

export async function updateUser(
  db: Db,
  actor: Actor,
  userid: string,
  input: UserUpdate,
): Promise<{ message: string; result: UserDetail }> {
  const self = userid === actor.userid;
  if (self && input.password) throw badRequest(USER_MESSAGES.selfPassword);
  if (self && input.is_active === false) throw badRequest(USER_MESSAGES.selfDeactivate);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const result = await withIntegrity(
    () =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({ isActive: users.isActive })
          .from(users)
          .where(eq(users.userid, userid))
          .for('update')
          .limit(1);
        if (!current) throw notFound(USER_MESSAGES.notFound);
        const role = await loadRole(tx, input.role);
        if (self) {
          // A role that drops anything the administrator holds now is a demotion: they could lock themselves out.
          const granted = effectivePermissions(role.permissions);
          if (!actor.permissions.every((p) => granted.includes(p))) throw badRequest(USER_MESSAGES.selfDemote);
        }
        await assertKaryawanExists(tx, input.nrp);
        await assertTrusteeCodesExist(tx, input.trustee);
        await assertUnique(tx, input.username, null, userid);
        // A new password or a deactivation ends the account's open sessions at once.
        const endSessions = passwordHash !== undefined || (current.isActive && input.is_active === false);
        await tx
          .update(users)
          .set({
            username: input.username,
            nama: input.nama,
            role: input.role,
            ...(passwordHash !== undefined && { passwordHash }),
            ...(input.reset_password !== undefined && { resetPassword: input.reset_password }),
            ...(input.is_active !== undefined && { isActive: input.is_active }),
            ...(input.nrp !== undefined && { nrp: input.nrp }),
            ...(input.trustee !== undefined && { trustee: input.trustee }),
            ...(endSessions && { tokenVersion: sql`${users.tokenVersion} + 1` }),
            updatedAt: new Date(),
          })
          .where(eq(users.userid, userid));
        return getUser(tx, actor, userid);
      }),
    INTEGRITY,
  );
  return { message: USER_MESSAGES.updated, result };
}

/**
 * An administrator's reset: a generated temporary password, shown once, which the user must replace
 * at the next login (the login answers 404 and opens the forced change). Open sessions end.
 */
export async function resetUserPassword(db: Db, actor: Actor, userid: string): Promise<PasswordResetAnswer> {
  if (userid === actor.userid) throw badRequest(USER_MESSAGES.selfPassword);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      resetPassword: true,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.userid, userid))
    .returning({ username: users.username });
  if (!row) throw notFound(USER_MESSAGES.notFound);
  // A lockout from the forgotten password must not block the first login with the new one.
  await clearFailures(db, row.username);
  return { message: USER_MESSAGES.resetDone, password };
}
