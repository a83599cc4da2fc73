import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createMetrics, type Metrics } from '../../../server/lib/metrics';
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
