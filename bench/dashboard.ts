/**
 * node --import tsx bench/dashboard.ts [-- --rounds 20] [-- --seed] [-- --at 14:00] [-- --cold] [-- --day D]
 *
 * Every dashboard call for today on 100,000 employees, 10,000 of them with plans and check-ins today
 * (bench/dashboard-bench-db.ts), as the browser sees them (the whole answer read, gzip on the wire):
 * p95 against each user's budget (issue 42 §3): 300 ms for the admin, 150 ms for a user limited to one
 * location (the biggest, JKT), 50 ms for a team leader whose team is 12 SPGs of that location. The
 * server's clock stands at --at (default 14:00) local time of today (or of --day), whatever the hour the
 * bench runs at: shifts started, plans in progress (bench/lib/clocked-server.ts). The answers are shared
 * per scope for 15 s as the server runs by default (decision 042): the figures are what a viewer waits for
 * once someone of her scope has asked; --cold computes every answer, as for the first viewer. Then the
 * activity export of the day, streamed, timed to its last byte against 10 s.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { benchToday, prepareDashboardDay, scopedToken, SCOPED, TEAM, teamLeaderToken } from './dashboard-bench-db';
import { login, ms, percentile, startBenchServer } from './karyawan-bench-db';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 20);
/** --cold: every answer computed (DASHBOARD_CACHE_SECONDS=0), as for the first viewer of a scope. */
const COLD = process.argv.includes('--cold');
const atIndex = process.argv.indexOf('--at');
const AT = atIndex > 0 ? process.argv[atIndex + 1]! : '14:00';
/** p95 budgets per user (issue 42 §3): the work grows with the scope, not with the company. */
const BUDGET_MS = { admin: 300, lokasi: 150, team: 50 };
const EXPORT_BUDGET_S = 10;

/** One call read to its end (fetch decodes the gzip); `bytes` as decoded. */
async function timed(url: string, token: string): Promise<{ t: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  const body = await res.arrayBuffer();
  const t = performance.now() - t0;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
  return { t, bytes: body.byteLength };
}

/** The bytes of an answer as sent on the wire, asking for gzip as browsers do (node:http does not decode). */
function wireBytes(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.byteLength));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

// The clock: today's AT in Jakarta (the bench's locations are all WIB).
const clockAt = new Date(`${benchToday()}T${AT}:00+07:00`).getTime();
const server = await startBenchServer({
  entry: 'bench/lib/clocked-server.ts',
  env: { BENCH_CLOCK_OFFSET_MS: String(clockAt - Date.now()), ...(COLD ? { DASHBOARD_CACHE_SECONDS: '0' } : {}) },
});
console.log(
  `server clock: ${benchToday()} ${AT} WIB; answers ${COLD ? 'computed on every call (--cold)' : 'shared for 15 s per scope (decision 042)'}`,
);
let failed = false;
try {
  const { today } = await prepareDashboardDay();
  const admin = await login(server.baseUrl);
  const scoped = await scopedToken(server.baseUrl, admin);
  const leader = await teamLeaderToken(server.baseUrl, admin);
  const api = `${server.baseUrl}/api/dashboard`;
  const calls: { name: string; path: string }[] = [
    { name: 'kunjungan', path: `/kunjungan?date=${today}` },
    { name: 'activity (page 1)', path: `/activity?date=${today}&lokasi_id=${SCOPED.lokasi}` },
    { name: 'activity (search)', path: `/activity?date=${today}&lokasi_id=${SCOPED.lokasi}&q=sri` },
    { name: 'map/last-position', path: `/map/last-position?date=${today}` },
    { name: 'kontrak-alert', path: `/kontrak-alert?date=${today}` },
    {
      name: 'kontrak-alert/detail',
      path: `/kontrak-alert/detail?date=${today}&lokasi_id=${SCOPED.lokasi}&alert_id=within30`,
    },
    { name: 'attention', path: `/attention?date=${today}` },
  ];
  const users = [
    { who: 'admin', token: admin, budget: BUDGET_MS.admin },
    { who: `${SCOPED.lokasi} only`, token: scoped, budget: BUDGET_MS.lokasi },
    { who: `TL (${TEAM.size})`, token: leader, budget: BUDGET_MS.team },
  ];
  console.log(
    `\n${ROUNDS} rounds per call after 2 warm-ups; budget p95 < ${users.map((u) => `${u.budget} ms ${u.who}`).join(', ')}`,
  );
  console.log('user     call                      p50        p95        max        answer (on the wire)');
  const summary: { call: string; p95: Map<string, number> }[] = calls.map((c) => ({ call: c.name, p95: new Map() }));
  for (const { who, token, budget } of users) {
    for (const [ci, call] of calls.entries()) {
      const url = api + call.path;
      await timed(url, token);
      await timed(url, token);
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const r = await timed(url, token);
        times.push(r.t);
        bytes = r.bytes;
      }
      const wire = await wireBytes(url, token);
      const p95 = percentile(times, 95);
      summary[ci]!.p95.set(who, p95);
      if (p95 >= budget) failed = true;
      console.log(
        `${who.padEnd(9)}${call.name.padEnd(26)}${ms(percentile(times, 50)).padEnd(11)}${ms(p95).padEnd(11)}${ms(
          Math.max(...times),
        ).padEnd(
          11,
        )}${(bytes / 1024).toFixed(0)} KB (${(wire / 1024).toFixed(0)} KB)${p95 >= budget ? '  OVER BUDGET' : ''}`,
      );
    }
  }
  console.log(`\np95 per call against the budgets (${users.map((u) => `${u.who} < ${u.budget} ms`).join(', ')})`);
  console.log(`call                      ${users.map((u) => u.who.padEnd(24)).join('')}`);
  for (const row of summary)
    console.log(
      `${row.call.padEnd(26)}${users
        .map((u) => {
          const p95 = row.p95.get(u.who)!;
          return `${ms(p95)} ${p95 < u.budget ? 'within' : 'OVER'}`.padEnd(24);
        })
        .join('')}`,
    );

  for (const [who, token] of [
    ['admin', admin],
    [`${SCOPED.lokasi} only`, scoped],
  ] as const) {
    const t0 = performance.now();
    const res = await fetch(`${api}/activity/detail/export?date=${today}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    let first = 0;
    let bytes = 0;
    for await (const chunk of res.body) {
      if (!first) first = performance.now() - t0;
      bytes += (chunk as Uint8Array).byteLength;
    }
    const total = (performance.now() - t0) / 1000;
    if (total >= EXPORT_BUDGET_S) failed = true;
    console.log(
      `activity export (${who}): first byte ${ms(first)}, whole file ${total.toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB` +
        `${total >= EXPORT_BUDGET_S ? '  OVER BUDGET' : ''} (budget ${EXPORT_BUDGET_S} s)`,
    );
  }
} finally {
  await server.stop();
}
if (failed) process.exitCode = 1;
