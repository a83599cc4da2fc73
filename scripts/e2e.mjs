#!/usr/bin/env node
/**
 * End-to-end run (`npm run test:e2e [-- vitest args]`): builds the PWA, starts the real server on a free
 * port with a fresh data folder (demo seed on), waits for /api/health, runs the browser tests against it
 * with vitest.e2e.config.ts, stops the server and exits with vitest's code.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
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
  };
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

  const code = await run('npx', ['-y', 'vitest', 'run', '--config', 'vitest.e2e.config.ts', ...vitestArgs], {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    E2E_JWT_SECRET: JWT_SECRET,
  });
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
