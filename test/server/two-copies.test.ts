/**
 * Two copies behave as one server (issue 15 item 4). Two real server processes, one JWT_SECRET, one
 * fresh empty PostgreSQL database (the machine's server, as in concurrent-start.test.ts) and one bucket
 * of an S3-compatible server started here (s3rver), started at the same moment: both come up healthy,
 * the migrations and the demo seed are applied once between them, and whatever is recorded through one
 * copy holds on the other — a check-in and its photo, a login lockout, an outbox replay whose first
 * answer was lost, two concurrent repeats of one Idempotency-Key; and no SPG gets another's photo.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../../server/db/client';
import { s3Storage, type S3Storage } from '../../server/lib/storage';
import { todayOfNrp } from '../../server/lib/time-zone';
import { DEMO_PASSWORD } from './constants';
import { databaseUrlWithName } from './global-setup';
import { startS3, type TestS3 } from './s3-server';
import { freePort, startCopy, type Copy } from './server-copies';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const JWT_SECRET = randomBytes(32).toString('base64');
const BOOT_MS = 90_000;
const SPG_NRP = '26000002';

function startS3Copy(name: string, port: number, dataDir: string): Copy {
  const { config } = s3;
  return startCopy(name, port, {
    dataDir,
    databaseUrl: dbUrl,
    jwtSecret: JWT_SECRET,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: config.bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
}

async function healthy(copy: Copy): Promise<boolean> {
  try {
    const res = await fetch(`${copy.url}/api/health`, { signal: AbortSignal.timeout(3000) });
    return res.status === 200 && ((await res.json()) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
}

/** A 60 KB image the server takes for a JPEG (its magic bytes), different for every call. */
function photoBytes(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(60 * 1024);
  bytes.set(randomBytes(bytes.length));
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return bytes;
}

function dayForm(fields: Record<string, string>, photo: Uint8Array<ArrayBuffer>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries({
    captured_at: new Date(Date.now() - 60_000).toISOString(),
    lat: '-6.2',
    long: '106.8',
    ...fields,
  })) {
    f.append(k, v);
  }
  f.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
  return f;
}

const call = (copy: Copy, method: string, url: string, opts: { token?: string; body?: unknown; key?: string } = {}) => {
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.key) headers['Idempotency-Key'] = opts.key;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  return fetch(`${copy.url}${url}`, { method, headers, body });
};

const login = (copy: Copy, username: string, password = DEMO_PASSWORD) =>
  call(copy, 'POST', '/auth/web/login', { body: { username, password } });

async function tokenOn(copy: Copy, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await login(copy, username, password);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Photo objects in the shared bucket, listed from the bucket itself. */
async function bucketPhotos(): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await bucket.client.send(
      new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: 'photo/', ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) keys.push(o.Key!);
    token = page.NextContinuationToken;
  } while (token);
  return keys.sort();
}

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

interface DayAnswer {
  message: string;
  already_recorded: boolean;
  result: { id: number; nrp: string; tanggal: string; foto_masuk: string | null; foto_keluar: string | null };
}

const dbName = `hadir_two_${process.pid}_${randomBytes(4).toString('hex')}`;
const dbUrl = databaseUrlWithName(ADMIN_URL, dbName);
const admin = new pg.Client({ connectionString: ADMIN_URL });
const dataDirs: string[] = [];
const copies: Copy[] = [];
let s3: TestS3;
let bucket: S3Storage;
let A: Copy;
let B: Copy;
/** Today of the demo SPG and of the second SPG, each in her location's zone. */
let today: string;
let today2: string;
let spg2Nrp: string;
let spgA: string;
let spg2B: string;
let adminA: string;
let inAnswer: DayAnswer;
let secondAnswer: DayAnswer;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  s3 = await startS3('hadir-two-copies');
  bucket = s3Storage(s3.config);
  const ports = [await freePort(), await freePort()];
  const dirs = ['A', 'B'].map((name) => mkdtempSync(path.join(os.tmpdir(), `hadir-two-${name}-`)));
  dataDirs.push(...dirs);
  // Started in the same tick: both find the database empty and race for the start-up lock.
  copies.push(startS3Copy('A', ports[0]!, dirs[0]!), startS3Copy('B', ports[1]!, dirs[1]!));
  [A, B] = copies as [Copy, Copy];
  const until = Date.now() + BOOT_MS;
  for (;;) {
    const dead = copies.find((c) => c.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode}) before ready:\n${dead.log()}`);
    if ((await Promise.all(copies.map(healthy))).every(Boolean)) break;
    if (Date.now() > until) {
      throw new Error(`not ready in ${BOOT_MS} ms:\n${copies.map((c) => `--- ${c.name}\n${c.log()}`).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}, BOOT_MS + 30_000);

