// Starts the real server as one child process on a free port with a fresh DATA_DIR (demo seed on),
// for benchmarks and browser runs. stop() sends SIGTERM and removes the data folder.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
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

/**
 * Options `dataDir` and `port` restart a server on the data and address of an earlier one; `entry` starts
 * another entry point than server/index.ts (bench/lib/clocked-server.ts); `nodeArgs` go to node before it
 * (--cpu-prof).
 */
export async function startServer({
  env = {},
  timeoutMs = 120_000,
  dataDir: reuseDir,
  port: reusePort,
  entry = 'server/index.ts',
  nodeArgs = [],
} = {}) {
  const dataDir = reuseDir ?? mkdtempSync(path.join(os.tmpdir(), 'hadir-run-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = reusePort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const fd = openSync(logFile, 'a');
  const childEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${readFileSync(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`server not healthy in ${timeoutMs} ms:\n${readFileSync(logFile, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid,
    readyMs: Date.now() - started,
    log: () => readFileSync(logFile, 'utf8'),
    port,
    /** SIGTERM, wait, and remove the data folder unless asked to keep it (for a restart). */
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
