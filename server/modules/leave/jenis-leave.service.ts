/**
 * Leave kinds and cuti kinds (spec part 2 §2.6, §7 "Leave types"): list, detail, create, update,
 * delete and the Active switch. One implementation for both tables, configured below.
 */
import { asc, count, eq, ilike } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListAnswer, ListQuery } from '../../../src/domain/list-query';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import type { Db } from '../../db/client';
import { jenisCuti, jenisLeave } from '../../db/schema/leave';
import { withIntegrity } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';

export interface KindTable {
  label: string;
  table: PgTable;
  key: PgColumn;
  name: PgColumn;
  status: PgColumn;
}

export const JENIS_LEAVE: KindTable = {
  label: 'Jenis leave',
  table: jenisLeave,
  key: jenisLeave.id,
  name: jenisLeave.jenis_leave,
  status: jenisLeave.status,
};

export const JENIS_CUTI: KindTable = {
  label: 'Jenis cuti',
  table: jenisCuti,
  key: jenisCuti.jenis_cuti_id,
  name: jenisCuti.jenis_cuti,
  status: jenisCuti.status,
};

type Row = Record<string, unknown>;

const messages = (k: KindTable) => ({
  duplicate: LEAVE_MESSAGES.jenisDuplicate,
  inUse: `${k.label} masih digunakan oleh data leave dan tidak dapat dihapus`,
});

export async function listKinds(db: Db, k: KindTable, q: ListQuery): Promise<ListAnswer<Row>> {
  const where = q.q ? ilike(k.name, likePattern(q.q)) : undefined;
  const { limit, offset } = pageWindow(q);
  const rows = await db.select().from(k.table).where(where).orderBy(asc(k.key)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(k.table).where(where);
  return { result: rows as Row[], totalCount: total?.n ?? 0 };
}

export async function getKind(db: Db, k: KindTable, id: number): Promise<Row> {
  const [row] = await db.select().from(k.table).where(eq(k.key, id)).limit(1);
  if (!row) throw notFound(`${k.label} tidak ditemukan`);
  return row as Row;
}

export async function createKind(db: Db, k: KindTable, input: Row) {
  const [row] = await withIntegrity(() => db.insert(k.table).values(input).returning(), messages(k));
  return { message: `${k.label} ${String(input[k.name.name])} berhasil ditambahkan`, result: row as Row };
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