afterAll(async () => {
  // Killed whatever happened above: a failed test never leaves a server behind.
  for (const c of copies) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(copies.map((c) => c.exited));
  await s3?.stop();
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

describe('two copies on one database and one bucket, started together', () => {
  it('both are healthy; the migrations and the demo seed were applied once; each names the bucket', async () => {
    expect(await healthy(A)).toBe(true);
    expect(await healthy(B)).toBe(true);

    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const migrations = await sql<{ hash: string; n: string }>(
      'select hash, count(*) as n from drizzle.__drizzle_migrations group by hash',
    );
    expect(migrations).toHaveLength(journal.entries.length);
    expect(migrations.every((m) => m.n === '1')).toBe(true);

    const seeded = copies.filter((c) => c.log().includes('Demo data seeded'));
    expect(seeded).toHaveLength(1);
    const summary = seeded[0]!.log();
    const [counts] = await sql<{ users: string; karyawan: string }>(
      'select (select count(*) from users) as users, (select count(*) from karyawan) as karyawan',
    );
    expect(Number(counts!.users)).toBe(Number(/(\d+) users/.exec(summary)?.[1]));
    expect(Number(counts!.karyawan)).toBe(Number(/(\d+) karyawan/.exec(summary)?.[1]));

    // The start-up line says where files go: the bucket and its endpoint, never a key.
    for (const c of copies) {
      expect(c.log()).toContain(`files: s3 ${s3.config.bucket}@${s3.config.endpoint}`);
      expect(c.log()).not.toContain(s3.config.secretAccessKey!);
    }

    // The second SPG of the scenarios below: an employee in another location, without a day today.
    const database = await openDatabase({ url: dbUrl });
    try {
      today = await todayOfNrp(database.db, SPG_NRP, new Date());
      const [other] = await sql<{ nrp: string }>(
        `select k.nrp from karyawan k
          where k.nrp not in ('26000001', $1)
            and k.kode_lokasi <> (select kode_lokasi from karyawan where nrp = $1)
            and not exists (select 1 from users u where u.nrp = k.nrp)
          order by k.nrp limit 1`,
        [SPG_NRP],
      );
      spg2Nrp = other!.nrp;
      today2 = await todayOfNrp(database.db, spg2Nrp, new Date());
    } finally {
      await database.close();
    }
    await sql('delete from absensi where (nrp = $1 and tanggal = $2) or (nrp = $3 and tanggal = $4)', [
      SPG_NRP,
      today,
      spg2Nrp,
      today2,
    ]);
  });

  it('a check-in with photo sent to A is listed by B, and B serves the same photo bytes', async () => {
    spgA = await tokenOn(A, 'spg');
    adminA = await tokenOn(A, 'admin');
    const photo = photoBytes();
    const res = await call(A, 'POST', '/api/absensi/new/spg', {
      token: spgA,
      body: dayForm({ tanggal: today, jam_masuk: '07:58:00' }, photo),
      key: randomUUID(),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    inAnswer = (await res.json()) as DayAnswer;
    const foto = inAnswer.result.foto_masuk!;
    expect(await bucketPhotos()).toContain(`photo/${foto}`);

    // The same token on B (one JWT_SECRET): her day as B reads it, and the HR list of B.
    const own = await call(B, 'GET', `/api/absensi/new/spg?tanggal=${today}`, { token: spgA });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { result: DayAnswer['result'] }).result).toMatchObject({
      id: inAnswer.result.id,
      foto_masuk: foto,
    });
    const list = await call(B, 'GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${SPG_NRP}`, {
      token: await tokenOn(B, 'admin'),
    });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain(foto);

    const served = await call(B, 'GET', `/uploads/photo/${foto}`, { token: spgA });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
  });

  it('a login lockout caused through A holds on B', async () => {
    for (let i = 1; i <= 4; i++) expect((await login(A, 'tl', 'keliru')).status).toBe(401);
    const fifth = await login(A, 'tl', 'keliru');
    expect(fifth.status).toBe(403);
    // The right password, on the other copy: still locked.
    const onB = await login(B, 'tl', DEMO_PASSWORD);
    expect(onB.status).toBe(403);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(200);
  });

  it('an outbox replay whose answer was lost on A, repeated on B, gets the stored answer; one record, one photo', async () => {
    const key = randomUUID();
    const form = dayForm({ tanggal: today, jam_keluar: '17:02:00' }, photoBytes());
    const before = await bucketPhotos();
    // The phone sends the check-out to A; the connection drops as the answer starts: the phone never reads it.
    const encoded = new Request('http://phone', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const firstStatus = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${A.url}/api/absensi/new/spg`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${spgA}`,
          'Idempotency-Key': key,
          'Content-Type': encoded.headers.get('content-type')!,
          'Content-Length': body.length,
        },
      });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
        req.destroy();
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(firstStatus).toBe(201);

    // The outbox replays the row (same key, same body) later, through whichever copy the balancer picks.
    const again = await call(B, 'POST', '/api/absensi/new/spg', { token: spgA, body: form, key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const replayed = (await again.json()) as DayAnswer;
    expect(replayed.already_recorded).toBe(false);
    expect(replayed.result.id).toBe(inAnswer.result.id);

    const rows = await sql<{ foto_keluar: string }>('select foto_keluar from absensi where nrp = $1 and tanggal = $2', [
      SPG_NRP,
      today,
    ]);
    expect(rows).toHaveLength(1);
    expect(replayed.result.foto_keluar).toBeTruthy();
    expect(rows[0]!.foto_keluar).toBe(replayed.result.foto_keluar);
    const added = (await bucketPhotos()).filter((k) => !before.includes(k));
    expect(added).toEqual([`photo/${replayed.result.foto_keluar}`]);
  });

  it('two concurrent repeats of one Idempotency-Key, one on each copy, create one record', async () => {
    // The second SPG's account, made by the admin through A; she signs in on B.
    const made = await call(A, 'POST', '/api/users', {
      token: adminA,
      body: {
        userid: 'F00002',
        username: 'spgkedua',
        nama: 'SPG Kedua',
        password: 'Kuat#Sekali2026',
        role: 'USER',
        nrp: spg2Nrp,
      },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    spg2B = await tokenOn(B, 'spgkedua', 'Kuat#Sekali2026');

    const key = randomUUID();
    const form = dayForm({ tanggal: today2, jam_masuk: '08:01:00' }, photoBytes());
    const before = await bucketPhotos();
    const answers = await Promise.all(
      [A, B].map((c) => call(c, 'POST', '/api/absensi/new/spg', { token: spg2B, body: form, key })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    const [one, two] = (await Promise.all(answers.map((r) => r.json()))) as [DayAnswer, DayAnswer];
    expect(two).toEqual(one);
    secondAnswer = one;

    const rows = await sql<{ id: number }>('select id from absensi where nrp = $1 and tanggal = $2', [spg2Nrp, today2]);
    expect(rows.map((r) => Number(r.id))).toEqual([one.result.id]);
    const added = (await bucketPhotos()).filter((k) => !before.includes(k));
    expect(added).toEqual([`photo/${one.result.foto_masuk}`]);
  });

  it("an SPG cannot fetch another SPG's photo on either copy", async () => {
    const mine = inAnswer.result.foto_masuk!;
    const hers = secondAnswer.result.foto_masuk!;
    for (const c of [A, B]) {
      // Each her own: served.
      expect((await call(c, 'GET', `/uploads/photo/${mine}`, { token: spgA })).status).toBe(200);
      expect((await call(c, 'GET', `/uploads/photo/${hers}`, { token: spg2B })).status).toBe(200);
      // The other's, knowing the file name: refused, by both copies.
      for (const [name, token] of [
        [hers, spgA],
        [mine, spg2B],
      ] as const) {
        const res = await call(c, 'GET', `/uploads/photo/${name}`, { token });
        expect([403, 404], `${c.name} ${name}`).toContain(res.status);
        expect(res.headers.get('content-type') ?? '').not.toContain('image/');
      }
    }
  });
});
