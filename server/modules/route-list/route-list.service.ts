/**
 * Reads of route lists: paged, searched by id or name, limited to the user's trustee scope (a route list
 * by its company), as the master lists are (docs/decisions/004).
 */
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { ListAnswer, ListQuery } from '../../../src/domain/list-query';
import type { RouteListRow } from '../../../src/domain/route-list';
import type { Db } from '../../db/client';
import { routeList } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { inMasterScope, masterScope, type ScopeFields } from '../master/master-scope';

const ROUTE_LIST_SCOPE: ScopeFields = { kode_prsh: 'kode_prsh' };

export async function listRouteLists(db: Db, actor: Actor, q: ListQuery): Promise<ListAnswer<RouteListRow>> {
  const where = and(
    masterScope(actor, routeList, ROUTE_LIST_SCOPE),
    q.q ? or(ilike(routeList.id, likePattern(q.q)), ilike(routeList.nama, likePattern(q.q))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const result = await db.select().from(routeList).where(where).orderBy(asc(routeList.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(routeList).where(where);
  return { result, totalCount: total?.n ?? 0 };
}

export async function getRouteList(db: Db, actor: Actor, id: string): Promise<RouteListRow> {
  const [row] = await db.select().from(routeList).where(eq(routeList.id, id)).limit(1);
  if (!row) throw notFound(`Route list ${id} tidak ditemukan`);
  if (!inMasterScope(actor, ROUTE_LIST_SCOPE, row)) throw forbidden('Route list ini di luar cakupan akses Anda');
  return row;
}
