/**
 * Who reads which stores (docs/decisions/004). A store carries a customer's address and contacts, so
 * reads are not open to every signed-in user: the Store screens (store.read) and the screens that pick
 * a store (employee create/update, visit plan create, route list create/update) read the stores of the
 * user's trustee scope (client, sales office); anyone else (the SPG) reads only the stores of her own
 * visit plans, which her field app shows.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '../../../src/domain/roles/permissions';
import { STORE_MESSAGES } from '../../../src/domain/store/store';
import type { Db } from '../../db/client';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { inMasterScope, masterScope, type ScopeFields } from '../master/master-scope';

export const STORE_SCOPE: ScopeFields = { client: 'client_id', sales_office: 'sales_office_id' };

/** The permissions whose screens read the store list: the Store menu and every store picker. */
export const STORE_READERS: readonly Permission[] = [
  'store.read',
  'karyawan.create',
  'karyawan.update',
  'kunjungan.create',
  'kunjungan.update',
  'routeList.create',
  'routeList.update',
];

const readsByScope = (actor: Actor) => actor.permissions.some((p) => STORE_READERS.includes(p));

/** The SQL condition limiting a read of `store` to what the actor may see. */
export function storeReadScope(actor: Actor): SQL | undefined {
  if (readsByScope(actor)) return masterScope(actor, store, STORE_SCOPE);
  if (!actor.nrp) return sql`false`;
  return inArray(
    store.cust_code,
    sql`(select ${kunjunganDetail.cust_code} from ${kunjunganDetail}
      inner join ${kunjungan} on ${kunjungan.no_dcp} = ${kunjunganDetail.no_dcp}
      where ${kunjungan.nrp} = ${actor.nrp})`,
  );
}

/** One store the actor reads: in scope, or one of her plans' stores. Refused: 403. */
export async function assertReadable(db: Db, actor: Actor, row: { cust_code: string } & Record<string, unknown>) {
  if (readsByScope(actor)) {
    if (!inMasterScope(actor, STORE_SCOPE, row)) throw forbidden(STORE_MESSAGES.outOfScope);
    return;
  }
  const [planned] = await db
    .select({ one: sql<number>`1` })
    .from(store)
    .where(and(eq(store.cust_code, row.cust_code), storeReadScope(actor)))
    .limit(1);
  if (!planned) throw forbidden(STORE_MESSAGES.outOfScope);
}

/** A write (create, update, delete, upload row) stays inside the writer's trustee scope. */
export const inWriteScope = (actor: Actor, row: Record<string, unknown>) => inMasterScope(actor, STORE_SCOPE, row);
