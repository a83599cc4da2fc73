/**
 * Real server processes for the tests that run several copies on one PostgreSQL
 * (concurrent-start.test.ts, two-copies.test.ts): a free port, and a copy started with tsx on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Copy {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  log(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * One copy of the server on `port` with its own DATA_DIR, the given database and token key, the demo
 * seed on, no client build; `env` adds or overrides variables (object storage). Its output is kept for
 * failure messages.
 */
export function startCopy(
  name: string,
  port: number,
  opts: { dataDir: string; databaseUrl: string; jwtSecret: string; env?: NodeJS.ProcessEnv },
): Copy {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl,
    JWT_SECRET: opts.jwtSecret,
    SEED_DEMO: 'true',
    STATIC_DIR: path.join(opts.dataDir, 'no-build'),
    ...opts.env,
  };
  delete env.TEST_DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, port, url: `http://127.0.0.1:${port}`, child, exited, log: () => out };
}
