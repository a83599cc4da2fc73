import { getTableColumns, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

const ROWS_PER_STATEMENT = 2_000;

/**
 * Inserts rows as one JSON parameter per statement, expanded by json_populate_recordset. Measured on
 * PGlite: about 4× faster than Drizzle's multi-row VALUES, whose query building alone costs ~0.1 ms a
 * row, and free of the 65535 bind-parameter limit. The database still checks every type, length and
 * constraint. Columns no row sets are left out, so their defaults apply.
 */
export async function insertChunked<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly PgInsertValue<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT) as readonly Record<string, unknown>[];
    const used = columns.filter(([key]) => chunk.some((row) => row[key] !== undefined));
    const json = JSON.stringify(
      chunk.map((row) => Object.fromEntries(used.map(([key, col]) => [col.name, row[key] ?? null]))),
    );
    const names = sql.join(
      used.map(([, col]) => sql.identifier(col.name)),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)`,
    );
  }
}
