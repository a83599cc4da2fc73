/**
 * npm run db:seed -- [--employees N] [--reset]
 *
 * Seeds the demo data into the configured database (DATABASE_URL, else PGlite in DATA_DIR/pgdata).
 * Refuses a database that already holds data unless --reset, which first empties every seeded table.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../client';
import { readEnv } from '../../env';
import { setPrivateUmask, tightenPrivate } from '../../ops/private-files';
import { DEFAULT_EMPLOYEES, isDatabaseEmpty, seedDemo } from './demo';

const USAGE = `Usage: npm run db:seed -- [--employees N] [--reset]

  --employees N  number of employees to generate, an integer of at least 2 (default ${DEFAULT_EMPLOYEES})
  --reset        delete all existing data first (without it, a non-empty database is left alone)`;

/** Every table the seed fills, plus login locks; CASCADE also empties tables that reference them. */
const SEEDED_TABLES = [
  'news_read',
  'news',
  'leave_approval',
  'leave',
  'jenis_cuti',
  'jenis_leave',
  'absensi',
  'kunjungan_detail',
  'kunjungan',
  'karyawan_posting',
  'kontrak',
  'karyawan',
  'matrix_kunjungan',
  'route_list',
  'store',
  'users',
  'roles',
  'login_locks',
  'period',
  'status_absensi',
  'shift',
  'umr',
  'karyawan_type',
  'key_account',
  'divisi',
  'departemen',
  'jabatan',
  'client',
  'lokasi',
  'sales_office',
  'perusahaan',
];

function parse(): { employees: number; reset: boolean } {
  let values: { employees?: string; reset?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { employees: { type: 'string' }, reset: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const raw = values.employees ?? String(DEFAULT_EMPLOYEES);
  const employees = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(employees) || employees < 2) {
    console.error(`--employees must be an integer of at least 2, got "${raw}"\n\n${USAGE}`);
    process.exit(2);
  }
  return { employees, reset: values.reset ?? false };
}

async function resetAll(db: Db): Promise<void> {
  const list = sql.join(
    SEEDED_TABLES.map((t) => sql.identifier(t)),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`truncate table ${list} restart identity cascade`);
  });
}

const args = parse();
// DATA_DIR is the server user's alone (issue 41; server/ops/private-files.ts), also when seeded first.
setPrivateUmask();
const env = readEnv();
const started = Date.now();
if (!env.databaseUrl) mkdirSync(env.dataDir, { recursive: true });
const database = await openDatabase(
  env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'pgdata') },
);
let code = 0;
try {
  await database.migrate();
  const where = database.kind === 'pglite' ? `PGlite in ${env.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Opened ${where} in ${Date.now() - started} ms`);
  if (args.reset) {
    const t = Date.now();
    await resetAll(database.db);
    console.log(`Emptied the seeded tables in ${Date.now() - t} ms`);
  }
  if (await isDatabaseEmpty(database.db)) {
    const t = Date.now();
    const summary = await seedDemo(database.db, { today: new Date(), employees: args.employees });
    console.log(`Seeded in ${Date.now() - t} ms: ${summary}`);
  } else {
    console.error('The database already holds data (users exist). Run again with --reset to replace it.');
    code = 1;
  }
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await database.close();
  // PGlite writes its files with its own modes (0666 / 0644), whatever the umask.
  if (database.kind === 'pglite') tightenPrivate(path.join(env.dataDir, 'pgdata'));
}
process.exit(code);
