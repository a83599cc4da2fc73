/**
 * npm run bench:rush-floor [-- --duration 60] [-- --connections 200] [-- --spgs 24000] [-- --no-profile]
 *
 * Hadir's check-in against the least any server must do for one (issue 42 §2, docs GUIDE §13), in one run
 * and under one load: the morning rush's scenario (b) (bench/morning-rush.ts: one copy on local disk,
 * autocannon in a worker, 200 clients, 300 KB multipart check-ins, each another SPG's first of her day),
 * bracketed by two runs of the same load (bench/lib/rush-load.mjs, the same requests) against the floor
 * (bench/lib/rush-floor-server.mjs: node:http, the body read and its photo part found, the photo written
 * to disk, one INSERT … RETURNING on the same PostgreSQL, a JSON answer).
 *
 * Prints for both: check-ins/s, p95 and node CPU per check-in (the server process's user + system CPU,
 * all its threads, what process.cpuUsage() of that process answers, read from /proc, over the check-ins
 * recorded); the host's speed (a fixed calibration loop, between the runs); where Hadir's extra CPU goes;
 * and, last, `rush vs floor: node CPU per check-in N×, p95 N×, errors N, duplicates N`.
 *
 * The floor runs before and after Hadir and is compared by the mean of the two: on a machine shared with
 * other work, the load moves between minutes, and one floor run after Hadir put the p95 ratio anywhere
 * between 1.2× and 2.9× for the same code.
 *
 * Budget: Hadir's node CPU per check-in and p95 each at most 2× the floor's, no error (anything but a 201)
 * and no duplicate (the same (nrp, tanggal) recorded twice, counted in SQL); and the absolute ones of
 * bench/morning-rush.ts for one copy (≥ 100 check-ins/s, p95 < 1 s).
 *
 * Where the CPU goes: both servers run with --cpu-prof (the same sampling cost on both; --no-profile runs
 * without and prints no breakdown). Each profile is cut to the window the bench counted CPU in; each sample
 * is charged to the nearest frame, from the leaf up, that belongs to a known part (GROUPS below: the pg
 * driver's own code is "DB driver", whoever called it), and the shares are scaled to the main thread's
 * CPU from /proc. Samples count wall time: on a busy machine a thread that waits for a core after a system
 * call (a query written to PostgreSQL's socket wakes it) is charged there, so parts that make many system
 * calls read high; the CPU totals are /proc's and exact. The other threads (libuv's
 * pool: file writes, sharp decoding the evidence jobs' photos; V8's GC helpers) are one line.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../scripts/lib/server.mjs';
import {
  BUDGET,
  CONNECTIONS,
  cpuSeconds,
  DATABASE_URL,
  DURATION_S,
  ensureDatabase,
  load,
  mainThreadCpuSeconds,
  monotonicUs,
  morningRush,
  percentile,
  postgresCpuSeconds,
  settledCount,
  preflight,
  prepareSpgs,
  printOutcomes,
  query,
  type Outcome,
  type Spg,
} from './morning-rush';

/** At most this many times the floor's, for node CPU per check-in and for p95 (issue 42 §2). */
const RATIO_BUDGET = 2;
const PROFILE = !process.argv.includes('--no-profile');

// ---------------------------------------------------------------- the host's speed

/**
 * A fixed amount of CPU work: 200,000 chained sha256 rounds of 32 bytes and a 100 M-step integer loop, on
 * one core. Its time says how fast this host is (lower is faster), so another machine's figures compare.
 */
function calibrate(): number {
  const started = performance.now();
  let h = Buffer.alloc(32);
  for (let i = 0; i < 200_000; i++) h = createHash('sha256').update(h).digest();
  let x = h[0]!;
  for (let i = 0; i < 100_000_000; i++) x = (Math.imul(x, 31) + i) | 0;
  if (x === 0.5) console.log(x); // keeps the loop from being dropped
  return performance.now() - started;
}
/** The best of three: the other work on the machine only ever slows it. */
const calibration = () => Math.min(calibrate(), calibrate(), calibrate());

// ---------------------------------------------------------------- the floor

interface FloorOutcome {
  perSecond: number;
  p95: number;
  sent: number;
  created: number;
  errors: number;
  rows: number;
  twice: number;
  photos: number;
  nodeMs: number;
  mainThreadMs: number;
  pgMs: number;
  pid: number | undefined;
  window: { from: number; to: number };
}

