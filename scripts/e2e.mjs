#!/usr/bin/env node
/**
 * End-to-end run (`npm run test:e2e [-- vitest args]`): builds the PWA, starts the real server on a free
 * port with a fresh data folder (demo seed on), waits for /api/health, runs the browser tests against it
 * with vitest.e2e.config.ts, stops the server and exits with vitest's code.
 *
 * Two lanes at once against the one server (LANE_A below and the rest), each lane one file at a time.
 * Given file filters (`npm run test:e2e -- test/e2e/news.test.ts`), one lane runs just those. A json
 * reporter's `--outputFile.json=F` gets both lanes' results merged into F.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** 48 characters; the tests get it too so they can sign tokens the server accepts (expired ones). */
const JWT_SECRET = 'e2e-only-secret-0123456789-abcdefghijklmnopqrstu';
const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
const vitestArgs = process.argv.slice(2);

/**
 * Every journey makes the records it writes (its own employees, team leader, stores, route lists, plans
 * and accounts, through the admin's API; test/e2e/field-accounts.ts and field-team.ts) and uses the demo
 * accounts only to log in to the back office or to read, so any journey may run beside any other. Two
 * lanes at once, one file at a time in each: LANE_A below, every other journey in the other lane, split
 * so that both take about as long (the per-file times of a full run are in its json report). One order
 * is kept: absensi-posting posts last month for everyone, so it runs last in the lane of absensi-admin,
 * which enters days up to six days back (vitest.e2e.config.ts puts it last).
 */
const LANE_A = [
  // 240 of its 306 s in a full run of 2026-11-28 (the other lane: 326 s): every screen, twice.
  'test/e2e/accessibility.test.ts',
  'test/e2e/csp.test.ts',
  'test/e2e/field-fresh-login.test.ts',
  'test/e2e/first-load.test.ts',
  'test/e2e/absensi-admin.test.ts',
  'test/e2e/absensi-posting.test.ts',
  'test/e2e/karyawan-upload.test.ts',
  'test/e2e/lockout.test.ts',
];

if (JWT_SECRET.length !== 48) throw new Error('JWT_SECRET must be 48 characters');

const log = (line) => console.log(`[e2e] ${line}`);

/** Runs a command with inherited output; resolves to its exit code. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`[e2e] ${command} failed to start: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let dataDir;
let logFile;
let server;
let serverExit;

function printServerLog() {
  if (!logFile) return;
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return;
  }
  console.error(
    `\n[e2e] ---- server output (${logFile}) ----\n${text.trimEnd()}\n[e2e] ---- end of server output ----\n`,
  );
}

/** SIGTERM the server and wait for it; warns (then SIGKILLs) when it does not stop in time. */
async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  const stopped = await Promise.race([serverExit.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped) {
    console.warn(
      `[e2e] WARNING: the server (pid ${server.pid}) did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM; killing it`,
    );
    server.kill('SIGKILL');
    await serverExit;
  }
}

function removeDataDir() {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`[e2e] ${signal}: stopping`);
    void stopServer().finally(() => {
      removeDataDir();
      process.exit(130);
    });
  });
}

async function waitForHealth(baseUrl) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exited = false;
  void serverExit.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) return `the server exited (code ${server.exitCode}, signal ${server.signalCode}) before it answered`;
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return null;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return `GET /api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`;
}

