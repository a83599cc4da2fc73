/**
 * The database and server of the store benchmarks (bench/store-*.ts): a PostgreSQL database
 * (STORE_BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/hadir_store_bench), created when
 * missing and given the demo seed by the server's first start. The stores a bench adds carry the
 * prefix BX / BU, so a rerun finds its own rows.
 */
import pg from 'pg';
import { startServer, type RunningServer } from '../scripts/lib/server.mjs';

export const DATABASE_URL = process.env.STORE_BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/hadir_store_bench';

export async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** The server on the bench database, demo data seeded on its first start (migrations applied). */
export async function startStoreBenchServer(): Promise<RunningServer> {
  await ensureDatabase();
  return startServer({ env: { DATABASE_URL, SEED_DEMO: 'true' }, timeoutMs: 300_000 });
}
