/**
 * The generic master-data service: one implementation of list, detail, create, update and delete,
 * driven by a MasterTableConfig (master.config.ts).
 */
import { and, asc, count, eq, getTableColumns, ilike, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListAnswer, ListQuery } from '../../../src/domain/list-query';
import { MASTER_MESSAGES } from '../../../src/domain/master/master';
import type { Db, Q } from '../../db/client';
import type { Actor } from '../../lib/context';
import { isForeignKeyViolation, withIntegrity } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import type { MasterTableConfig } from './master.config';
import { inMasterScope, masterScope } from './master-scope';

type Row = Record<string, unknown>;

function columnsOf(cfg: MasterTableConfig) {
  const columns = getTableColumns(cfg.table) as Record<string, PgColumn>;
  return (field: string): PgColumn => {
    const column = columns[field];
    if (!column) throw new Error(`${cfg.resource}: unknown field ${field}`);
    return column;
  };
}

export async function listMaster(db: Db, actor: Actor, cfg: MasterTableConfig, q: ListQuery): Promise<ListAnswer<Row>> {
  const col = columnsOf(cfg);
  const search = q.q ? or(...cfg.search.map((f) => ilike(col(f), likePattern(q.q)))) : undefined;
  const where = and(masterScope(actor, cfg.table, cfg.scope), search);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select()
    .from(cfg.table)
    .where(where)
    .orderBy(...cfg.order.map((f) => asc(col(f))))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(cfg.table).where(where);
  return { result: rows as Row[], totalCount: total?.n ?? 0 };
}

/** One row, checked against the user's scope: 404 when it does not exist, 403 when it is out of scope. */
export async function getMaster(db: Q, actor: Actor, cfg: MasterTableConfig, id: string): Promise<Row> {
  const col = columnsOf(cfg);
  const [row] = await db
    .select()
    .from(cfg.table)
    .where(eq(col(cfg.key), id))
    .limit(1);
  if (!row) throw notFound(`${cfg.label} ${id} tidak ditemukan`);
  assertScope(actor, cfg, row as Row);
  return row as Row;
}

export function assertScope(actor: Actor, cfg: MasterTableConfig, row: Row) {
  if (!inMasterScope(actor, cfg.scope, row)) throw forbidden(`${cfg.label} ini di luar cakupan akses Anda`);
}

export const WRITE_MESSAGES = { duplicate: MASTER_MESSAGES.duplicate, missingRef: MASTER_MESSAGES.prshNotFound };

export async function createMaster(db: Db, actor: Actor, cfg: MasterTableConfig, input: Row) {
  // A user may only add rows they would be allowed to see.
  assertScope(actor, cfg, input);
  await withIntegrity(() => db.insert(cfg.table).values(input), WRITE_MESSAGES);
  return { message: `${cfg.label} ${String(input[cfg.key])} berhasil ditambahkan` };
}

export async function updateMaster(db: Db, actor: Actor, cfg: MasterTableConfig, id: string, input: Row) {
  const current = await getMaster(db, actor, cfg, id);
  assertScope(actor, cfg, { ...current, ...input });
  const col = columnsOf(cfg);
  await withIntegrity(
    () =>
      db
        .update(cfg.table)
        .set(input)
        .where(eq(col(cfg.key), id)),
    WRITE_MESSAGES,
  );
  return { message: `${cfg.label} ${id} berhasil diubah` };
}

export async function deleteMaster(db: Db, actor: Actor, cfg: MasterTableConfig, id: string) {
  await getMaster(db, actor, cfg, id);
  const col = columnsOf(cfg);
  try {
    await db.delete(cfg.table).where(eq(col(cfg.key), id));
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw conflict(`${cfg.label} masih digunakan oleh ${usedBy(err)} dan tidak dapat dihapus`);
    }
    throw err;
  }
  return { message: `${cfg.label} ${id} berhasil dihapus` };
}

/** What the database says still points at the row: PostgreSQL names the referencing table. */
const TABLE_LABELS: Record<string, string> = {
  karyawan: 'data karyawan',
  kontrak: 'data kontrak karyawan',
  store: 'data store',
  route_list: 'data route list',
  matrix_kunjungan: 'data matrix kunjungan',
  kunjungan: 'data kunjungan',
  kunjungan_detail: 'data kunjungan',
  absensi: 'data absensi',
  period: 'data period',
  sales_office: 'data sales office',
  lokasi: 'data lokasi',
  client: 'data client',
  jabatan: 'data jabatan',
  departemen: 'data departemen',
  divisi: 'data divisi',
  karyawan_type: 'data type karyawan',
  shift: 'data shift',
  users: 'data user',
};

function usedBy(err: unknown): string {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const table = (e as { table?: unknown }).table;
    if (typeof table === 'string' && table) return TABLE_LABELS[table] ?? `data ${table.replace(/_/g, ' ')}`;
  }
  return 'data lain';
}
