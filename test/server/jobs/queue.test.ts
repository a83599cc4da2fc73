/**
 * The job queue (issue 28 item 1, server/lib/jobs/queue.ts): jobs survive a restart of the server, on
 * PostgreSQL and on PGlite in a data directory; N jobs enqueued once are each handled exactly once by two
 * copies draining one PostgreSQL database at the same time; a job whose copy died is taken again when its
 * lease runs out; a failing job backs off and is retried; a due schedule becomes one job however many
 * copies look. Runs on the machine's PostgreSQL in both API runs, as two-copies.test.ts does.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { nextCronRun } from '../../../server/lib/jobs/cron';
import { createJobQueue, enqueueJob, PermanentJobError } from '../../../server/lib/jobs/queue';
import { databaseUrlWithName } from '../global-setup';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const dbName = `hadir_jobs_${randomBytes(5).toString('hex')}`;
const dbUrl = databaseUrlWithName(ADMIN_URL, dbName);
const admin = new pg.Client({ connectionString: ADMIN_URL });
const open: Database[] = [];
const silent = { log: () => undefined };

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function pgCopy(): Promise<Database> {
  const d = await openDatabase({ url: dbUrl });
  open.push(d);
  return d;
}

async function states(d: Database, name: string) {
  return rowsOf<{ state: string; n: number }>(
    await d.db.execute(
      sql`select state, count(*)::int as n from job where name = ${name} group by state order by state`,
    ),
  );
}

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const first = await pgCopy();
  await first.migrate();
}, 60_000);

afterAll(async () => {
  for (const d of open) await d.close().catch(() => undefined);
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
});

describe('job queue on PostgreSQL', () => {
  it('keeps jobs across a restart: enqueued by one process, handled by the next', async () => {
    const before = await pgCopy();
    for (let i = 0; i < 5; i++) await enqueueJob(before.db, 'test.restart', { i });
    await before.close();
    open.splice(open.indexOf(before), 1);

    const after = await pgCopy();
    const seen: number[] = [];
    const q = createJobQueue(after.db, silent);
    q.work<{ i: number }>('test.restart', async ({ i }) => void seen.push(i));
    expect(await q.drain()).toBe(5);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await states(after, 'test.restart')).toEqual([{ state: 'done', n: 5 }]);
  });

  it('handles each of N jobs exactly once with two copies draining at the same time', async () => {
    const [a, b] = [await pgCopy(), await pgCopy()];
    const N = 300;
    for (let i = 0; i < N; i++) await enqueueJob(a.db, 'test.once', { i });
    const handled = new Map<number, string[]>();
    const handler =
      (copy: string) =>
      async ({ i }: { i: number }) => {
        handled.set(i, [...(handled.get(i) ?? []), copy]);
        await new Promise((r) => setImmediate(r));
      };
    const qa = createJobQueue(a.db, { ...silent, concurrency: 5 });
    const qb = createJobQueue(b.db, { ...silent, concurrency: 5 });
    qa.work('test.once', handler('A'));
    qb.work('test.once', handler('B'));
    const [na, nb] = await Promise.all([qa.drain(), qb.drain()]);
    expect(na + nb).toBe(N);
    expect(handled.size).toBe(N);
    expect([...handled.values()].every((copies) => copies.length === 1)).toBe(true);
    // Both copies took a share: the claim really ran concurrently.
    expect(na).toBeGreaterThan(0);
    expect(nb).toBeGreaterThan(0);
    expect(await states(a, 'test.once')).toEqual([{ state: 'done', n: N }]);
  });

  it('takes back a job whose copy died once its lease ran out, and only then', async () => {
    const d = await pgCopy();
    const id = await enqueueJob(d.db, 'test.lease', {});
    // A copy claimed it and died: active, its lease still running.
    await d.db.execute(sql`update job set state = 'active', attempts = 1,
      locked_until = now() + interval '1 minute' where id = ${id}`);
    let runs = 0;
    const q = createJobQueue(d.db, silent);
    q.work('test.lease', async () => void runs++);
    expect(await q.drain()).toBe(0);
    await d.db.execute(sql`update job set locked_until = now() - interval '1 second' where id = ${id}`);
    expect(await q.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await states(d, 'test.lease')).toEqual([{ state: 'done', n: 1 }]);
  });

  it('retries a failed job later with backoff, and fails a permanent error at once', async () => {
    const d = await pgCopy();
    const id = await enqueueJob(d.db, 'test.retry', {});
    await enqueueJob(d.db, 'test.permanent', {});
    let tries = 0;
    const q = createJobQueue(d.db, silent);
    q.work('test.retry', async () => {
      tries++;
      if (tries === 1) throw new Error('storage not reachable');
    });
    q.work('test.permanent', async () => {
      throw new PermanentJobError('cannot decode');
    });
    expect(await q.drain()).toBe(2);
    const [row] = rowsOf<{ state: string; attempts: number; last_error: string; wait: number }>(
      await d.db.execute(sql`select state, attempts, last_error,
        extract(epoch from run_at - now())::int as wait from job where id = ${id}`),
    );
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: 'storage not reachable' });
    expect(row!.wait).toBeGreaterThan(5);
    expect(await states(d, 'test.permanent')).toEqual([{ state: 'failed', n: 1 }]);
    // Nothing is due until the backoff passes.
    expect(await q.drain()).toBe(0);
    await d.db.execute(sql`update job set run_at = now() where id = ${id}`);
    expect(await q.drain()).toBe(1);
    expect(tries).toBe(2);
    expect(await states(d, 'test.retry')).toEqual([{ state: 'done', n: 1 }]);
  });

  it('keeps one waiting job per singleton key', async () => {
    const d = await pgCopy();
    expect(await enqueueJob(d.db, 'test.single', {}, { singletonKey: 'hari:1:in' })).not.toBeNull();
    expect(await enqueueJob(d.db, 'test.single', {}, { singletonKey: 'hari:1:in' })).toBeNull();
    expect(await enqueueJob(d.db, 'test.single', {}, { singletonKey: 'hari:1:out' })).not.toBeNull();
  });

  it('turns a due schedule into one job, whichever of two copies looks first, and moves it to its next run', async () => {
    const [a, b] = [await pgCopy(), await pgCopy()];
    let runs = 0;
    const qa = createJobQueue(a.db, silent);
    const qb = createJobQueue(b.db, silent);
    for (const q of [qa, qb]) q.work('test.nightly', async () => void runs++);
    await qa.schedule('test.nightly', '15 2 * * *', {}, 'Asia/Jakarta');
    // Upserting again (every start does) keeps the next run.
    await qb.schedule('test.nightly', '15 2 * * *', {}, 'Asia/Jakarta');
    const [s] = rowsOf<{ next_run_at: Date | string }>(
      await a.db.execute(sql`select next_run_at from job_schedule where name = 'test.nightly'`),
    );
    expect(new Date(s!.next_run_at).toISOString()).toBe(
      nextCronRun('15 2 * * *', 'Asia/Jakarta', new Date()).toISOString(),
    );
    expect(await Promise.all([qa.drain(), qb.drain()])).toEqual([0, 0]);

    await a.db.execute(
      sql`update job_schedule set next_run_at = now() - interval '1 minute' where name = 'test.nightly'`,
    );
    await Promise.all([qa.drain(), qb.drain()]);
    expect(runs).toBe(1);
    const [moved] = rowsOf<{ ahead: boolean }>(
      await a.db.execute(sql`select next_run_at > now() as ahead from job_schedule where name = 'test.nightly'`),
    );
    expect(moved!.ahead).toBe(true);
    await qa.unschedule('test.nightly');
  });

  it('stops polling cleanly: the job in hand finishes, the rest wait for the next start', async () => {
    const d = await pgCopy();
    for (let i = 0; i < 3; i++) await enqueueJob(d.db, 'test.stop', { i });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = 0;
    let finished = 0;
    const q = createJobQueue(d.db, { ...silent, concurrency: 1, pollMs: 10 });
    q.work('test.stop', async () => {
      started++;
      await gate;
      finished++;
    });
    q.start();
    while (started === 0) await new Promise((r) => setTimeout(r, 5));
    const stopping = q.stop();
    release();
    await stopping;
    expect([started, finished]).toEqual([1, 1]);
    expect(await states(d, 'test.stop')).toEqual([
      { state: 'done', n: 1 },
      { state: 'pending', n: 2 },
    ]);
  });
});

describe('job queue on PGlite', () => {
  it('keeps jobs across a restart of the embedded database', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-jobs-pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.migrate();
      await enqueueJob(first.db, 'test.restart', { i: 1 });
      await enqueueJob(first.db, 'test.restart', { i: 2 });
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      const seen: number[] = [];
      const q = createJobQueue(second.db, silent);
      q.work<{ i: number }>('test.restart', async ({ i }) => void seen.push(i));
      expect(await q.drain()).toBe(2);
      expect(seen.sort()).toEqual([1, 2]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('cron', () => {
  it('answers the next run on the zone wall clock', () => {
    // 2 Jan 2030 00:00 UTC is 07:00 WIB: the next 02:15 WIB is 3 Jan 02:15 WIB = 2 Jan 19:15 UTC.
    expect(nextCronRun('15 2 * * *', 'Asia/Jakarta', new Date('2030-01-02T00:00:00Z')).toISOString()).toBe(
      '2030-01-02T19:15:00.000Z',
    );
    expect(nextCronRun('*/10 * * * *', 'Asia/Makassar', new Date('2030-01-02T00:03:00Z')).toISOString()).toBe(
      '2030-01-02T00:10:00.000Z',
    );
    // Mondays at 06:00 WIT.
    expect(nextCronRun('0 6 * * 1', 'Asia/Jayapura', new Date('2030-01-02T00:00:00Z')).toISOString()).toBe(
      '2030-01-06T21:00:00.000Z',
    );
    expect(() => nextCronRun('61 * * * *', 'Asia/Jakarta', new Date())).toThrow();
  });
});
