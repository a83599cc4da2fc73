/**
 * Leave kinds and cuti kinds (spec part 2 §2.6, §7 "Leave types"): list, detail, create, update,
 * delete and the Active switch. One implementation for both tables, configured below.
 */
import { asc, count, eq, ilike } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { JenisCutiRow, JenisLeaveRow } from '../../../src/domain/leave/leave-kinds';
import type { ListAnswer, ListQuery } from '../../../src/domain/list-query';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import type { Db } from '../../db/client';
import { jenisCuti, jenisLeave } from '../../db/schema/leave';
import { withIntegrity } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';

type Row = Record<string, unknown>;

/** One kind table; `R` is the row it answers (the kinds' answer schemas in src/domain/leave/leave-kinds.ts). */
export interface KindTable<R extends Row = Row> {
  label: string;
  table: PgTable;
  key: PgColumn;
  name: PgColumn;
  status: PgColumn;
  /** Never set: carries `R`, the shape of this table's rows as the routes answer them. */
  readonly row?: R;
}

export const JENIS_LEAVE: KindTable<JenisLeaveRow> = {
  label: 'Jenis leave',
  table: jenisLeave,
  key: jenisLeave.id,
  name: jenisLeave.jenis_leave,
  status: jenisLeave.status,
};

export const JENIS_CUTI: KindTable<JenisCutiRow> = {
  label: 'Jenis cuti',
  table: jenisCuti,
  key: jenisCuti.jenis_cuti_id,
  name: jenisCuti.jenis_cuti,
  status: jenisCuti.status,
};

const messages = (k: KindTable) => ({
  duplicate: LEAVE_MESSAGES.jenisDuplicate,
  inUse: `${k.label} masih digunakan oleh data leave dan tidak dapat dihapus`,
});

export async function listKinds<R extends Row>(db: Db, k: KindTable<R>, q: ListQuery): Promise<ListAnswer<R>> {
  const where = q.q ? ilike(k.name, likePattern(q.q)) : undefined;
  const { limit, offset } = pageWindow(q);
  const rows = await db.select().from(k.table).where(where).orderBy(asc(k.key)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(k.table).where(where);
  return { result: rows as R[], totalCount: total?.n ?? 0 };
}

export async function getKind<R extends Row>(db: Db, k: KindTable<R>, id: number): Promise<R> {
  const [row] = await db.select().from(k.table).where(eq(k.key, id)).limit(1);
  if (!row) throw notFound(`${k.label} tidak ditemukan`);
  return row as R;
}

export async function createKind<R extends Row>(db: Db, k: KindTable<R>, input: Row) {
  const [row] = await withIntegrity(() => db.insert(k.table).values(input).returning(), messages(k));
  return { message: `${k.label} ${String(input[k.name.name])} berhasil ditambahkan`, result: row as R };
}

export async function updateKind(db: Db, k: KindTable, id: number, input: Row) {
  await getKind(db, k, id);
  await withIntegrity(() => db.update(k.table).set(input).where(eq(k.key, id)), messages(k));
  return { message: `${k.label} ${String(input[k.name.name])} berhasil diubah` };
}

export async function setKindStatus(db: Db, k: KindTable, id: number, status: boolean) {
  const row = await getKind(db, k, id);
  await db
    .update(k.table)
    .set({ [k.status.name]: status })
    .where(eq(k.key, id));
  return { message: `${k.label} ${String(row[k.name.name])} ${status ? 'diaktifkan' : 'dinonaktifkan'}` };
}

export async function deleteKind(db: Db, k: KindTable, id: number) {
  const row = await getKind(db, k, id);
  await withIntegrity(() => db.delete(k.table).where(eq(k.key, id)), messages(k));
  return { message: `${k.label} ${String(row[k.name.name])} berhasil dihapus` };
}
