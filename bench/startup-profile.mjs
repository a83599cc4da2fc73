// npm run bench:startup-profile — where the signed-in day screen's start goes: one cold load of
// /absensi/new/spg at 4× CPU (as bench:startup measures it), traced by Chromium, summarised as
//   - main-thread time by kind of work (script evaluation and compiling, style, layout, paint, GC…);
//   - JavaScript self time by file and by function (the sampling profiler).
// Usage: npm run bench:startup-profile [-- DIST_DIR | --bare] [-- --path P] [-- --rate R] [-- --top N] [-- --trace FILE]
//   (no DIST_DIR: a private build of the checkout; --bare: the bare stack page instead, bench/bare;
//   --trace writes the raw trace for chrome://tracing).

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startServer } from '../scripts/lib/server.mjs';
import { BARE_PATH, serveBarePage } from './lib/bare-page.mjs';
import { privateBuild } from './lib/private-build.mjs';
import { loginAsDemoSpg } from './spg-login.mjs';

const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const top = Number(opt('--top') ?? 25);
const traceFile = opt('--trace');
/** The signed-in address to open (default her day screen). */
const target = opt('--path') ?? '/absensi/new/spg';
/** CPU slowdown (Lighthouse's mobile 4× by default; 6× for an entry-level phone). */
const rate = Number(opt('--rate') ?? 4);
const bare = args.includes('--bare');
let dist = args.find((a, i) => !a.startsWith('--') && !['--top', '--trace', '--path', '--rate'].includes(args[i - 1]));
if (!dist && !bare) dist = privateBuild('profile', ['--sourcemap']);

const server = bare ? await serveBarePage() : await startServer({ env: { STATIC_DIR: path.resolve(dist) } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  // As bench:startup: signed in (or the bare page opened once), so the measured load finds its files cached.
  if (bare) await page.goto(`${server.baseUrl}${BARE_PATH}`);
  else await loginAsDemoSpg(page, server.baseUrl);
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
      ],
    },
    transferMode: 'ReportEvents',
  });
  await page.goto(`${server.baseUrl}${bare ? BARE_PATH : target}`);
  await page.waitForTimeout(6000);
  await cdp.send('Tracing.end');
  await done;
  if (traceFile) writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));

  // The renderer's main thread: the thread named CrRendererMain of the process that ran the page.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busiest = mains
    .map((m) => ({ m, n: events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length }))
    .sort((a, b) => b.n - a.n)[0].m;
  const onMain = events.filter((e) => e.pid === busiest.pid && e.tid === busiest.tid);

  // Kinds of work: the top-level complete events under each RunTask, by name (nested ones are inside them).
  const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask');
  const total = tasks.reduce((s, t) => s + t.dur, 0) / 1000;
  const byKind = new Map();
  const children = onMain
    .filter((e) => e.ph === 'X' && e.name !== 'RunTask' && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Keep each event that no other (non-task) event encloses.
  let end = -1;
  for (const e of children) {
    if (e.ts < end) continue;
    end = e.ts + e.dur;
    const name = e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name.startsWith('v8.') ? e.name : e.name;
    byKind.set(name, (byKind.get(name) ?? 0) + e.dur / 1000);
  }
  console.log(
    `main thread: ${total.toFixed(0)} ms in ${tasks.length} tasks; longest ${(Math.max(...tasks.map((t) => t.dur)) / 1000).toFixed(0)} ms`,
  );
  for (const [k, v] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);

  // Performance marks the page set (a build with marks in it tells renders, say), by name: count and times.
  const t0 = Math.min(...tasks.map((t) => t.ts));
  const marks = new Map();
  for (const e of events.filter(
    (x) =>
      (x.cat?.includes('blink.user_timing') && x.ph === 'R') || (x.ph === 'I' && x.cat?.includes('blink.user_timing')),
  )) {
    const list = marks.get(e.name) ?? [];
    list.push(((e.ts - t0) / 1000).toFixed(0));
    marks.set(e.name, list);
  }
  for (const [name, at] of marks) console.log(`mark ${name}: ${at.length}× at ${at.join(', ')} ms`);

  // The sampling profile: ProfileChunk events carry nodes and samples with time deltas.
  const nodes = new Map();
  const parents = new Map();
  const selfTime = new Map();
  for (const e of events.filter((x) => x.name === 'ProfileChunk')) {
    const d = e.args.data.cpuProfile ?? {};
    for (const n of d.nodes ?? []) {
      nodes.set(`${e.id}:${n.id}`, n.callFrame);
      if (n.parent) parents.set(`${e.id}:${n.id}`, `${e.id}:${n.parent}`);
    }
    const samples = d.samples ?? [];
    const deltas = e.args.data.timeDeltas ?? [];
    samples.forEach((s, i) => {
      const key = `${e.id}:${s}`;
      selfTime.set(key, (selfTime.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
    });
  }
  // With a build made with --sourcemap, time is told by source (a package, or a file of src/).
  const maps = new Map();
  const traceMap = (asset) => {
    if (!maps.has(asset)) {
      const file = dist && path.join(dist, `${asset}.map`);
      maps.set(asset, file && existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(asset);
  };
  const source = (f) => {
    const asset = f.url.replace(/^https?:\/\/[^/]+/, '');
    const map = asset.startsWith('/assets/') ? traceMap(asset) : null;
    if (!map) return { file: asset, line: f.lineNumber + 1 };
    let pos;
    try {
      pos = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
    } catch {
      pos = {}; // a position past the map's lines (the chunk's wrapper)
    }
    if (!pos.source) return { file: asset, line: f.lineNumber + 1 };
    const pkg = pos.source.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
    return { file: pkg ? pkg[1] : pos.source.replace(/^.*?\/src\//, 'src/'), line: pos.line, name: pos.name };
  };
  const byFile = new Map();
  const byFn = new Map();
  for (const [key, ms] of selfTime) {
    const f = nodes.get(key);
    if (!f) continue;
    const src = f.url ? source(f) : null;
    const file = src ? src.file : `(${f.functionName || 'program'})`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = `${src?.name ?? (f.functionName || '(anonymous)')} ${file}:${src?.line ?? ''}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
  }
  // Each sample charged to the nearest frame of the app's own code on its stack (the component or
  // function of src/ whose work it is, Chakra's and React's included), or to its package if none.
  const byOwn = new Map();
  for (const [key, ms] of selfTime) {
    let k = key;
    let owner;
    while (k) {
      const f = nodes.get(k);
      const src = f?.url ? source(f) : null;
      if (src?.file.startsWith('src/')) {
        owner = `${src.file}:${src.line}`;
        break;
      }
      owner ??= src ? `[${src.file}]` : undefined;
      k = parents.get(k);
    }
    if (owner) byOwn.set(owner, (byOwn.get(owner) ?? 0) + ms);
  }
  console.log("JavaScript time by the app's nearest own frame (ms, sampled, children included):");
  for (const [k, v] of [...byOwn].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
  console.log('JavaScript self time by file (ms, sampled):');
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
  console.log('by function:');
  for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
} finally {
  await browser.close();
  await server.stop();
}
