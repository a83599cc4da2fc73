/**
 * One database handle for both engines: PGlite (embedded PostgreSQL in DATA_DIR, the default) and
 * PostgreSQL through node-postgres (DATABASE_URL). Same dialect, same migrations, same queries.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction of `Db` (what `db.transaction(async (tx) => …)` hands its work). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query may run: the database or a transaction on it. */
export type Q = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up lock, so that of several copies started together on one
   * database exactly one migrates and seeds while the others wait (PostgreSQL advisory lock; PGlite is
   * one process, so there it just runs).
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded engine, when it is PGlite (tests dump a migrated template from it). */
  pglite?: PGlite;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Key of the start-up advisory lock ('Hadir' in ASCII). Advisory locks are per database, so copies that
 * share a server but not a database do not wait for each other.
 */
export const STARTUP_LOCK_KEY = 0x4861646972n;

export type DatabaseOptions =
  | { url: string }
  | { dataDir: string }
  /** An in-memory PGlite, optionally started from a dumped data dir (tests). */
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    // JIT off: the app's queries are short reads and writes whose plans cross the JIT cost threshold on
    // big tables (the dashboard's day over 5 M visit lines); compiling them cost 50-400 ms on every call
    // and saved less (bench/dashboard.ts).
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: '-c jit=off' });
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('[pg pool]', err.message));
    const db = drizzlePg(pool) as unknown as Db;
    await pool.query('select 1');
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      withStartupLock: async (work) => {
        // A session lock on one held connection: it is released by the unlock, or by PostgreSQL itself
        // when a copy dies while holding it (its connection closes), so a crash never blocks the others.
        const conn = await pool.connect();
        let broken: Error | undefined;
        try {
          await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
          try {
            return await work();
          } finally {
            await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]).catch((err: Error) => {
              // Never hand a connection that may still hold the lock back to the pool.
              broken = err;
            });
          }
        } finally {
          conn.release(broken);
        }
      },
      close: () => pool.end(),
    };
  }
  const client =
    'dataDir' in options
      ? await PGlite.create(options.dataDir)
      : await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    withStartupLock: (work) => work(),
    close: () => client.close(),
    pglite: client,
  };
}
