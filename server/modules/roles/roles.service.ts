import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { ListAnswer, ListQuery } from '../../../src/domain/list-query';
import { effectivePermissions } from '../../../src/domain/roles/permissions';
import {
  grantsEverything,
  permissionMap,
  ROLE_MESSAGES,
  type RoleCreate,
  type RoleDetail,
  type RoleRow,
  type RoleUpdate,
} from '../../../src/domain/roles/roles';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema/auth';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { withIntegrity } from '../../lib/db-errors';
import { likePattern, pageWindow } from '../../lib/pagination';

const userCount = sql<number>`(select count(*) from ${users} where ${users.role} = ${roles.id})`.mapWith(Number);

const columns = { id: roles.id, nama: roles.nama, permissions: roles.permissions, userCount };

type Loaded = { id: string; nama: string; permissions: string[]; userCount: number };

function toRow(r: Loaded): RoleRow {
  return {
    id: r.id,
    nama: r.nama,
    permissionCount: r.permissions.length,
    allPermissions: grantsEverything(r.permissions),
    userCount: r.userCount,
    deletable: r.userCount === 0,
  };
}

function toDetail(r: Loaded): RoleDetail {
  const row = toRow(r);
  return {
    id: row.id,
    nama: row.nama,
    permissions: permissionMap(r.permissions),
    allPermissions: row.allPermissions,
    deletable: row.deletable,
    userCount: row.userCount,
  };
}

export async function listRoles(db: Db, _actor: Actor, q: ListQuery): Promise<ListAnswer<RoleRow>> {
  const p = likePattern(q.q);
  const where = q.q ? or(ilike(roles.id, p), ilike(roles.nama, p)) : undefined;
  const { limit, offset } = pageWindow(q);
  const rows = await db.select(columns).from(roles).where(where).orderBy(asc(roles.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(roles).where(where);
  return { result: rows.map(toRow), totalCount: total?.n ?? 0 };
}

export async function getRole(db: Db, _actor: Actor, id: string): Promise<RoleDetail> {
  const [row] = await db.select(columns).from(roles).where(eq(roles.id, id)).limit(1);
  if (!row) throw notFound(ROLE_MESSAGES.notFound);
  return toDetail(row);
}

export async function createRole(
  db: Db,
  actor: Actor,
  input: RoleCreate,
): Promise<{ message: string; result: RoleDetail }> {
  const result = await withIntegrity(
    () =>
      db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, input.id)).limit(1);
        if (taken) throw conflict(ROLE_MESSAGES.idTaken);
        await tx.insert(roles).values({ id: input.id, nama: input.nama, permissions: input.permissions });
        return getRole(tx, actor, input.id);
      }),
    { duplicate: ROLE_MESSAGES.idTaken },
  );
  return { message: ROLE_MESSAGES.created, result };
}

/** Takes effect on the role holders' next request: the server reads the role on every request. */
export async function updateRole(
  db: Db,
  actor: Actor,
  id: string,
  input: RoleUpdate,
): Promise<{ message: string; result: RoleDetail }> {
  // Editing one's own role must not take away the means to undo the edit.
  if (id === actor.roleId && !effectivePermissions(input.permissions).includes('role.update')) {
    throw badRequest(ROLE_MESSAGES.selfLockout);
  }
  const [row] = await db
    .update(roles)
    .set({ nama: input.nama, permissions: input.permissions, updatedAt: new Date() })
    .where(eq(roles.id, id))
    .returning({ id: roles.id });
  if (!row) throw notFound(ROLE_MESSAGES.notFound);
  return { message: ROLE_MESSAGES.updated, result: await getRole(db, actor, id) };
}

export async function deleteRole(db: Db, _actor: Actor, id: string): Promise<{ message: string }> {
  await withIntegrity(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx.select(columns).from(roles).where(eq(roles.id, id)).for('update').limit(1);
        if (!row) throw notFound(ROLE_MESSAGES.notFound);
        if (row.userCount > 0) throw conflict(ROLE_MESSAGES.inUse);
        await tx.delete(roles).where(eq(roles.id, id));
      }),
    // A user assigned between the check and the delete still trips the foreign key.
    { inUse: ROLE_MESSAGES.inUse },
  );
  return { message: ROLE_MESSAGES.deleted };
}