/** Runs a command with its output prefixed by `[name] ` line by line; resolves to its exit code. */
function runPrefixed(name, command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
    }
    child.on('error', (err) => {
      console.error(`[e2e] ${command} failed to start: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** vitest's JSON reports of the lanes as one (what .ci/run counts). */
function mergeReports(files, into) {
  const reports = files.filter((f) => existsSync(f)).map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const sum = (key) => reports.reduce((n, r) => n + (r[key] ?? 0), 0);
  const merged = {
    numTotalTestSuites: sum('numTotalTestSuites'),
    numPassedTestSuites: sum('numPassedTestSuites'),
    numFailedTestSuites: sum('numFailedTestSuites') + (files.length - reports.length),
    numPendingTestSuites: sum('numPendingTestSuites'),
    numTotalTests: sum('numTotalTests'),
    numPassedTests: sum('numPassedTests'),
    numFailedTests: sum('numFailedTests'),
    numPendingTests: sum('numPendingTests'),
    numTodoTests: sum('numTodoTests'),
    startTime: Math.min(...reports.map((r) => r.startTime ?? Date.now())),
    success: reports.length === files.length && reports.every((r) => r.success),
    testResults: reports.flatMap((r) => r.testResults ?? []),
  };
  writeFileSync(into, JSON.stringify(merged));
  for (const f of files) rmSync(f, { force: true });
}

/** The two lanes at once, or one run of the given files. */
async function runLanes(env) {
  const vitest = (args) => ['-y', 'vitest', 'run', '--config', 'vitest.e2e.config.ts', ...args];
  const filtered = vitestArgs.some((a) => !a.startsWith('-'));
  if (filtered) return run('npx', vitest(vitestArgs), env);

  const jsonOut = vitestArgs.find((a) => a.startsWith('--outputFile.json='))?.slice('--outputFile.json='.length);
  const laneArgs = (name) =>
    vitestArgs.map((a) => (jsonOut && a.startsWith('--outputFile.json=') ? `--outputFile.json=${jsonOut}.${name}` : a));
  const lanes = [
    { name: 'a', args: [...LANE_A, ...laneArgs('a')] },
    { name: 'b', args: [...LANE_A.flatMap((f) => ['--exclude', f]), ...laneArgs('b')] },
  ];
  const codes = await Promise.all(
    lanes.map(async ({ name, args }) => {
      const t = Date.now();
      const code = await runPrefixed(name, 'npx', vitest(args), env);
      log(`lane ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s (vitest exit ${code})`);
      return code;
    }),
  );
  if (jsonOut)
    mergeReports(
      lanes.map(({ name }) => `${jsonOut}.${name}`),
      jsonOut,
    );
  return codes.find((c) => c !== 0) ?? 0;
}

async function main() {
  const started = Date.now();
  log('building the PWA (vite build)');
  // A private build folder: two runs at once (or a build in the tree) cannot swap assets under a test.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'hadir-e2e-'));
  const distDir = path.join(dataDir, 'dist');
  const buildCode = await run('npx', ['-y', 'vite', 'build', '--outDir', distDir, '--emptyOutDir']);
  if (buildCode !== 0) {
    console.error(`[e2e] vite build failed (exit ${buildCode})`);
    return buildCode;
  }

  logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The journeys read the dashboard right after a check-in they make: its answers are not shared for
  // seconds here (decision 042; test/server/dashboard/dashboard-cache.test.ts tests that sharing).
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET,
    STATIC_DIR: distDir,
    DASHBOARD_CACHE_SECONDS: '0',
    // The passkeys' relying party is configuration, never the request's Host (issue 41): the device
    // journey's phone opens the server as localhost (WebAuthn refuses an IP address as RP ID).
    PUBLIC_URL: `http://localhost:${port}`,
  };
  delete serverEnv.RP_ID;
  delete serverEnv.RP_ORIGIN;
  delete serverEnv.SEED_DEMO;
  delete serverEnv.DATABASE_URL;

  const fd = openSync(logFile, 'a');
  // One process that owns the server (no npx/npm wrapper), so SIGTERM reaches it.
  server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  serverExit = new Promise((resolve) => server.on('exit', resolve));
  log(`server pid ${server.pid} on ${baseUrl}, DATA_DIR ${dataDir}`);

  const t = Date.now();
  const problem = await waitForHealth(baseUrl);
  if (problem) {
    console.error(`[e2e] ${problem}`);
    printServerLog();
    return 1;
  }
  log(`server healthy after ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const env = { ...process.env, E2E_BASE_URL: baseUrl, E2E_JWT_SECRET: JWT_SECRET };
  const code = await runLanes(env);
  if (code !== 0) printServerLog();
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (vitest exit ${code})`);
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  console.error('[e2e]', err);
  printServerLog();
} finally {
  await stopServer();
  removeDataDir();
}
process.exit(exitCode);
