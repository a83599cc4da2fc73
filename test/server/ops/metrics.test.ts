import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { PermanentJobError } from '../../../server/lib/jobs/queue';
import { createMetrics, setProcessMetrics, type Metrics } from '../../../server/lib/metrics';
import { STORE_COLUMNS } from '../../../src/domain/store/store';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { DEMO_PASSWORD } from '../constants';
import { createTestContext, type TestContext } from '../helpers';

const TOKEN = 'metrics-token-0123456789abcdef';
const SPG_NRP = '26000002';
const WIB = 'Asia/Jakarta' as const;

let ctx: TestContext;
let metrics: Metrics;
let app: ReturnType<typeof createApp>;
const clock = { offsetMs: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  metrics = createMetrics({ token: TOKEN, db: ctx.database.db });
  app = createApp({
    db: ctx.database.db,
    jwtKey: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
    tokenTtlHours: 12,
    storage: ctx.storage,
    now: () => new Date(Date.now() + clock.offsetMs),
    metrics,
  });
});
afterAll(async () => {
  await ctx.close();
});

async function login(username: string): Promise<string> {
  const res = await app.request('/auth/web/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const scrape = async () => {
  const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
};
/** The value of one series (`name{labels}`) in the text, 0 when absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

describe('GET /metrics', () => {
  it('is not served without METRICS_TOKEN (an app without metrics answers 404)', async () => {
    const res = await ctx.app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it('is 404, not the PWA shell, where the built PWA is served', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'hadir-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Hadir</title>');
    try {
      const pwa = createApp({
        db: ctx.database.db,
        jwtKey: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
        tokenTtlHours: 12,
        storage: ctx.storage,
        now: () => new Date(),
        staticDir: dist,
      });
      expect((await pwa.request('/')).status).toBe(200);
      const res = await pwa.request('/metrics');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('<title>');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    expect((await app.request('/metrics')).status).toBe(401);
    const wrong = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    const basic = await app.request('/metrics', { headers: { Authorization: `Basic ${TOKEN}` } });
    expect(basic.status).toBe(401);
  });

  it('answers Prometheus text with process metrics, the queue depth and the hadir_* counters', async () => {
    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
      'http_request_duration_seconds',
      'hadir_checkins_total',
      'hadir_idempotent_replays_total',
      'hadir_uploads_total',
      'hadir_upload_failed_rows_total',
      'hadir_job_queue_depth',
      'hadir_jobs_failed_total',
      'hadir_push_sent_total',
      'hadir_push_failed_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(valueOf(text, 'hadir_checkins_total{kind="kunjungan",side="out"}')).toBe(0);
  });

  it('counts the queue depth from the job table at each scrape', async () => {
    const before = valueOf(await scrape(), 'hadir_job_queue_depth');
    await ctx.jobs.enqueue('metrics.test', {}, { runAt: new Date(Date.now() + 3600_000) });
    expect(valueOf(await scrape(), 'hadir_job_queue_depth')).toBe(before + 1);
  });

  it('times requests by route template and status, never by the raw URL', async () => {
    const admin = await login('admin');
    const day = dateIn(WIB, new Date());
    const res = await app.request(`/api/absensi/${SPG_NRP}/${day}/history`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const text = await scrape();
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/absensi/:nrp/:tanggal/history",status="200"}',
      ),
    ).toBe(1);
    expect(text).toContain('route="/auth/web/login",status="200"');
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]);
    expect(routes.filter((r) => r?.includes(SPG_NRP) || r?.includes(day))).toEqual([]);
  });

  it('counts a check-in once, and its outbox repeat as an idempotent replay', async () => {
    // A day ahead, at 08:10 WIB (the demo SPG is in Jakarta), so no seeded attendance is there.
    const day = dateIn(WIB, new Date(Date.now() + 40 * 86_400_000));
    clock.offsetMs = instantIn(WIB, day, '08:10:00').getTime() - Date.now();
    const spg = await login('spg');
    const before = await scrape();
    const key = randomUUID();
    const send = () => {
      const f = new FormData();
      for (const [k, val] of Object.entries({
        tanggal: day,
        jam_masuk: '08:05:12',
        captured_at: `${day}T08:05:12+07:00`,
        lat: '-6.2001',
        long: '106.8166',
        accuracy: '12.5',
      }))
        f.append(k, val);
      f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
      return app.request('/api/absensi/new/spg', {
        method: 'POST',
        headers: { Authorization: `Bearer ${spg}`, 'Idempotency-Key': key },
        body: f,
      });
    };
    expect((await send()).status).toBe(201);
    const afterFirst = await scrape();
    const series = 'hadir_checkins_total{kind="hari",side="in"}';
    expect(valueOf(afterFirst, series)).toBe(valueOf(before, series) + 1);
    expect(valueOf(afterFirst, 'hadir_idempotent_replays_total')).toBe(
      valueOf(before, 'hadir_idempotent_replays_total'),
    );

    const repeat = await send();
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    const afterRepeat = await scrape();
    expect(valueOf(afterRepeat, series)).toBe(valueOf(afterFirst, series));
    expect(valueOf(afterRepeat, 'hadir_idempotent_replays_total')).toBe(
      valueOf(afterFirst, 'hadir_idempotent_replays_total') + 1,
    );
    clock.offsetMs = 0;
  });
});

describe('upload counters', () => {
  it('count an upload and its refused rows by kind', async () => {
    const admin = await login('admin');
    const before = await scrape();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Store');
    ws.addRow([...STORE_COLUMNS]);
    const row = (code: string, name: string | null) =>
      STORE_COLUMNS.map((k) => ({ cust_code: code, cust_name: name })[k as 'cust_code'] ?? null);
    ws.addRow(row('MTR001', 'Toko Metrik'));
    ws.addRow(row('MTR002', null));
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer)]), 'store.xlsx');
    const res = await app.request('/api/store/upload', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body,
    });
    expect(res.status).toBe(200);
    const after = await scrape();
    expect(valueOf(after, 'hadir_uploads_total{kind="store"}')).toBe(
      valueOf(before, 'hadir_uploads_total{kind="store"}') + 1,
    );
    expect(valueOf(after, 'hadir_upload_failed_rows_total{kind="store"}')).toBe(
      valueOf(before, 'hadir_upload_failed_rows_total{kind="store"}') + 1,
    );
    expect(valueOf(after, 'hadir_uploads_total{kind="karyawan"}')).toBe(0);
  });
});

describe('job counters', () => {
  it('count a job that failed for good by its name (the queue runs outside any request)', async () => {
    setProcessMetrics(metrics);
    try {
      ctx.jobs.work('metrics.broken', async () => {
        throw new PermanentJobError('no retry mends this');
      });
      await ctx.jobs.enqueue('metrics.broken');
      await ctx.jobs.drain();
      expect(valueOf(await scrape(), 'hadir_jobs_failed_total{name="metrics.broken"}')).toBe(1);
    } finally {
      setProcessMetrics(undefined);
    }
  });
});

describe('X-Request-Id', () => {
  it('is answered on every request: a new uuid, or the sane one the client sent', async () => {
    const fresh = await app.request('/api/health');
    expect(fresh.headers.get('X-Request-Id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const other = await app.request('/api/health');
    expect(other.headers.get('X-Request-Id')).not.toBe(fresh.headers.get('X-Request-Id'));

    const echoed = await app.request('/api/health', { headers: { 'X-Request-Id': 'lb-7f3a.92:1' } });
    expect(echoed.headers.get('X-Request-Id')).toBe('lb-7f3a.92:1');
    // Also on an error answer (401 from the authentication).
    const denied = await app.request('/api/absensi/new/spg', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('X-Request-Id')).toBe('abc-123');

    for (const insane of ['x'.repeat(65), 'has space', 'a"b', '<script>']) {
      const res = await app.request('/api/health', { headers: { 'X-Request-Id': insane } });
      expect(res.headers.get('X-Request-Id')).not.toBe(insane);
      expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
