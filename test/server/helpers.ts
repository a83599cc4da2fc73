import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { createJobs } from '../../server/jobs';
import { createAnswerCache } from '../../server/lib/answer-cache';
import type { JobQueue } from '../../server/lib/jobs/queue';
import type { PushTransport } from '../../server/modules/push/push-job';
import type { PushConfig } from '../../server/modules/push/push.service';
import { localStorage, type Storage } from '../../server/lib/storage';
import { DEMO_PASSWORD } from './constants';
import { contractChecker } from './contract';
import { databaseUrlWithName } from './global-setup';

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: Database;
  /** DATA_DIR/uploads of this context (where its files are, unless a storage was given). */
  uploadsDir: string;
  storage: Storage;
  /** The job queue with every handler, not polling: `await ctx.jobs.drain()` runs what is due. */
  jobs: JobQueue;
  /** Moves the server's clock (lockout windows, token expiry). */
  clock: { offsetMs: number };
  close(): Promise<void>;
  /** Logs a seeded account in through the API and answers its bearer token. */
  tokenFor(username: string, password?: string): Promise<string>;
  request(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
}

/** One database per test file, copied from the run's seeded template (PGlite or PostgreSQL). */
export async function createTestContext(
  opts: { storage?: Storage; push?: PushConfig; pushTransport?: PushTransport; dashboardCacheMs?: number } = {},
): Promise<TestContext> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropClone: (() => Promise<void>) | undefined;
  if (pgTemplate && url) {
    // Named after this run's template, so a parallel run's teardown never drops it.
    const name = `${pgTemplate}_c_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate}`);
    database = await openDatabase({ url: databaseUrlWithName(url, name) });
    dropClone = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const file = inject('pgliteTemplate');
    database = await openDatabase({ memory: true, loadDataDir: new Blob([readFileSync(file)]) });
  }
  const clock = { offsetMs: 0 };
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'hadir-uploads-'));
  mkdirSync(path.join(uploadsDir, 'photo'));
  const storage = opts.storage ?? localStorage(uploadsDir);
  const app = createApp({
    db: database.db,
    jwtKey: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
    tokenTtlHours: 12,
    storage,
    push: opts.push,
    now: () => new Date(Date.now() + clock.offsetMs),
    dashboardCache: opts.dashboardCacheMs
      ? createAnswerCache({ ttlMs: opts.dashboardCacheMs, now: () => new Date(Date.now() + clock.offsetMs) })
      : undefined,
  });
  const jobs = createJobs(
    // The jobs read the server's clock, so a test moves both (the forgot-checkout job).
    {
      db: database.db,
      storage,
      push: opts.push,
      pushTransport: opts.pushTransport,
      now: () => new Date(Date.now() + clock.offsetMs),
    },
    { log: () => undefined },
  );
  // Every answer a test receives is checked against its route's declared contract.
  const checkContract = contractChecker(app);
  const request: TestContext['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (typeof opts.body === 'string') {
      body = opts.body;
      headers['Content-Type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await app.request(path, { method, headers, body });
    await checkContract(method, path, res.clone());
    return res;
  };
  return {
    app,
    database,
    uploadsDir,
    storage,
    jobs,
    clock,
    request,
    async close() {
      await database.close();
      await dropClone?.();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
    async tokenFor(username, password = DEMO_PASSWORD) {
      const res = await request('POST', '/auth/web/login', { body: { username, password } });
      if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    },
  };
}

/**
 * A device time `ms` before now, as a phone in Jakarta writes it (`…+07:00`). Check-in tests send times
 * near the real clock: a fixed time drifts past the server's 12-hour clock-skew flag as the day goes on.
 */
export function wibAgo(ms: number): string {
  return `${new Date(Date.now() - ms + 7 * 3600_000).toISOString().slice(0, 19)}+07:00`;
}
