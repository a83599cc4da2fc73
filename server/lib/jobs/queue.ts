/**
 * The durable job queue: work off the request path (photo fingerprints and evidence flags now; retention,
 * forgotten check-outs and push notifications later), on the database the server already has, PostgreSQL
 * or PGlite alike (docs/decisions/033-job-queue-and-photo-evidence.md).
 *
 * How to add a job:
 *   1. write a handler `(data, job) => Promise<void>` that may run twice (a copy that dies mid-job, or a
 *      job longer than the lease, runs again): make its writes idempotent;
 *   2. register it in server/jobs.ts: `queue.work('retention.purge', handler)`;
 *   3. enqueue from anywhere with a Db or a transaction: `await enqueueJob(db, 'name', { … },
 *      { singletonKey?, runAt?, maxAttempts? })` (inside a transaction it commits or rolls back with it);
 *      from a request's write, in its transaction (`enqueueJob(tx, …)`: the job exists if and only if the
 *      write committed, as the evidence jobs do);
 *   4. recurring: `await queue.schedule('retention.purge', '15 2 * * *', { … }, 'Asia/Jakarta')` (five-field
 *      cron on that zone's wall clock; each due run becomes one job named like the schedule, whichever
 *      copy sees it first).
 *
 * Guarantees: a job is a row (`job`), so it survives restarts; a copy claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so several copies never take the same job; a claimed job has a lease
 * (`locked_until`): if its copy dies the job becomes due again when the lease runs out. A failed job is
 * retried with exponential backoff (10 s, 20 s, 40 s, … up to an hour) until `max_attempts`, then kept as
 * `failed` with its last error; a handler throws `PermanentJobError` to fail at once. Finished rows are
 * purged after 7 days by the built-in `jobs.purge` schedule. Only the names a copy has handlers for are
 * claimed by it. Tests call `drain()` instead of starting the poller: it runs everything due, now.
 */
import { sql } from 'drizzle-orm';
import type { Db, Q } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { logger } from '../logger';
import { metrics } from '../metrics';
import { isTimeZone, type TimeZone } from '../../../src/domain/time-zone';
import { nextCronRun } from './cron';

export type JobData = Record<string, unknown>;

export interface JobInfo {
  id: number;
  name: string;
  attempts: number;
}

export type JobHandler<T extends JobData = JobData> = (data: T, job: JobInfo) => Promise<void>;

/** Thrown by a handler for an error no retry can mend (an undecodable photo): the job fails at once. */
export class PermanentJobError extends Error {}

export interface EnqueueOptions {
  /** At most one pending or active job of this name per key; a second enqueue is a no-op (answers null). */
  singletonKey?: string;
  /** Not before this instant (default: now, by the database's clock). */
  runAt?: Date;
  maxAttempts?: number;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Attempts of a job unless its enqueue says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** The insert of a job: prepared once per connection (a check-in queues one, server/db/prepared.ts). */
const insertJob = preparedStatement<{ id: string | number }>(
  'hadir_job_enqueue',
  sql`insert into job (name, data, run_at, max_attempts, singleton_key)
      values (${sql.placeholder('name')}, ${sql.placeholder('data')}::jsonb,
              coalesce(${sql.placeholder('runAt')}::timestamptz, now()), ${sql.placeholder('maxAttempts')}::int,
              ${sql.placeholder('singletonKey')})
      on conflict do nothing
      returning id`,
);

/** Puts a job on the queue; answers its id, or null when its singleton key is already waiting. */
export async function enqueueJob(db: Q, name: string, data: JobData = {}, opts: EnqueueOptions = {}) {
  const [row] = await insertJob(db, {
    name,
    data: JSON.stringify(data),
    runAt: opts.runAt ? opts.runAt.toISOString() : null,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    singletonKey: opts.singletonKey ?? null,
  });
  return row ? Number(row.id) : null;
}

export interface JobQueueOptions {
  /** How often an idle copy looks for due jobs (default 1 s). */
  pollMs?: number;
  /** Jobs claimed and run at once by one copy (default 4). */
  concurrency?: number;
  /** How long a claimed job is this copy's before another may take it (default 5 minutes). */
  leaseMs?: number;
  log?: (message: string) => void;
}

export interface JobQueue {
  /** Registers the handler of a job name (before start or drain). */
  work<T extends JobData>(name: string, handler: JobHandler<T>): void;
  enqueue(name: string, data?: JobData, opts?: EnqueueOptions): Promise<number | null>;
  /** Creates or changes a recurring job; the next run is computed from now when the cron or zone changed. */
  schedule(name: string, cron: string, data?: JobData, zone?: TimeZone): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** Starts polling (server start-up). */
  start(): void;
  /** Stops polling and waits for the jobs in hand (SIGTERM); unclaimed jobs stay for the next start. */
  stop(): Promise<void>;
  /** Runs due schedules and every due job until none is left (tests, benches); answers how many ran. */
  drain(): Promise<number>;
}

const BACKOFF_BASE_S = 10;
const BACKOFF_MAX_S = 3600;
const DONE_RETENTION_DAYS = 7;

export function createJobQueue(db: Db, opts: JobQueueOptions = {}): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const pollMs = opts.pollMs ?? 1000;
  const concurrency = opts.concurrency ?? 4;
  const leaseS = Math.ceil((opts.leaseMs ?? 5 * 60_000) / 1000);
  const log = opts.log ?? ((m: string) => logger.warn(m));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function claim(limit: number) {
    const names = [...handlers.keys()];
    if (names.length === 0) return [];
    const r = await db.execute(sql`
      with next as (
        select id from job
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          and ((state = 'pending' and run_at <= now()) or (state = 'active' and locked_until < now()))
        order by run_at, id
        limit ${limit}
        for update skip locked)
      update job j set state = 'active', attempts = j.attempts + 1,
        locked_until = now() + make_interval(secs => ${leaseS})
      from next where j.id = next.id
      returning j.id, j.name, j.data, j.attempts, j.max_attempts`);
    return rowsOf<{ id: string | number; name: string; data: JobData; attempts: number; max_attempts: number }>(r);
  }

