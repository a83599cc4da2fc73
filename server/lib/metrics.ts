/**
 * Prometheus metrics (issue 31), served at GET /metrics when METRICS_TOKEN is set (server/app.ts).
 *
 * One registry per app instance (`createMetrics`), so a test may build several apps in one process. The
 * modules count through `metrics.*` below, a module-level accessor: inside a request it reaches the
 * metrics of the app that answers it (server/middleware/request-log.ts runs each request in
 * `withMetrics`); outside a request (the job queue) those set by `setProcessMetrics` (server/index.ts).
 * With metrics off each call is a no-op.
 *
 * What is measured: `http_request_duration_seconds` {method, route, status} with the route's template
 * (`/api/kunjungan/detail/:id/check-in`, never the ids), Node's process metrics, and the `hadir_*`
 * counters of the field's work, the uploads, the job queue and the pushes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';

export type CheckinKind = 'hari' | 'kunjungan';
export type CheckinSide = 'in' | 'out';
/** The four Excel uploads, by their upload_log.jenis. */
export type UploadKind = 'store' | 'route-list' | 'karyawan' | 'absensi';
const UPLOAD_KINDS: readonly UploadKind[] = ['store', 'route-list', 'karyawan', 'absensi'];

export interface Metrics {
  registry: Registry;
  /** The bearer token GET /metrics asks for. */
  token: string;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  checkins: Counter<'kind' | 'side'>;
  idempotentReplays: Counter;
  uploads: Counter<'kind'>;
  uploadFailedRows: Counter<'kind'>;
  jobsFailed: Counter<'name'>;
  pushSent: Counter;
  pushFailed: Counter;
}

export interface MetricsOptions {
  token: string;
  /** The database whose job table `hadir_job_queue_depth` counts at each scrape (none: the gauge is absent). */
  db?: Db;
}

export function createMetrics(opts: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const m: Metrics = {
    registry,
    token: opts.token,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    checkins: new Counter({
      name: 'hadir_checkins_total',
      help: 'Check-ins and check-outs recorded (kind: hari = the day, kunjungan = a store visit)',
      labelNames: ['kind', 'side'],
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'hadir_idempotent_replays_total',
      help: 'Outbox repeats answered from the idempotency store without writing again',
      registers,
    }),
    uploads: new Counter({
      name: 'hadir_uploads_total',
      help: 'Excel uploads recorded, by kind (store, route-list, karyawan, absensi)',
      labelNames: ['kind'],
      registers,
    }),
    uploadFailedRows: new Counter({
      name: 'hadir_upload_failed_rows_total',
      help: 'Rows refused by the Excel uploads, by kind',
      labelNames: ['kind'],
      registers,
    }),
    jobsFailed: new Counter({
      name: 'hadir_jobs_failed_total',
      help: 'Background jobs that failed for good (after their last attempt, or a permanent error), by job name',
      labelNames: ['name'],
      registers,
    }),
    pushSent: new Counter({ name: 'hadir_push_sent_total', help: 'Push notifications sent', registers }),
    pushFailed: new Counter({
      name: 'hadir_push_failed_total',
      help: 'Push notifications that could not be sent',
      registers,
    }),
  };
  // Every series of a fixed label set shows from the first scrape (0), so a rate() has a start.
  for (const kind of ['hari', 'kunjungan'] as const)
    for (const side of ['in', 'out'] as const) m.checkins.labels(kind, side);
  for (const kind of UPLOAD_KINDS) {
    m.uploads.labels(kind);
    m.uploadFailedRows.labels(kind);
  }
  const db = opts.db;
  if (db) {
    new Gauge({
      name: 'hadir_job_queue_depth',
      help: 'Jobs waiting in the queue (state pending), counted at each scrape',
      registers,
      async collect() {
        // The partial index job_due_idx (state = 'pending') answers this count.
        const r = await db.execute(sql`select count(*)::int as n from job where state = 'pending'`);
        const [row] = (r as unknown as { rows: { n: number | string }[] }).rows;
        this.set(Number(row?.n ?? 0));
      },
    });
  }
  return m;
}

/** True when `header` is `Bearer <token>`; compared in constant time (hashes of equal length). */
export function metricsAuthorized(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}

const current = new AsyncLocalStorage<Metrics>();
let processMetrics: Metrics | undefined;

/** Runs `fn` (a request) with these metrics as the ones `metrics.*` counts into. */
export function withMetrics<T>(m: Metrics | undefined, fn: () => T): T {
  return m ? current.run(m, fn) : fn();
}

/** The metrics counted into outside a request (the job queue of server/index.ts); undefined turns them off. */
export function setProcessMetrics(m: Metrics | undefined): void {
  processMetrics = m;
}

const active = () => current.getStore() ?? processMetrics;

/** What the modules call; each is a no-op while metrics are off. */
export const metrics = {
  checkin(kind: CheckinKind, side: CheckinSide): void {
    active()?.checkins.inc({ kind, side });
  },
  idempotentReplay(): void {
    active()?.idempotentReplays.inc();
  },
  /** One upload recorded in upload_log, with how many of its rows were refused. */
  upload(kind: UploadKind, failedRows: number): void {
    const m = active();
    if (!m) return;
    m.uploads.inc({ kind });
    if (failedRows > 0) m.uploadFailedRows.inc({ kind }, failedRows);
  },
  jobFailed(name: string): void {
    active()?.jobsFailed.inc({ name });
  },
  pushSent(count = 1): void {
    active()?.pushSent.inc(count);
  },
  pushFailed(count = 1): void {
    active()?.pushFailed.inc(count);
  },
};
