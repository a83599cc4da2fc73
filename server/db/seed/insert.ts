import { getTableColumns } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** The transaction handle of a Db (same query builder, scoped to one transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// PostgreSQL allows at most 65535 bind parameters per statement; stay clear of it.
const MAX_PARAMS = 60_000;
const MAX_ROWS = 1_000;

/** Inserts rows in multi-row statements, as many per statement as the parameter limit allows. */
export async function insertChunked<T extends PgTable>(tx: Tx, table: T, rows: readonly PgInsertValue<T>[]): Promise<void> {
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(table)).length)));
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size));
  }
}
