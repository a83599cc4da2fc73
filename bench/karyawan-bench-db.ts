/**
 * The database and server of the employee benchmarks (bench/karyawan-*.ts): a PostgreSQL database
 * holding at least 100,000 employees (DATABASE_URL, default postgres://root@127.0.0.1:5432/hadir_bench),
 * seeded once with the project's own seed:
 *
 *   psql postgres://root@127.0.0.1:5432/test -c 'create database hadir_bench'
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/hadir_bench npm run db:seed -- --employees 100000 --reset
 *
 * (about 9 minutes on a 2-core machine: the seed also writes 5.4 M visit lines and 4.1 M attendance
 * rows). With --seed a bench does that itself when the database holds fewer employees.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { root, startServer, type RunningServer } from '../scripts/lib/server.mjs';

export const EMPLOYEES = 100_000;
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/hadir_bench';
export const DEMO_PASSWORD = 'Hadir#Demo2026';

// Dates stay 'YYYY-MM-DD' text, as the API and the sheets carry them.
pg.types.setTypeParser(1082, (v: string) => v);

export async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function employeeCount(): Promise<number> {
  try {
    const [row] = await query<{ n: string }>('select count(*) as n from karyawan');
    return Number(row?.n ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Makes sure the bench database holds the big data set (seeding it with --seed), then starts the server
 * (server/index.ts, or `entry` with its `env`: bench/lib/clocked-server.ts).
 */
export async function startBenchServer(
  options: { entry?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const n = await employeeCount();
  if (n < EMPLOYEES) {
    if (!process.argv.includes('--seed')) {
      console.error(
        `${DATABASE_URL} holds ${n} employees; the benchmark needs ${EMPLOYEES}.\n` +
          `Seed it first (about 9 minutes):\n  DATABASE_URL=${DATABASE_URL} npm run db:seed -- --employees ${EMPLOYEES} --reset\n` +
          'or run the bench with --seed.',
      );
      process.exit(2);
    }
    console.log(`seeding ${EMPLOYEES} employees into ${DATABASE_URL} …`);
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/db/seed/cli.ts', '--employees', String(EMPLOYEES), '--reset'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL } },
    );
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  // The server applies pending migrations (0006: the list indexes) before it listens.
  const server = await startServer({
    entry: options.entry,
    env: { ...options.env, DATABASE_URL, SEED_DEMO: 'false' },
    timeoutMs: 300_000,
  });
  await query('vacuum analyze karyawan');
  return server;
}

export async function login(baseUrl: string, username = 'admin', password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Resident memory of a process (Linux /proc), in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; answers the peak. */
export function sampleRss(pid: number, everyMs = 25) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      /* the process ended */
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
