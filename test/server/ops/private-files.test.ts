/**
 * DATA_DIR and a backup are private to the server's user (issue 41): after a start, a stop, a backup and a
 * restore, no file or folder there has a group or other bit. The server, npm run backup and npm run
 * restore run as processes with this test's umask (usually 022, which would leave files 0644 on its own).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { seedDemo } from '../../../server/db/seed/demo';
import { dateIn } from '../../../src/domain/time-zone';
import { freePort, ROOT } from '../server-copies';
import { DEMO_PASSWORD, TEST_EMPLOYEES, TEST_TODAY } from '../constants';

const BOOT_MS = 90_000;
const WIB = 'Asia/Jakarta' as const;
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let work: string;
let dataDir: string;

/** Every entry under `root` (root included) that a group or other account may read, write or enter. */
function openEntries(dir: string): string[] {
  const root = realpathSync(dir);
  const out: string[] = [];
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) out.push(`${path.relative(root, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return out;
}

/** How many files and folders under `root`, so that "nothing open" is not said of an empty folder. */
function countEntries(root: string): number {
  let n = 0;
  const visit = (p: string) => {
    n += 1;
    if (lstatSync(p).isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return n;
}

const cliEnv = (dir: string): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.S3_BUCKET;
  return env;
};

interface Running {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  log: () => string;
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...cliEnv(dataDir),
    PORT: String(port),
    SEED_DEMO: 'false',
    STATIC_DIR: path.join(work, 'static'),
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = Date.now() + BOOT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`not ready in ${BOOT_MS} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, exited, log: () => out };
}

async function stopServer(s: Running) {
  s.child.kill('SIGTERM');
  expect(await s.exited, s.log()).toBe(0);
}

const tightenedLines = (log: string) => log.split('\n').filter((l) => l.includes('now private to this user'));

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'hadir-private-'));
  mkdirSync(path.join(work, 'static'));
  // DATA_DIR as a link to a mounted volume (what it points at is made private), as an older Hadir left
  // it: PGlite's own files 0666, folders and uploads open to all.
  dataDir = path.join(work, 'data');
  mkdirSync(path.join(work, 'volume'));
  symlinkSync(path.join(work, 'volume'), dataDir);
  mkdirSync(path.join(dataDir, 'uploads', 'photo'), { recursive: true });
  const template = inject('pgliteTemplate');
  const pg = await PGlite.create({
    dataDir: path.join(dataDir, 'pgdata'),
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  await pg.close();
  if (!template) {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await database.migrate();
    await seedDemo(database.db, { today: TEST_TODAY, employees: TEST_EMPLOYEES });
    await database.close();
  }
  writeFileSync(path.join(dataDir, 'uploads', 'photo', 'lama.jpg'), JPEG);
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'a-key-of-an-older-install-0123456789abcdef');
  for (const p of [dataDir, path.join(dataDir, 'uploads'), path.join(dataDir, 'uploads', 'photo')]) chmodSync(p, 0o777);
  chmodSync(path.join(dataDir, 'uploads', 'photo', 'lama.jpg'), 0o666);
  chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
  expect(openEntries(dataDir).length).toBeGreaterThan(100);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('DATA_DIR and backups are private to the server user', () => {
  it('a start makes an open DATA_DIR private, says so once, and what it writes while running is private too', async () => {
    const server = await startServer();
    let stopped = false;
    try {
      expect(openEntries(dataDir)).toEqual([]);
      expect(tightenedLines(server.log())).toHaveLength(1);

      // A check-in stores a photo through the server (a day ahead: its own day, clock_skew flagged, stored).
      const base = `http://127.0.0.1:${server.port}`;
      const login = await fetch(`${base}/auth/web/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'spg', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const day = dateIn(WIB, new Date(Date.now() + 50 * 86_400_000));
      const f = new FormData();
      for (const [k, v] of Object.entries({
        tanggal: day,
        jam_masuk: '08:05:12',
        captured_at: `${day}T08:05:12+07:00`,
        lat: '-6.2001',
        long: '106.8166',
        accuracy: '12.5',
      }))
        f.append(k, v);
      f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
      const before = countEntries(path.join(dataDir, 'uploads'));
      const res = await fetch(`${base}/api/absensi/new/spg`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: f,
      });
      expect(res.status).toBe(201);
      expect(countEntries(path.join(dataDir, 'uploads'))).toBeGreaterThan(before);
      expect(readdirSync(dataDir)).toContain('server.pid');
      expect(openEntries(dataDir)).toEqual([]);

      await stopServer(server);
      stopped = true;
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      if (!stopped) server.child.kill('SIGKILL');
    }

    // A second start finds nothing to tighten (PGlite's files written at the last start were closed at stop).
    const again = await startServer();
    try {
      expect(tightenedLines(again.log())).toEqual([]);
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      await stopServer(again);
    }
  }, 240_000);

  it('npm run backup writes its archive 0600, and npm run restore makes a private DATA_DIR', () => {
    const file = path.join(work, 'hadir-backup.tar.gz');
    const backup = spawnSync('npm', ['run', '--silent', 'backup', '--', '--out', file], {
      cwd: ROOT,
      env: cliEnv(dataDir),
      encoding: 'utf8',
    });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect((lstatSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(readdirSync(work).filter((n) => n.endsWith('.partial'))).toEqual([]);

    const target = path.join(work, 'restored');
    const restore = spawnSync('npm', ['run', '--silent', 'restore', '--', file], {
      cwd: ROOT,
      env: cliEnv(target),
      encoding: 'utf8',
    });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    // The database, the photos and the key came back, and none of them is open to another account.
    expect(countEntries(path.join(target, 'pgdata'))).toBeGreaterThan(100);
    expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'),
    );
    expect(readdirSync(path.join(target, 'uploads', 'photo'))).toContain('lama.jpg');
    expect(openEntries(target)).toEqual([]);
  }, 180_000);
});
