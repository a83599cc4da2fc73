// npm run bench:lighthouse — Lighthouse (mobile, default simulated throttling) on the production
// build served as in production: /login cold, and /absensi/new/spg signed in as the demo SPG.
// Budgets (issue 11 item 5): performance score at least 90, total blocking time under 300 ms.
// The signed-in run keeps the session (local storage + IndexedDB, `disableStorageReset`) but drops the
// service worker, Cache Storage and the HTTP cache first, so it is a cold load of that screen too.
// `--files` lists the scripts of each run; `--shots DIR` keeps Lighthouse's final screenshot of each; `--report DIR` keeps each full report (JSON: long tasks, LCP element, request chain); `--trace DIR` keeps the
// unthrottled trace Lighthouse simulated from (open it in DevTools' Performance panel); `--runs N` runs each page N times and reports the median run (by score); `--dist DIR` measures an
// existing build instead of a private one.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, freePort, root, startServer } from '../scripts/lib/server.mjs';
import { privateBuild } from './lib/private-build.mjs';
import { loginAsDemoSpg } from './spg-login.mjs';

const argValue = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const listFiles = process.argv.includes('--files');
const runs = Math.max(1, Number(argValue('--runs') ?? 1));
const distArg = argValue('--dist');
const shotsDir = argValue('--shots');
const reportDir = argValue('--report');
const traceDir = argValue('--trace');
const outDir = distArg ? path.resolve(distArg) : privateBuild('lighthouse');

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const loadBefore = load();
const server = await startServer({ env: { STATIC_DIR: outDir } });
const port = await freePort();
const userDir = mkdtempSync(path.join(os.tmpdir(), 'hadir-lighthouse-profile-'));
// A persistent context is Chromium's default context, the one the tab Lighthouse opens lives in, so
// a login made here is the login Lighthouse sees. viewport: null leaves emulation to Lighthouse.
const context = await chromium.launchPersistentContext(userDir, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  viewport: null,
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
});

/** One Lighthouse navigation; returns the figures of its report. */
async function measure(url, { keepSession }) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepSession,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname)
    throw new Error(`${url} ended on ${finalPath} (not signed in, or redirected) — not measured`);
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = `${finalPath.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${Date.now()}.json`;
    writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
  }
  if (traceDir) {
    mkdirSync(traceDir, { recursive: true });
    const name = `${finalPath.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${Date.now()}.trace.json`;
    writeFileSync(path.join(traceDir, name), JSON.stringify(result.artifacts.Trace));
  }
  const shot = lhr.audits['final-screenshot']?.details?.data;
  if (shotsDir && typeof shot === 'string') {
    mkdirSync(shotsDir, { recursive: true });
    const name = `${finalPath.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${Date.now()}.jpg`;
    writeFileSync(path.join(shotsDir, name), Buffer.from(shot.split(',')[1], 'base64'));
  }
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  if (listFiles)
    for (const r of requests.filter((x) => x.resourceType === 'Script'))
      console.log(
        `  ${new URL(url).pathname.padEnd(20)} ${((r.transferSize ?? 0) / 1024).toFixed(1).padStart(6)} KB  ${r.url}`,
      );
  const js = requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    js,
    scripts: requests.filter((r) => r.resourceType === 'Script').length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Drops what would make the next load warm, keeping the session (local storage and IndexedDB). */
async function coldButSignedIn() {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: server.baseUrl,
    storageTypes: 'service_workers,cache_storage',
  });
  await page.close();
}

const median = (list) => [...list].sort((a, b) => a.score - b.score)[Math.floor(list.length / 2)];

try {
  const results = [];
  const loginRuns = [];
  for (let i = 0; i < runs; i++) loginRuns.push(await measure(`${server.baseUrl}/login`, { keepSession: false }));
  results.push({ name: '/login', ...median(loginRuns), all: loginRuns });

  // Log in through the form, as the SPG does, in the browser Lighthouse drives.
  const page = context.pages()[0] ?? (await context.newPage());
  await loginAsDemoSpg(page, server.baseUrl);
  await page.goto('about:blank');

  const spgRuns = [];
  for (let i = 0; i < runs; i++) {
    await coldButSignedIn();
    spgRuns.push(await measure(`${server.baseUrl}/absensi/new/spg`, { keepSession: true }));
  }
  results.push({ name: '/absensi/new/spg (signed in)', ...median(spgRuns), all: spgRuns });

  const s = (v) => `${(v / 1000).toFixed(2)} s`;
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  const lhVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
  console.log(`Lighthouse ${lhVersion} mobile, simulated throttling; ${runs} run(s) per page, median shown`);
  console.log('page                            score   FCP       LCP       TBT        JS transferred');
  for (const r of results)
    console.log(
      `${r.name.padEnd(32)}${String(r.score).padStart(5)}   ${s(r.fcp).padEnd(10)}${s(r.lcp).padEnd(10)}${`${Math.round(r.tbt)} ms`.padEnd(11)}${kb(r.js)} (${r.scripts} files)`,
    );
  if (runs > 1)
    for (const r of results)
      console.log(
        `runs ${r.name}: scores ${r.all.map((x) => x.score).join(', ')}; TBT ${r.all.map((x) => Math.round(x.tbt)).join(', ')} ms`,
      );
  for (const r of results) {
    const scoreOk = r.score >= 90;
    const tbtOk = r.tbt < 300;
    console.log(
      `budget ${r.name}: score ${r.score} of ≥ 90 — ${scoreOk ? 'within' : 'OVER'}; TBT ${Math.round(r.tbt)} ms of < 300 ms — ${tbtOk ? 'within' : 'OVER'}`,
    );
  }
  const indexes = results.flatMap((r) => r.all.map((x) => x.benchmarkIndex)).sort((a, b) => a - b);
  console.log(
    `host CPU (Lighthouse's benchmarkIndex, higher is faster; its 4× slowdown assumes a desktop-class host): ${Math.round(indexes[0])}–${Math.round(indexes.at(-1))}`,
  );
  console.log(
    `machine load (1/5/15 min, ${os.cpus().length} cores): before ${loadBefore}, after ${load()} — Lighthouse scales the CPU time it observes, so a busy machine inflates TBT`,
  );
} finally {
  await context.close();
  await server.stop();
  rmSync(userDir, { recursive: true, force: true });
  if (!distArg) rmSync(path.dirname(outDir), { recursive: true, force: true });
}
