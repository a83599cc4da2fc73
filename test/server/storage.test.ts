/**
 * The storage module (issue 15): the same behaviour on local disk and in an S3-compatible bucket
 * (s3rver, started here) — objects in and out, nothing left behind by a write that rolls back, a
 * check-in photo sent through the API stored there and served from there; and the migration of a
 * local DATA_DIR into a bucket.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv, Deps } from '../../server/lib/context';
import { dateIn } from '../../src/domain/time-zone';
import { photoKey, storePhoto } from '../../server/lib/files';
import { localStorage, s3Storage, type LocalStorage, type S3Storage, type Storage } from '../../server/lib/storage';
import { migrateToBucket } from '../../server/lib/storage/migrate';
import { idempotent } from '../../server/middleware/idempotency';
import { createTestContext, wibAgo, type TestContext } from './helpers';
import { startS3, type TestS3 } from './s3-server';

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let s3: TestS3;
const temps: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-storage-'));
  temps.push(dir);
  return dir;
};
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** Every key the storage holds, by listing the folder or the bucket itself (not through the module). */
async function allKeys(storage: Storage): Promise<string[]> {
  if (storage.kind === 'local') {
    const keys: string[] = [];
    for await (const key of localStorage((storage as LocalStorage).root).keys()) keys.push(key);
    return keys.sort();
  }
  const bucket = storage as S3Storage;
  const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

const backends = [
  { name: 'local disk', make: () => localStorage(tempDir()) },
  { name: 'S3 bucket (s3rver)', make: () => s3Storage(s3.config) },
];

describe.each(backends)('storage on $name', ({ make }) => {
  let storage: Storage;
  let ctx: TestContext;
  beforeAll(async () => {
    storage = make();
    ctx = await createTestContext({ storage });
  });
  afterAll(() => ctx.close());

  it('puts, heads, reads, streams and deletes an object', async () => {
    const key = 'photo/roundTrip0000000001.jpg';
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    await storage.put(key, JPEG, 'image/jpeg');
    expect(await storage.head(key)).toEqual({ size: JPEG.length });
    expect(await storage.get(key)).toEqual(JPEG);
    const stream = await storage.stream(key);
    expect(stream?.size).toBe(JPEG.length);
    expect(new Uint8Array(await new Response(stream!.body).arrayBuffer())).toEqual(JPEG);
    expect(await allKeys(storage)).toContain(key);
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    // Deleting what is not there is not an error (an undo may run twice).
    await storage.delete(key);
  });

  it('refuses keys that are not <kind>/<generated name>', async () => {
    for (const key of [
      '../secret.jpg',
      'photo/../../jwt-secret.jpg',
      'photo/a.jpg',
      'photo/x/yyyyyyyyyy.jpg',
      '/photo/abcdefgh.jpg',
    ]) {
      await expect(storage.put(key, JPEG, 'image/jpeg'), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
    }
  });

  it("leaves no object behind when the write's transaction rolls back", async () => {
    const deps = { db: ctx.database.db, storage, now: () => new Date() } as Deps;
    let stored = '';
    const app = new Hono<AppEnv>()
      .onError((_err, c) => c.text('rolled back', 500))
      .use('*', async (c, next) => {
        c.set('deps', deps);
        await next();
      })
      .post('/write', (c) =>
        idempotent(c, { userid: 'U00004' }, async (tx, scope) => {
          stored = await storePhoto(storage, { bytes: JPEG, ext: 'jpg' }, scope);
          // The object exists while the transaction runs …
          expect(await storage.head(photoKey(stored))).toEqual({ size: JPEG.length });
          // … and the database then refuses the write.
          await tx.execute(sql`select 1 / 0`);
          return { status: 201, body: {} };
        }),
      );
    const before = await allKeys(storage);
    const res = await app.request('/write', { method: 'POST', headers: { 'Idempotency-Key': 'rollback-0001' } });
    expect(res.status).toBe(500);
    expect(stored).toMatch(/^[A-Za-z0-9_-]{22}\.jpg$/);
    expect(await storage.head(photoKey(stored))).toBeNull();
    expect(await allKeys(storage)).toEqual(before);
  });

  it('stores a check-in photo sent through the API there and serves it from there', async () => {
    const spg = await ctx.tokenFor('spg');
    const f = new FormData();
    const fields = {
      tanggal: '2031-05-01',
      jam_masuk: '08:00:00',
      captured_at: wibAgo(60_000),
      lat: '-6.2',
      long: '106.8',
    };
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
    const res = await ctx.request('POST', '/api/absensi/new/spg', { token: spg, body: f });
    expect(res.status, await res.clone().text()).toBe(201);
    const name = ((await res.json()) as { result: { foto_masuk: string } }).result.foto_masuk;
    expect(await allKeys(storage)).toContain(`photo/${name}`);
    expect(await storage.get(`photo/${name}`)).toEqual(JPEG);
    if (storage.kind === 's3') {
      // Nothing on this machine's disk: another copy of the server finds it in the bucket.
      expect(readdirSync(path.join(ctx.uploadsDir, 'photo'))).toEqual([]);
    }
    const photo = await ctx.request('GET', `/uploads/photo/${name}`, { token: spg });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toMatch(/^private\b/);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(JPEG);
  });

  it('stores a leave attachment there and serves it through the leave download', async () => {
    const spg = await ctx.tokenFor('spg');
    const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const f = new FormData();
    const start = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
    for (const [k, v] of Object.entries({
      tanggal: dateIn('Asia/Jakarta', new Date()),
      jenis_leave: '1',
      start_date: start,
    }))
      f.append(k, v);
    f.append('attachment', new Blob([PDF], { type: 'application/pdf' }), 'surat dokter.pdf');
    const res = await ctx.request('POST', '/api/leave', { token: spg, body: f });
    expect(res.status, await res.clone().text()).toBe(201);
    const { leave_id } = ((await res.json()) as { result: { leave_id: number } }).result;
    const keys = (await allKeys(storage)).filter((k) => k.startsWith('leave/'));
    expect(keys).toHaveLength(1);
    expect(await storage.get(keys[0]!)).toEqual(PDF);
    const download = await ctx.request('GET', `/api/leave/attachment/${leave_id}/download`, { token: spg });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
  });
});

describe('npm run storage:migrate (local DATA_DIR into a bucket)', () => {
  it('copies every stored file once, reports counts, and skips what the bucket already holds', async () => {
    const uploads = tempDir();
    mkdirSync(path.join(uploads, 'photo'));
    mkdirSync(path.join(uploads, 'leave'));
    writeFileSync(path.join(uploads, 'photo', 'migratePhoto0000000001.jpg'), JPEG);
    writeFileSync(path.join(uploads, 'photo', 'migratePhoto0000000002.png'), JPEG);
    writeFileSync(path.join(uploads, 'leave', 'migrateLeave0000000001.pdf'), Buffer.from('%PDF-1.4 test'));
    // Not a stored file: left alone.
    writeFileSync(path.join(uploads, 'photo', '.DS_Store'), 'x');
    const bucket = s3Storage({ ...s3.config, bucket: 'hadir-migrate' });
    await bucket.client.send(new CreateBucketCommand({ Bucket: 'hadir-migrate' }));

    const first = await migrateToBucket(localStorage(uploads), bucket);
    expect(first).toEqual({ copied: 3, skipped: 0, failed: 0, bytes: JPEG.length * 2 + 13 });
    expect(await allKeys(bucket)).toEqual([
      'leave/migrateLeave0000000001.pdf',
      'photo/migratePhoto0000000001.jpg',
      'photo/migratePhoto0000000002.png',
    ]);
    expect(await bucket.get('photo/migratePhoto0000000001.jpg')).toEqual(JPEG);

    // Run again (after an interruption, or once more after the last single-copy check-ins): nothing twice.
    writeFileSync(path.join(uploads, 'photo', 'migratePhoto0000000003.jpg'), JPEG);
    const second = await migrateToBucket(localStorage(uploads), bucket);
    expect(second).toEqual({ copied: 1, skipped: 3, failed: 0, bytes: JPEG.length });
  });
});