  async function runOne(row: Awaited<ReturnType<typeof claim>>[number]) {
    const id = Number(row.id);
    const handler = handlers.get(row.name)!;
    try {
      await handler(row.data ?? {}, { id, name: row.name, attempts: row.attempts });
      await db.execute(sql`update job set state = 'done', done_at = now(), locked_until = null, last_error = null
        where id = ${id} and state = 'active' and attempts = ${row.attempts}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = err instanceof PermanentJobError || row.attempts >= row.max_attempts;
      log(`[jobs] ${row.name} #${id} attempt ${row.attempts} failed${final ? ' for good' : ''}: ${message}`);
      if (final) metrics.jobFailed(row.name);
      const backoff = Math.min(BACKOFF_BASE_S * 2 ** (row.attempts - 1), BACKOFF_MAX_S);
      await db
        .execute(
          final
            ? sql`update job set state = 'failed', done_at = now(), locked_until = null, last_error = ${message.slice(0, 2000)}
                where id = ${id} and state = 'active' and attempts = ${row.attempts}`
            : sql`update job set state = 'pending', locked_until = null, last_error = ${message.slice(0, 2000)},
                run_at = now() + make_interval(secs => ${backoff})
                where id = ${id} and state = 'active' and attempts = ${row.attempts}`,
        )
        .catch((e: Error) => log(`[jobs] could not record the failure of #${id}: ${e.message}`));
    }
  }

  /** Due schedules become jobs; a compare-and-set on next_run_at lets one copy win each run. */
  async function tickSchedules() {
    const due = rowsOf<{ name: string; cron: string; time_zone: string; next_run_at: string }>(
      await db.execute(sql`select name, cron, time_zone, next_run_at::text as next_run_at from job_schedule
        where next_run_at <= now()`),
    );
    for (const s of due) {
      const zone = isTimeZone(s.time_zone) ? s.time_zone : 'Asia/Jakarta';
      const next = nextCronRun(s.cron, zone, new Date()).toISOString();
      await db.execute(sql`
        with won as (
          update job_schedule set next_run_at = ${next}::timestamptz, updated_at = now()
          where name = ${s.name} and next_run_at = ${s.next_run_at}::timestamptz
          returning name, data)
        insert into job (name, data, singleton_key)
        select name, data, 'schedule' from won
        on conflict do nothing`);
    }
  }

  async function round(): Promise<number> {
    await tickSchedules();
    const rows = await claim(concurrency);
    await Promise.all(rows.map(runOne));
    return rows.length;
  }

  async function loop() {
    if (stopped) return;
    try {
      // A full batch: more may be waiting, go again at once.
      while (!stopped && (await round()) === concurrency);
    } catch (err) {
      log(`[jobs] poll failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!stopped) timer = setTimeout(() => void (running = loop()), pollMs);
  }

  const queue: JobQueue = {
    work(name, handler) {
      handlers.set(name, handler as JobHandler);
    },
    enqueue: (name, data, o) => enqueueJob(db, name, data, o),
    async schedule(name, cron, data = {}, zone = 'Asia/Jakarta') {
      const next = nextCronRun(cron, zone, new Date()).toISOString();
      await db.execute(sql`
        insert into job_schedule (name, cron, time_zone, data, next_run_at)
        values (${name}, ${cron}, ${zone}, ${JSON.stringify(data)}::jsonb, ${next}::timestamptz)
        on conflict (name) do update set data = excluded.data, updated_at = now(),
          cron = excluded.cron, time_zone = excluded.time_zone,
          next_run_at = case when job_schedule.cron = excluded.cron and job_schedule.time_zone = excluded.time_zone
            then job_schedule.next_run_at else excluded.next_run_at end`);
    },
    async unschedule(name) {
      await db.execute(sql`delete from job_schedule where name = ${name}`);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    async drain() {
      let total = 0;
      for (;;) {
        const n = await round();
        if (n === 0) return total;
        total += n;
      }
    },
  };
  // Finished rows are kept a week for a look at what ran, then go.
  queue.work('jobs.purge', async () => {
    await db.execute(sql`delete from job where state in ('done', 'failed')
      and done_at < now() - make_interval(days => ${DONE_RETENTION_DAYS})`);
  });
  return queue;
}
