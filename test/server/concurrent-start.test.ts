/**
 * Two real server processes started at the same moment on one empty PostgreSQL database (the machine's
 * server in both API runs: PGlite is one process, so there is nothing to race there). They must come up
 * through "starting" to "ok", apply the migrations and the demo seed once between them, and drain a
 * request in flight on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { MIGRATIONS_DIR, openDatabase, STARTUP_LOCK_KEY } from '../../server/db/client';
import { users } from '../../server/db/schema/auth';
import { karyawan } from '../../server/db/schema/karyawan';
import { localStorage } from '../../server/lib/storage';
import { DEMO_PASSWORD } from './constants';
import { contractChecker } from './contract';
import { databaseUrlWithName } from './global-setup';
import { freePort, startCopy, type Copy } from './server-copies';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const JWT_SECRET = randomBytes(32).toString('base64');
// Two cold tsx starts and a 300-employee seed on a shared 2-core machine.
const BOOT_MS = 150_000;

/** The health answer of a copy, or null while nothing listens. A fresh connection each time. */
async function health(copy: Copy): Promise<{ status: number; body: { status?: string } } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${copy.port}/api/health`, {
      headers: { Connection: 'close' },
      signal: AbortSignal.timeout(3000),
    });
    return { status: res.status, body: (await res.json()) as { status?: string } };
  } catch {
    return null;
  }
}

async function waitFor(what: string, copies: Copy[], ok: (copy: Copy) => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const dead = copies.find((c) => c.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode}) before ${what}:\n${dead.log()}`);
    if ((await Promise.all(copies.map(ok))).every(Boolean)) return;
    if (Date.now() > until) {
      throw new Error(`not ${what} in ${ms} ms:\n${copies.map((c) => `--- ${c.name}\n${c.log()}`).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Whether a new TCP connection to the port is refused (the server stopped accepting). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

const dbName = `hadir_cs_${process.pid}_${randomBytes(4).toString('hex')}`;
const dbUrl = databaseUrlWithName(ADMIN_URL, dbName);
const admin = new pg.Client({ connectionString: ADMIN_URL });
const dataDirs: string[] = [];
const copies: Copy[] = [];

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
});

afterAll(async () => {
  for (const c of copies) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(copies.map((c) => c.exited));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

describe('several copies on one empty database', () => {
  it(
    'wait for one another: both answer "starting", then both are ready; migrations and seed applied once',
    async () => {
      // The test holds the start-up lock first, so both copies are certain to meet it and queue behind
      // each other when it is released: the race is forced, not left to timing.
      const holder = new pg.Client({ connectionString: dbUrl });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);

      const [portA, portB] = [await freePort(), await freePort()];
      for (const [name, port] of [
        ['A', portA],
        ['B', portB],
      ] as const) {
        const dir = mkdtempSync(path.join(os.tmpdir(), `hadir-copy-${name}-`));
        dataDirs.push(dir);
        copies.push(startCopy(name, port, { dataDir: dir, databaseUrl: dbUrl, jwtSecret: JWT_SECRET }));
      }

      // Listening while they wait: a load balancer sees "starting" (503), and nothing else is served yet.
      await waitFor(
        'answering "starting"',
        copies,
        async (c) => {
          const h = await health(c);
          return h?.status === 503 && h.body.status === 'starting';
        },
        BOOT_MS,
      );
      const early = await fetch(`http://127.0.0.1:${portA}/auth/web/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      expect(early.status).toBe(503);
      expect(early.headers.get('retry-after')).toBe('5');

      await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
      await holder.end();

      await waitFor(
        'ready',
        copies,
        async (c) => {
          const h = await health(c);
          return h?.status === 200 && h.body.status === 'ok';
        },
        BOOT_MS,
      );

      const reader = new pg.Client({ connectionString: dbUrl });
      await reader.connect();
      const { rows } = await reader
        .query<{ hash: string; n: string }>(
          `select hash, count(*) as n from drizzle.__drizzle_migrations group by hash`,
        )
        .finally(() => reader.end());
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((r) => r.n === '1')).toBe(true);

      // One copy seeded and said so; the database holds exactly what one seeding wrote.
      const seeded = copies.filter((c) => c.log().includes('Demo data seeded'));
      expect(seeded.map((c) => c.name)).toHaveLength(1);
      const summary = seeded[0]!.log();
      const want = {
        karyawan: Number(/(\d+) karyawan/.exec(summary)?.[1]),
        users: Number(/(\d+) users/.exec(summary)?.[1]),
      };
      const check = await openDatabase({ url: dbUrl });
      try {
        const [k] = await check.db.select({ n: count() }).from(karyawan);
        const [u] = await check.db.select({ n: count() }).from(users);
        expect({ karyawan: k?.n, users: u?.n }).toEqual(want);
        expect(want.karyawan).toBeGreaterThan(0);
      } finally {
        await check.close();
      }
    },
    BOOT_MS * 2 + 30_000,
  );

  it('share one token key: a login on A is a session on B', async () => {
    const [a, b] = copies as [Copy, Copy];
    const login = await fetch(`http://127.0.0.1:${a.port}/auth/web/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const detail = await fetch(`http://127.0.0.1:${b.port}/auth/login/detail`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(detail.status).toBe(200);
  });

  it('SIGTERM drains: a request in flight completes, new connections are refused, then the process exits 0', async () => {
    const [a, b] = copies as [Copy, Copy];
    const body = JSON.stringify({ username: 'admin', password: DEMO_PASSWORD });
    const half = Math.floor(body.length / 2);
    // A login whose body arrives in two parts: the request is in flight when the signal comes.
    const req = http.request({
      host: '127.0.0.1',
      port: a.port,
      method: 'POST',
      path: '/auth/web/login',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
    });
    req.write(body.slice(0, half));
    await new Promise((r) => setTimeout(r, 300));

    a.child.kill('SIGTERM');
    const until = Date.now() + 10_000;
    while (!(await refused(a.port))) {
      if (Date.now() > until) throw new Error(`A still accepts connections after SIGTERM:\n${a.log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The process is still there, waiting for the request it accepted.
    await new Promise((r) => setTimeout(r, 500));
    expect(a.child.exitCode).toBeNull();

    req.end(body.slice(half));
    const res = await answer;
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text)).toHaveProperty('token');
    expect(await a.exited).toBe(0);
    expect(a.log()).toContain('SIGTERM: closed');

    // The other copy never noticed.
    expect((await health(b))?.status).toBe(200);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 60_000);
});

describe('GET /api/health', () => {
  it.each([
    ['starting', 503],
    ['ok', 200],
    ['stopping', 503],
  ] as const)('answers %s with %i, within its contract', async (state, status) => {
    // The health check touches no database: a stand-in is enough.
    const app = createApp({
      db: {} as never,
      jwtKey: new Uint8Array(32),
      tokenTtlHours: 1,
      storage: localStorage(os.tmpdir()),
      now: () => new Date(),
      health: () => state,
    });
    const res = await app.request('/api/health');
    await contractChecker(app)('GET', '/api/health', res.clone());
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ status: state });
    if (status === 503) expect(res.headers.get('retry-after')).toBe('5');
  });
});
