/**
 * node --import tsx bench/dashboard-map-answer.ts [-- --rounds 20] [-- --seed] [-- --day D] [-- --prepared]
 *
 * The dashboard map's one answer, GET /api/dashboard/map/last-position, on 100,000 employees with 10,000
 * positions today (bench/dashboard-bench-db.ts), computed on every call (DASHBOARD_CACHE_SECONDS=0: what
 * the first viewer of a scope waits for) with the server's clock at 14:00 WIB: p50/p95 against 300 ms
 * for the admin and 150 ms for a user limited to one location (JKT), and the answer's size, decoded and
 * gzipped as on the wire, against 1 MB (issue 42 §3). --prepared: today's positions are already in place
 * (another bench prepared them), so they are not written again.
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { benchToday, prepareDashboardDay, scopedToken, SCOPED } from './dashboard-bench-db';
import { login, ms, percentile, startBenchServer } from './karyawan-bench-db';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 20);
const MAX_BYTES = 1_000_000;
const BUDGET_MS = { admin: 300, lokasi: 150 };

async function timed(url: string, token: string): Promise<{ t: number; body: Uint8Array }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  const body = new Uint8Array(await res.arrayBuffer());
  const t = performance.now() - t0;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
  return { t, body };
}

const clockAt = new Date(`${benchToday()}T14:00:00+07:00`).getTime();
const server = await startBenchServer({
  entry: 'bench/lib/clocked-server.ts',
  env: { BENCH_CLOCK_OFFSET_MS: String(clockAt - Date.now()), DASHBOARD_CACHE_SECONDS: '0' },
});
let failed = false;
try {
  const today = process.argv.includes('--prepared') ? benchToday() : (await prepareDashboardDay()).today;
  const admin = await login(server.baseUrl);
  const scoped = await scopedToken(server.baseUrl, admin);
  const url = `${server.baseUrl}/api/dashboard/map/last-position?date=${today}`;
  console.log(`\nGET /api/dashboard/map/last-position, ${today} 14:00 WIB, computed on every call; ${ROUNDS} rounds`);
  console.log('user       markers  p50        p95        max        answer            gzip (as compression sends it)');
  for (const [who, token, budget] of [
    ['admin', admin, BUDGET_MS.admin],
    [`${SCOPED.lokasi} only`, scoped, BUDGET_MS.lokasi],
  ] as const) {
    await timed(url, token);
    await timed(url, token);
    const times: number[] = [];
    let body: Uint8Array = new Uint8Array();
    for (let i = 0; i < ROUNDS; i++) {
      const r = await timed(url, token);
      times.push(r.t);
      body = r.body;
    }
    const answer = JSON.parse(new TextDecoder().decode(body)) as { result: unknown[]; stores?: unknown[] };
    const markers = answer.result.length;
    // Each store is written once: the answer grows with the stores in view as well as with the markers.
    const stores = answer.stores
      ? `; ${answer.stores.length} stores, ${(JSON.stringify(answer.stores).length / 1e3).toFixed(0)} KB of it`
      : '';
    const p95 = percentile(times, 95);
    const gzip = gzipSync(body).byteLength;
    const within = body.byteLength <= MAX_BYTES;
    if (p95 >= budget || !within) failed = true;
    console.log(
      `${who.padEnd(11)}${String(markers).padEnd(9)}${ms(percentile(times, 50)).padEnd(11)}${ms(p95).padEnd(11)}` +
        `${ms(Math.max(...times)).padEnd(11)}${(body.byteLength / 1e6).toFixed(3)} MB ${within ? 'within' : 'OVER'} 1 MB` +
        `  ${(gzip / 1e3).toFixed(0)} KB` +
        `   p95 ${p95 < budget ? 'within' : 'OVER'} ${budget} ms${stores}`,
    );
  }
} finally {
  await server.stop();
}
if (failed) process.exitCode = 1;
