/**
 * The weekly visit matrix of a route list (spec part 2 §3 "Matrix row", §7): read, add a store,
 * change days, remove a store. The route list must be in the user's scope (its company) and an added
 * store in the user's scope too (its client and sales office). A day change is written as an overlay
 * of the stored pattern in one statement, so two quick switches of the same row never undo each other.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  flagsOfPattern,
  MATRIX_KEYS,
  MATRIX_MESSAGES as M,
  patternOf,
  type MatrixFlags,
  type MatrixRow,
} from '../../../src/domain/route-list/matrix-kunjungan';
import type { Db } from '../../db/client';
import { matrixKunjungan, store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { inMasterScope } from '../master/master-scope';
import { getRouteList } from './route-list.service';
import { STORE_SCOPE } from '../store/store-access';

const rowColumns = {
  route_list_id: matrixKunjungan.route_list_id,
  cust_code: matrixKunjungan.cust_code,
  cust_name: store.cust_name,
  pattern: matrixKunjungan.pattern,
};

const toRow = (r: { route_list_id: string; cust_code: string; cust_name: string; pattern: string }): MatrixRow => ({
  route_list_id: r.route_list_id,
  cust_code: r.cust_code,
  store: { cust_name: r.cust_name },
  ...flagsOfPattern(r.pattern),
});

async function matrixRow(db: Db, routeListId: string, custCode: string): Promise<MatrixRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(matrixKunjungan)
    .innerJoin(store, eq(store.cust_code, matrixKunjungan.cust_code))
    .where(and(eq(matrixKunjungan.route_list_id, routeListId), eq(matrixKunjungan.cust_code, custCode)))
    .limit(1);
  return row && toRow(row);
}

/** GET /api/matrix-kunjungan/route-list/{id}: every store of the matrix, by store name. */
export async function listMatrix(
  db: Db,
  actor: Actor,
  routeListId: string,
): Promise<{ result: MatrixRow[]; totalCount: number }> {
  await getRouteList(db, actor, routeListId);
  const rows = await db
    .select(rowColumns)
    .from(matrixKunjungan)
    .innerJoin(store, eq(store.cust_code, matrixKunjungan.cust_code))
    .where(eq(matrixKunjungan.route_list_id, routeListId))
    .orderBy(asc(store.cust_name), asc(matrixKunjungan.cust_code));
  return { result: rows.map(toRow), totalCount: rows.length };
}

export async function addToMatrix(
  db: Db,
  actor: Actor,
  input: { route_list_id: string; cust_code: string } & Partial<MatrixFlags>,
): Promise<MatrixRow> {
  await getRouteList(db, actor, input.route_list_id);
  const [st] = await db
    .select({ client_id: store.client_id, sales_office_id: store.sales_office_id })
    .from(store)
    .where(eq(store.cust_code, input.cust_code))
    .limit(1);
  if (!st) throw notFound(M.storeNotFoundCode(input.cust_code));
  if (!inMasterScope(actor, STORE_SCOPE, st)) throw forbidden(M.storeOutOfScope);
  const [added] = await db
    .insert(matrixKunjungan)
    .values({ route_list_id: input.route_list_id, cust_code: input.cust_code, pattern: patternOf(input) })
    .onConflictDoNothing()
    .returning({ cust_code: matrixKunjungan.cust_code });
  if (!added) throw conflict(M.alreadyIn(input.cust_code));
  const row = await matrixRow(db, input.route_list_id, input.cust_code);
  if (!row) throw notFound(M.notIn(input.cust_code));
  return row;
}

/** The stored pattern with the given days set: overlay(pattern placing … from n for 1), once per day. */
function overlaid(flags: Partial<MatrixFlags>) {
  let expr = sql`${matrixKunjungan.pattern}`;
  MATRIX_KEYS.forEach((k, i) => {
    const f = flags[k];
    if (f === undefined) return;
    expr = sql`overlay(${expr} placing ${f === 'X' ? 'X' : '.'} from ${i + 1}::int for 1)`;
  });
  return expr;
}

export async function updateMatrix(
  db: Db,
  actor: Actor,
  routeListId: string,
  custCode: string,
  flags: Partial<MatrixFlags>,
): Promise<MatrixRow> {
  if (!MATRIX_KEYS.some((k) => flags[k] !== undefined)) throw badRequest(M.noChange);
  await getRouteList(db, actor, routeListId);
  const [changed] = await db
    .update(matrixKunjungan)
    .set({ pattern: overlaid(flags) })
    .where(and(eq(matrixKunjungan.route_list_id, routeListId), eq(matrixKunjungan.cust_code, custCode)))
    .returning({ cust_code: matrixKunjungan.cust_code });
  if (!changed) throw notFound(M.notIn(custCode));
  const row = await matrixRow(db, routeListId, custCode);
  if (!row) throw notFound(M.notIn(custCode));
  return row;
}

export async function removeFromMatrix(db: Db, actor: Actor, routeListId: string, custCode: string): Promise<void> {
  await getRouteList(db, actor, routeListId);
  const [gone] = await db
    .delete(matrixKunjungan)
    .where(and(eq(matrixKunjungan.route_list_id, routeListId), eq(matrixKunjungan.cust_code, custCode)))
    .returning({ cust_code: matrixKunjungan.cust_code });
  if (!gone) throw notFound(M.notIn(custCode));
}
