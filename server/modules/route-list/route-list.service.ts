/**
 * Route lists: paged reads searched by id or name, and the writes of the route-list form, all limited
 * to the user's trustee scope (a route list by its company), as the master lists are
 * (docs/decisions/004). `outlet_count` is counted from the matrix in the same query.
 */
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { ListAnswer, ListQuery } from '../../../src/domain/list-query';
import {
  ROUTE_LIST_MESSAGES,
  type RouteListCreate,
  type RouteListRow,
} from '../../../src/domain/route-list/route-list';
import type { Db, Q } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan } from '../../db/schema/kunjungan';
import { matrixKunjungan, routeList } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { inMasterScope, masterScope, type ScopeFields } from '../master/master-scope';

export const ROUTE_LIST_SCOPE: ScopeFields = { kode_prsh: 'kode_prsh' };

const outletCount = sql<number>`(select count(*)::int from ${matrixKunjungan} where ${matrixKunjungan.route_list_id} = ${routeList.id})`;
const columns = { id: routeList.id, kode_prsh: routeList.kode_prsh, nama: routeList.nama, outlet_count: outletCount };

export async function listRouteLists(db: Db, actor: Actor, q: ListQuery): Promise<ListAnswer<RouteListRow>> {
  const where = and(
    masterScope(actor, routeList, ROUTE_LIST_SCOPE),
    q.q ? or(ilike(routeList.id, likePattern(q.q)), ilike(routeList.nama, likePattern(q.q))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(routeList)
    .where(where)
    .orderBy(asc(routeList.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(routeList).where(where);
  return { result: rows.map(normalise), totalCount: total?.n ?? 0 };
}

// node-postgres answers count(*)::int as a number, PGlite too; a driver that answers text still reads right.
const normalise = (r: RouteListRow): RouteListRow => ({ ...r, outlet_count: Number(r.outlet_count) });

/** One route list in the user's scope: 404 when there is none, 403 when it is another company's. */
export async function getRouteList(db: Q, actor: Actor, id: string): Promise<RouteListRow> {
  const [row] = await db.select(columns).from(routeList).where(eq(routeList.id, id)).limit(1);
  if (!row) throw notFound(ROUTE_LIST_MESSAGES.notFoundId(id));
  if (!inMasterScope(actor, ROUTE_LIST_SCOPE, row)) throw forbidden(ROUTE_LIST_MESSAGES.outOfScope);
  return normalise(row);
}

export async function createRouteList(db: Db, actor: Actor, input: RouteListCreate): Promise<RouteListRow> {
  if (!inMasterScope(actor, ROUTE_LIST_SCOPE, input)) throw forbidden(ROUTE_LIST_MESSAGES.outOfScope);
  const [row] = await db
    .insert(routeList)
    .values({ id: input.id, kode_prsh: input.kode_prsh, nama: input.nama })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(ROUTE_LIST_MESSAGES.exists(input.id));
  return { ...row, outlet_count: 0 };
}

export async function updateRouteList(db: Db, actor: Actor, id: string, nama: string): Promise<RouteListRow> {
  await getRouteList(db, actor, id);
  await db.update(routeList).set({ nama }).where(eq(routeList.id, id));
  return getRouteList(db, actor, id);
}

/** Refused (409) while an employee or a visit plan names it; its matrix goes with it. */
export async function deleteRouteList(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await getRouteList(tx, actor, id);
    // Lock the row so an employee cannot be given this route list between the check and the delete.
    await tx.select({ id: routeList.id }).from(routeList).where(eq(routeList.id, id)).for('update');
    const [employees] = await tx.select({ n: count() }).from(karyawan).where(eq(karyawan.route_list_id, id));
    const [plans] = await tx.select({ n: count() }).from(kunjungan).where(eq(kunjungan.route_list_id, id));
    const e = employees?.n ?? 0;
    const p = plans?.n ?? 0;
    if (e > 0 || p > 0) throw conflict(ROUTE_LIST_MESSAGES.inUse(id, e, p));
    await tx.delete(routeList).where(eq(routeList.id, id));
  });
}
