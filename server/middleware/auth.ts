/**
 * Authentication: a valid bearer token is necessary but not sufficient. The user is loaded from the
 * database on every request, so a deactivated account, a changed password (token version) or a
 * changed role takes effect at once, not when the token expires.
 */
import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { effectivePermissions, type Permission } from '../../src/domain/roles/permissions';
import type { Db } from '../db/client';
import { roles, users } from '../db/schema/auth';
import type { Actor, AppEnv } from '../lib/context';
import { forbidden, unauthorized } from '../lib/errors';
import { readToken } from '../lib/token';

/** The actor's row: one statement prepared once per database (named on PostgreSQL), run on every request. */
const actorQueries = new WeakMap<Db, ReturnType<typeof prepareActorQuery>>();
function prepareActorQuery(db: Db) {
  return db
    .select({
      userid: users.userid,
      username: users.username,
      nama: users.nama,
      roleId: users.role,
      role: roles.nama,
      permissions: roles.permissions,
      nrp: users.nrp,
      trustee: users.trustee,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .where(eq(users.userid, sql.placeholder('userid')))
    .limit(1)
    .prepare('hadir_load_actor');
}

export async function loadActor(
  db: Db,
  userid: string,
): Promise<(Actor & { isActive: boolean; tokenVersion: number }) | null> {
  let prepared = actorQueries.get(db);
  if (!prepared) actorQueries.set(db, (prepared = prepareActorQuery(db)));
  const [row] = await prepared.execute({ userid });
  if (!row) return null;
  return { ...row, permissions: effectivePermissions(row.permissions) };
}

export function bearerToken(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1] ?? null;
}

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps');
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw unauthorized();
  const claims = await readToken(deps, token);
  if (!claims) throw unauthorized();
  const actor = await loadActor(deps.db, claims.userid);
  if (!actor || !actor.isActive || actor.tokenVersion !== claims.tv) throw unauthorized();
  const { isActive: _a, tokenVersion: _t, ...rest } = actor;
  c.set('actor', rest);
  await next();
});

/** The user must hold every listed permission of their current role. */
export function requirePermission(...needed: Permission[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const held = c.get('actor').permissions;
    if (!needed.every((p) => held.includes(p))) throw forbidden();
    await next();
  });
}

/** The user must hold at least one of the listed permissions. */
export function requireAnyPermission(...options: Permission[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const held = c.get('actor').permissions;
    if (!options.some((p) => held.includes(p))) throw forbidden();
    await next();
  });
}
