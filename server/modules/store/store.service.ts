/**
 * Reads of stores: paged, searched by code or name, limited to the user's trustee scope (a store by its
 * client and sales office), as the master lists are (docs/decisions/004).
 */
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { ListAnswer } from '../../../src/domain/list-query';
import type { StoreListQuery, StoreRow } from '../../../src/domain/store';
import type { Db } from '../../db/client';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { inMasterScope, masterScope, type ScopeFields } from '../master/master-scope';

const STORE_SCOPE: ScopeFields = { client: 'client_id', sales_office: 'sales_office_id' };

export async function listStores(db: Db, actor: Actor, q: StoreListQuery): Promise<ListAnswer<StoreRow>> {
  const where = and(
    masterScope(actor, store, STORE_SCOPE),
    q.client_id ? eq(store.client_id, q.client_id) : undefined,
    q.q ? or(ilike(store.cust_code, likePattern(q.q)), ilike(store.cust_name, likePattern(q.q))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const result = await db.select().from(store).where(where).orderBy(asc(store.cust_code)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(store).where(where);
  return { result, totalCount: total?.n ?? 0 };
}

export async function getStore(db: Db, actor: Actor, custCode: string): Promise<StoreRow> {
  const [row] = await db.select().from(store).where(eq(store.cust_code, custCode)).limit(1);
  if (!row) throw notFound(`Store ${custCode} tidak ditemukan`);
  if (!inMasterScope(actor, STORE_SCOPE, row)) throw forbidden('Store ini di luar cakupan akses Anda');
  return row;
}
