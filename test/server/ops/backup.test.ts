import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/client';
import { absensi } from '../../../server/db/schema/absensi';
import { seedDemo } from '../../../server/db/seed/demo';
import { photoKey } from '../../../server/lib/files';
import { loadJwtKey } from '../../../server/lib/secret';
import { localStorage } from '../../../server/lib/storage';
import { backup, OpsRefusal, restore } from '../../../server/ops/backup';
import { PID_FILE } from '../../../server/ops/server-pid';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { DEMO_PASSWORD, TEST_EMPLOYEES, TEST_TODAY } from '../constants';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WIB = 'Asia/Jakarta' as const;
const SPG_NRP = '26000002';
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let work: string;
let dataDir: string;
/** What the install held when it was backed up: its attendance rows and every stored file's bytes. */
let rowsBefore: unknown[];
let filesBefore: Map<string, Buffer>;
let checkedInDay: string;

/** Every file under `dir`, by its path relative to it. */
function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const visit = (d: string, rel: string) => {
    for (const name of readdirSync(d)) {
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(d, name)).isDirectory()) visit(path.join(d, name), r);
      else out.set(r, readFileSync(path.join(d, name)));
    }
  };
  visit(dir, '');
  return out;
}

async function attendanceOf(dir: string) {
  const database = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
  try {
    return await database.db.select().from(absensi).where(eq(absensi.nrp, SPG_NRP)).orderBy(asc(absensi.id));
  } finally {
    await database.close();
  }
}

const where = (dir: string) => ({ dataDir: dir, databaseUrl: undefined, s3: undefined });

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'hadir-backup-'));
  dataDir = path.join(work, 'data');
  mkdirSync(path.join(dataDir, 'uploads', 'photo'), { recursive: true });
  // The install as server/index.ts makes it: PGlite in DATA_DIR/pgdata, migrated and seeded, files in uploads/.
  const template = inject('pgliteTemplate');
  if (template) {
    const pg = await PGlite.create({
      dataDir: path.join(dataDir, 'pgdata'),
      loadDataDir: new Blob([readFileSync(template)]),
    });
    await pg.close();
  }
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  if (!template) {
    await database.migrate();
    await seedDemo(database.db, { today: TEST_TODAY, employees: TEST_EMPLOYEES });
  }
  // A check-in through the API on a day ahead (08:10 WIB there): a new row and a stored photo.
  checkedInDay = dateIn(WIB, new Date(Date.now() + 50 * 86_400_000));
  const offsetMs = instantIn(WIB, checkedInDay, '08:10:00').getTime() - Date.now();
  const app = createApp({
    db: database.db,
    jwtKey: loadJwtKey(dataDir, undefined),
    tokenTtlHours: 12,
    storage: localStorage(path.join(dataDir, 'uploads')),
    now: () => new Date(Date.now() + offsetMs),
  });
  const login = await app.request('/auth/web/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'spg', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const f = new FormData();
  for (const [k, v] of Object.entries({
    tanggal: checkedInDay,
    jam_masuk: '08:05:12',
    captured_at: `${checkedInDay}T08:05:12+07:00`,
    lat: '-6.2001',
    long: '106.8166',
    accuracy: '12.5',
  }))
    f.append(k, v);
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await app.request('/api/absensi/new/spg', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: f,
  });
  expect(res.status).toBe(201);
  rowsBefore = await database.db.select().from(absensi).where(eq(absensi.nrp, SPG_NRP)).orderBy(asc(absensi.id));
  await database.close();
  filesBefore = filesOf(dataDir);
  for (const k of [...filesBefore.keys()]) if (k.startsWith('pgdata/')) filesBefore.delete(k);
}, 120_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore (embedded database)', () => {
  it('refuses to back up while the server has the database open', async () => {
    // server/index.ts writes its pid there; this test's parent process stands for a live server.
    writeFileSync(path.join(dataDir, PID_FILE), String(process.ppid));
    try {
      await expect(backup(where(dataDir), path.join(work, 'running.tar.gz'))).rejects.toThrow(/Hentikan server dulu/);
    } finally {
      rmSync(path.join(dataDir, PID_FILE));
    }
    expect(readdirSync(work).filter((n) => n.startsWith('running'))).toEqual([]);
  });

  it('refuses PostgreSQL and bucket installs, pointing at pg_dump and a bucket sync', async () => {
    const out = path.join(work, 'never.tar.gz');
    await expect(backup({ ...where(dataDir), databaseUrl: 'postgres://x@localhost/hadir' }, out)).rejects.toThrow(
      /pg_dump/,
    );
    const s3 = { bucket: 'hadir-files', region: 'us-east-1', forcePathStyle: false } as const;
    await expect(backup({ ...where(dataDir), s3 }, out)).rejects.toThrow(/bucket sync/);
  });

  it('backs up to one file and restores into an empty DATA_DIR: the same records, photo bytes and key', async () => {
    const file = path.join(work, 'hadir-backup.tar.gz');
    // The npm script itself, as an operator runs it.
    const run = spawnSync('npm', ['run', '--silent', 'backup', '--', '--out', file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Backup written to /);

    const target = path.join(work, 'restored');
    const { manifest } = await restore(where(target), file);
    expect(manifest.files.count).toBe(filesBefore.size);
    expect(manifest.database.migrations).toBeGreaterThan(0);

    const filesAfter = filesOf(target);
    for (const k of [...filesAfter.keys()]) if (k.startsWith('pgdata/')) filesAfter.delete(k);
    expect([...filesAfter.keys()].sort()).toEqual([...filesBefore.keys()].sort());
    for (const [name, bytes] of filesBefore) expect(filesAfter.get(name)?.equals(bytes), name).toBe(true);
    // The check-in's photo is among them, byte for byte, and its row names it.
    const rowsAfter = await attendanceOf(target);
    expect(rowsAfter).toEqual(rowsBefore);
    const checkedIn = rowsAfter.find((r) => r.tanggal === checkedInDay);
    expect(checkedIn?.foto_masuk).toBeTruthy();
    expect(filesAfter.get(`uploads/${photoKey(checkedIn!.foto_masuk!)}`)?.equals(Buffer.from(JPEG))).toBe(true);
    expect(filesAfter.get('jwt-secret')?.toString()).toBe(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));
  }, 120_000);

  it('refuses to restore into a DATA_DIR that holds anything, and writes nothing there', async () => {
    const file = path.join(work, 'hadir-backup.tar.gz');
    const busy = path.join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(path.join(busy, 'keep.txt'), 'mine');
    const run = spawnSync('npm', ['run', '--silent', 'restore', '--', file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: busy, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/is not empty/);
    expect(readdirSync(busy)).toEqual(['keep.txt']);
    await expect(restore(where(busy), file)).rejects.toBeInstanceOf(OpsRefusal);
    expect(readdirSync(work).filter((n) => n.includes('.restore-'))).toEqual([]);
  });

  it('refuses a damaged backup and leaves DATA_DIR empty', async () => {
    const file = path.join(work, 'hadir-backup.tar.gz');
    const bytes = readFileSync(file);
    const damaged = path.join(work, 'damaged.tar.gz');
    const copy = Buffer.from(bytes);
    copy[Math.floor(copy.length / 2)]! ^= 0xff;
    writeFileSync(damaged, copy);
    const target = path.join(work, 'from-damaged');
    await expect(restore(where(target), damaged)).rejects.toThrow();
    expect(readdirSync(work).filter((n) => n === 'from-damaged' || n.includes('.restore-'))).toEqual([]);
  });
});
