/**
 * `npm start` as an operator or a supervisor runs it: SIGTERM to the process `npm start` started stops the
 * server (issue 26). npm passes the signal on to its script's shell; package.json `exec`s the start script,
 * so that the signal reaches the server and not only a shell that dies and leaves the server running.
 * STATIC_DIR skips the build (scripts/start.mjs), and SEED_DEMO=false keeps the start short.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, ROOT } from './server-copies';

const BOOT_MS = 90_000;

/** Whether a new TCP connection to the port is refused (nothing listens there). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** The processes below `pid` (Linux /proc): npm's shell and the server. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

describe('npm start', () => {
  it.skipIf(process.platform !== 'linux')(
    'SIGTERM to the npm process stops the server: the port closes and every process exits',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hadir-start-'));
      const staticDir = path.join(dataDir, 'static');
      mkdirSync(staticDir);
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        STATIC_DIR: staticDir,
      };
      delete env.DATABASE_URL;
      const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
      npm.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
      let tree: number[] = [];
      cleanups.push(() => {
        for (const pid of [npm.pid!, ...tree]) if (alive(pid)) process.kill(pid, 'SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      });

      const until = Date.now() + BOOT_MS;
      for (;;) {
        if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${out}`);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
          if (res.ok) break;
        } catch {
          /* not yet */
        }
        if (Date.now() > until) throw new Error(`not ready in ${BOOT_MS} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(out).toContain('no build');
      tree = descendants(npm.pid!);
      expect(tree.length).toBeGreaterThan(0);

      npm.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      expect(npm.exitCode !== null || npm.signalCode !== null, `npm still running:\n${out}`).toBe(true);
      // The server drained and closed (it prints that), and nothing npm started outlives it.
      await expect.poll(() => tree.filter(alive), { timeout: 10_000 }).toEqual([]);
      expect(await refused(port)).toBe(true);
      expect(out).toContain('SIGTERM: closed');
    },
    BOOT_MS + 60_000,
  );
});
