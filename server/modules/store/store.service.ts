/**
 * Stores: the paged, searched list, one store with whether it may be deleted, and the form's writes.
 * Reads follow store-access.ts; writes stay inside the writer's trustee scope, and a code that another
 * table names (sales office, client, key account) must exist.
 */
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { VISIT_RADIUS_DEFAULT_M } from '../../../src/domain/absensi/absensi';
import type { ListAnswer } from '../../../src/domain/list-query';
import {
  STORE_MESSAGES,
  type StoreCreate,
  type StoreDetail,
  type StoreFields,
  type StoreListQuery,
  type StoreRow,
} from '../../../src/domain/store/store';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { kunjunganDetail } from '../../db/schema/kunjungan';
import { matrixKunjungan, store } from '../../db/schema/store';
import type { Actor, Deps } from '../../lib/context';
import { withIntegrity } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { assertReadable, inWriteScope, storeReadScope } from './store-access';

export async function listStores(db: Db, actor: Actor, q: StoreListQuery): Promise<ListAnswer<StoreRow>> {
  const where = and(
    storeReadScope(actor),
    q.client_id ? eq(store.client_id, q.client_id) : undefined,
    q.sales_office_id ? eq(store.sales_office_id, q.sales_office_id) : undefined,
    q.q ? or(ilike(store.cust_code, likePattern(q.q)), ilike(store.cust_name, likePattern(q.q))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const result = await db.select().from(store).where(where).orderBy(asc(store.cust_code)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(store).where(where);
  return { result, totalCount: total?.n ?? 0 };
}

async function findStore(db: Db, custCode: string): Promise<StoreRow> {
  const [row] = await db.select().from(store).where(eq(store.cust_code, custCode)).limit(1);
  if (!row) throw notFound(STORE_MESSAGES.notFound(custCode));
  return row;
}

/** Whether anything names the store: a visit line, a route list's matrix, an employee. */
async function inUse(db: Db, custCode: string): Promise<boolean> {
  const result = (await db.execute(sql`select
    exists(select 1 from ${kunjunganDetail} where ${kunjunganDetail.cust_code} = ${custCode})
    or exists(select 1 from ${matrixKunjungan} where ${matrixKunjungan.cust_code} = ${custCode})
    or exists(select 1 from ${karyawan} where ${karyawan.cust_code} = ${custCode}) as used`)) as unknown as {
    rows: { used: boolean }[];
  };
  const row = result.rows[0];
  return !!row?.used;
}

export async function getStore(deps: Pick<Deps, 'db' | 'visitRadiusM'>, actor: Actor, custCode: string) {
  const row = await findStore(deps.db, custCode);
  await assertReadable(deps.db, actor, row);
  const detail: StoreDetail = {
    ...row,
    deletable: !(await inUse(deps.db, custCode)),
    default_radius_m: deps.visitRadiusM ?? VISIT_RADIUS_DEFAULT_M,
  };
  return detail;
}

const refMessages = (custCode: string) => ({
  duplicate: STORE_MESSAGES.duplicate(custCode),
  missingRef: STORE_MESSAGES.missingRef,
});

export async function createStore(db: Db, actor: Actor, body: StoreCreate): Promise<StoreRow> {
  if (!inWriteScope(actor, body)) throw forbidden(STORE_MESSAGES.outOfScope);
  const [existing] = await db.select({ c: store.cust_code }).from(store).where(eq(store.cust_code, body.cust_code));
  if (existing) throw conflict(STORE_MESSAGES.duplicate(body.cust_code));
  const [row] = await withIntegrity(() => db.insert(store).values(body).returning(), refMessages(body.cust_code));
  return row!;
}

export async function updateStore(db: Db, actor: Actor, custCode: string, body: StoreFields): Promise<StoreRow> {
  const before = await findStore(db, custCode);
  if (!inWriteScope(actor, before) || !inWriteScope(actor, body)) throw forbidden(STORE_MESSAGES.outOfScope);
  const [row] = await withIntegrity(
    () => db.update(store).set(body).where(eq(store.cust_code, custCode)).returning(),
    refMessages(custCode),
  );
  return row!;
}

export async function deleteStore(db: Db, actor: Actor, custCode: string): Promise<void> {
  const before = await findStore(db, custCode);
  if (!inWriteScope(actor, before)) throw forbidden(STORE_MESSAGES.outOfScope);
  if (await inUse(db, custCode)) throw conflict(STORE_MESSAGES.inUse);
  // A visit line or matrix row written between the check and the delete is still refused by the key.
  await withIntegrity(() => db.delete(store).where(eq(store.cust_code, custCode)), { inUse: STORE_MESSAGES.inUse });
}