async function floorScenario(name: string, spgs: Spg[], profileDir: string | undefined): Promise<FloorOutcome> {
  await query('drop table if exists rush_floor');
  await query(
    `create table rush_floor (id bigserial primary key, idempotency_key text, photo text not null,
                              created_at timestamptz not null default now())`,
  );
  const floor = await startServer({
    entry: 'bench/lib/rush-floor-server.mjs',
    env: { DATABASE_URL },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    await preflight(floor.baseUrl, spgs[spgs.length - 1]!);
    const pool = spgs.slice(0, -1);
    const photos = () => readdirSync(floor.dataDir).filter((f) => f.endsWith('.jpg')).length;
    const count = async () => {
      const [r] = await query<{ rows: string; keys: string }>(
        `select count(*) as rows, count(distinct idempotency_key) as keys from rush_floor`,
      );
      return { rows: Number(r!.rows) - 1, twice: Number(r!.rows) - Number(r!.keys), photos: photos() - 1 };
    };
    const from = monotonicUs();
    const cpuBefore = cpuSeconds(floor.pid);
    const mainBefore = mainThreadCpuSeconds(floor.pid);
    const pgBefore = postgresCpuSeconds();
    console.log(`\n(${name}) ${CONNECTIONS} clients for ${DURATION_S} s …`);
    // The floor checks no one's day: the SPGs go round twice rather than stop a fast floor early.
    const run = await load([floor.baseUrl], [...pool, ...pool]);
    const settled = await settledCount(count);
    const cpu = cpuSeconds(floor.pid) - cpuBefore;
    const main = mainThreadCpuSeconds(floor.pid) - mainBefore;
    const pg = postgresCpuSeconds() - pgBefore;
    const to = monotonicUs();
    const sorted = [...run.latencies].sort((a, b) => a - b);
    const created = run.statuses.get(201) ?? 0;
    const sent = run.latencies.length;
    const per = (s: number) => (s * 1000) / Math.max(settled.rows, 1);
    return {
      perSecond: created / run.seconds,
      p95: percentile(sorted, 95),
      sent,
      created,
      errors: run.results.reduce((n, r) => n + r.errors + r.timeouts, 0) + (sent - created),
      ...settled,
      nodeMs: per(cpu),
      mainThreadMs: per(main),
      pgMs: per(pg),
      pid: floor.pid,
      window: { from, to },
    };
  } finally {
    await floor.stop({ keepData: false });
    await query('drop table if exists rush_floor');
  }
}

// ---------------------------------------------------------------- where the CPU goes

/**
 * The parts a sample is charged to, matched against `url functionName` of each frame from the leaf up; the
 * first frame that matches decides. The order matters only within one frame.
 */
const GROUPS: [RegExp, string][] = [
  [/\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|pg-connection-string)\//, 'DB driver (pg)'],
  [/\/node_modules\/drizzle-orm\/|\/server\/db\//, 'DB statements built (drizzle, prepared)'],
  [/\/server\/middleware\/auth\.ts|\/server\/lib\/token\.ts/, 'auth (token, actor)'],
  [/\/server\/middleware\/idempotency\.ts|\/server\/lib\/idempotency-key\.ts/, 'idempotency'],
  [/\/server\/modules\/device\/|\/node_modules\/@simplewebauthn\//, 'signature verification'],
  [/evidence-job\.ts|photo-fingerprint\.ts|\/server\/lib\/jobs\/|\/node_modules\/sharp\//, 'evidence jobs (run)'],
  [
    /\/middleware\/request-log\.ts|\/server\/lib\/logger\.ts|\/node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped)\//,
    'logging',
  ],
  [/\/server\/lib\/metrics\.ts|\/node_modules\/(prom-client|tdigest|bintrees)\//, 'metrics'],
  [/\/server\/lib\/storage\/|files\.ts (storePhoto|removePhoto)|rush-floor-server\.mjs writeFile/, 'photo store'],
  [
    /\/server\/lib\/multipart\.ts|files\.ts (readMultipart|readPhoto|sniffImage)|rush-floor-server\.mjs photoOf/,
    'multipart parse',
  ],
  [/\/node_modules\/valibot\/|\/src\/domain\/|device-time\.ts|\/server\/lib\/errors\.ts/, 'field validation'],
  [/\/server\/modules\/absensi\//, 'check-in logic (absensi)'],
  [
    /\/node_modules\/hono\/|\/server\/app\.ts|\/server\/lib\/(contract-route|csp|body-limit|openapi)\.ts/,
    'framework (hono: routing, compress, headers)',
  ],
  [/\/node_modules\/@hono\/node-server\//, 'HTTP adapter (@hono/node-server)'],
  [/rush-floor-server\.mjs/, 'handler'],
];
/** A sample no app or library frame claims: by its leaf. */
function leafGroup(url: string, fn: string): string | null {
  if (fn === '(idle)') return null;
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(program)') return 'V8/native outside JS';
  if (/^node:(_http|net|stream|internal\/(http|streams?|net|stream_base|deps\/undici|js_stream))/.test(url))
    return 'HTTP I/O (node)';
  if (/^node:(internal\/)?fs/.test(url)) return 'fs (node)';
  if (/^node:(internal\/)?crypto/.test(url)) return 'crypto (node)';
  return 'other (node internals, timers, promises)';
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Sampled time (µs) per part inside the window, of the profile of process `pid` in `dir`. */
function profileGroups(dir: string, pid: number | undefined, window: { from: number; to: number }) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.`));
  if (!file) return null;
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const groupOf = new Map<number, string | null>();
  const classify = (leaf: number): string | null => {
    const known = groupOf.get(leaf);
    if (known !== undefined) return known;
    let group: string | null | undefined;
    for (let id: number | undefined = leaf; id !== undefined && group === undefined; id = parent.get(id)) {
      const { url, functionName } = byId.get(id)!.callFrame;
      group = GROUPS.find(([re]) => re.test(`${url} ${functionName}`))?.[1];
    }
    const { url, functionName } = byId.get(leaf)!.callFrame;
    group ??= leafGroup(url, functionName);
    groupOf.set(leaf, group);
    return group;
  };
  const groups = new Map<string, number>();
  let t = profile.startTime;
  let inside = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    const spent = profile.timeDeltas[i + 1] ?? 0;
    if (t < window.from || t > window.to) continue;
    inside++;
    const g = classify(profile.samples[i]!);
    if (g) groups.set(g, (groups.get(g) ?? 0) + spent);
  }
  return inside ? groups : null;
}

type Figures = { nodeMs: number; mainThreadMs: number };

/**
 * Per check-in, in ms of node CPU: each part's share of the main thread's samples times the main thread's
 * CPU per check-in, and the other threads; Hadir beside the floor and what Hadir spends beyond it.
 */
function printBreakdown(hadir: Figures, floor: Figures, h: Map<string, number>, f: Map<string, number>) {
  const perCheckIn = (groups: Map<string, number>, o: Figures) => {
    const total = [...groups.values()].reduce((a, b) => a + b, 0);
    return (g: string) => ((groups.get(g) ?? 0) / total) * o.mainThreadMs;
  };
  const hm = perCheckIn(h, hadir);
  const fm = perCheckIn(f, floor);
  const names = [...new Set([...h.keys(), ...f.keys()])].sort((a, b) => hm(b) - fm(b) - (hm(a) - fm(a)));
  const line = (name: string, a: number, b: number) =>
    console.log(
      `  ${name.padEnd(46)} ${a.toFixed(2).padStart(6)} ${b.toFixed(2).padStart(6)} ${((a - b >= 0 ? '+' : '') + (a - b).toFixed(2)).padStart(7)}`,
    );
  console.log(
    `
where node CPU per check-in goes (ms; main thread split by its CPU profile, each sample charged to the nearest known frame from the leaf up):`,
  );
  console.log(`  ${'part'.padEnd(46)} ${'Hadir'.padStart(6)} ${'floor'.padStart(6)} ${'extra'.padStart(7)}`);
  for (const n of names) line(n, hm(n), fm(n));
  line('main thread', hadir.mainThreadMs, floor.mainThreadMs);
  line(
    'other threads (libuv pool: fs, sharp; V8 helpers)',
    hadir.nodeMs - hadir.mainThreadMs,
    floor.nodeMs - floor.mainThreadMs,
  );
  line('all', hadir.nodeMs, floor.nodeMs);
}

// ---------------------------------------------------------------- the run

const host: number[] = [calibration()];
console.log(`host speed: calibration ${host[0]!.toFixed(0)} ms (lower is faster; fixed sha256 + integer loop)`);
const profileDir = PROFILE ? mkdtempSync(path.join(os.tmpdir(), 'hadir-rush-floor-prof-')) : undefined;
let exitCode = 1;
try {
  await ensureDatabase();
  const spgs = await prepareSpgs();
  const floorBefore = await floorScenario('floor, before Hadir', spgs, profileDir);
  host.push(calibration());
  const { outcomes } = await morningRush({ only: 'b', profileDir, spgs });
  const hadir: Outcome = outcomes[0]!;
  printOutcomes(outcomes);
  host.push(calibration());
  const floorAfter = await floorScenario('floor, after Hadir', spgs, profileDir);
  host.push(calibration());
  const floors = [floorBefore, floorAfter];
  const mean = (f: (o: FloorOutcome) => number) => (f(floorBefore) + f(floorAfter)) / 2;
  const floor = {
    perSecond: mean((o) => o.perSecond),
    p95: mean((o) => o.p95),
    nodeMs: mean((o) => o.nodeMs),
    mainThreadMs: mean((o) => o.mainThreadMs),
    pgMs: mean((o) => o.pgMs),
  };

  const ms = (n: number) => n.toFixed(2);
  const row = (name: string, o: { perSecond: number; p95: number; nodeMs: number; mainThreadMs: number }, more = '') =>
    console.log(
      `${name.padEnd(26)} ${o.perSecond.toFixed(1).padStart(7)} ${o.p95.toFixed(0).padStart(7)} ${ms(o.nodeMs).padStart(9)} ${ms(o.mainThreadMs).padStart(9)} ${ms(o.nodeMs - o.mainThreadMs).padStart(9)}${more}`,
    );
  console.log(
    `\nhost speed: calibration ${host.map((h) => h.toFixed(0)).join(', ')} ms (before, between and after the three runs; ` +
      `lower is faster, other work on the machine slows it); ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ` +
      `load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `${''.padEnd(26)} ${'chk/s'.padStart(7)} ${'p95 ms'.padStart(7)} ${'node ms'.padStart(9)} ${'main'.padStart(9)} ${'threads'.padStart(9)}  (node CPU per check-in: all, main thread, other threads)`,
  );
  row('Hadir (morning-rush b)', hadir, `  errors ${hadir.errors}, duplicates ${hadir.twice}, rows ${hadir.rows}`);
  for (const [name, f] of [
    ['floor, before Hadir', floorBefore],
    ['floor, after Hadir', floorAfter],
  ] as const) {
    row(
      name,
      f,
      `  errors ${f.errors}, duplicates ${f.twice}, rows ${f.rows}, photos ${f.photos}, postgres ${ms(f.pgMs)} ms/check-in`,
    );
  }
  row('floor (mean of the two)', floor);

  if (profileDir) {
    const h = profileGroups(profileDir, hadir.pids[0], hadir.window);
    const f = floors.map((o) => profileGroups(profileDir, o.pid, o.window));
    if (h && f[0] && f[1]) {
      const both = new Map(f[0]);
      for (const [g, us] of f[1]) both.set(g, (both.get(g) ?? 0) + us);
      printBreakdown(hadir, floor, h, both);
    } else console.log('(no CPU profile covering the runs: no breakdown)');
  }

  const cpuRatio = hadir.nodeMs / floor.nodeMs;
  const p95Ratio = hadir.p95 / floor.p95;
  const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
  const cpuOk = cpuRatio <= RATIO_BUDGET;
  const p95Ok = p95Ratio <= RATIO_BUDGET;
  const clean = hadir.errors === 0 && hadir.twice === 0;
  const perSecondOk = hadir.perSecond >= BUDGET.perSecond;
  const p95AbsOk = hadir.p95 < BUDGET.p95Ms;
  console.log(
    `\nbudget (issue 42 §2): node CPU per check-in ${ms(hadir.nodeMs)} ms vs floor ${ms(floor.nodeMs)} ms = ${cpuRatio.toFixed(2)}× ` +
      `(≤ ${RATIO_BUDGET}×) ${verdict(cpuOk)}; p95 ${hadir.p95.toFixed(0)} ms vs floor ${floor.p95.toFixed(0)} ms = ${p95Ratio.toFixed(2)}× ` +
      `(≤ ${RATIO_BUDGET}×) ${verdict(p95Ok)}; errors ${hadir.errors}, duplicates ${hadir.twice} ${verdict(clean)}`,
  );
  console.log(
    `absolute (one copy): ${hadir.perSecond.toFixed(1)} check-ins/s (≥ ${BUDGET.perSecond}) ${verdict(perSecondOk)}; ` +
      `p95 ${hadir.p95.toFixed(0)} ms (< ${BUDGET.p95Ms}) ${verdict(p95AbsOk)}`,
  );
  exitCode = cpuOk && p95Ok && clean && perSecondOk && p95AbsOk ? 0 : 1;
  console.log(
    `rush vs floor: node CPU per check-in ${cpuRatio.toFixed(2)}×, p95 ${p95Ratio.toFixed(2)}×, errors ${hadir.errors}, duplicates ${hadir.twice}`,
  );
} finally {
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
}
process.exit(exitCode);
