/**
 * Thumbnails (issue 31 item 4): `GET /uploads/photo/{file}?w=320` answers a WebP of at most 40 KB and
 * 320 pixels wide, made once and stored beside the photo (on disk and in an S3 bucket), to exactly those
 * who may see the photo; any other width is a 400, a photo that is no picture a 422.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, notInArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../server/db/schema/karyawan';
import { makeThumbnail, thumbKey } from '../../server/lib/photo-thumbnail';
import { localStorage, s3Storage, type Storage } from '../../server/lib/storage';
import { THUMB_MAX_BYTES, THUMB_MESSAGES } from '../../src/domain/photo-thumbnail';
import { dateIn } from '../../src/domain/time-zone';
import { createTestContext, wibAgo, type TestContext } from './helpers';
import { startS3, type TestS3 } from './s3-server';

const SPG_NRP = '26000002';

/** A camera-sized JPEG of noise (the hardest picture to compress), with an EXIF orientation when given. */
async function noiseJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const img = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 });
  return (orientation ? img.withMetadata({ orientation }) : img).toBuffer();
}

let s3: TestS3;
let PHOTO: Buffer;
const temps: string[] = [];
beforeAll(async () => {
  [s3, PHOTO] = await Promise.all([startS3(), noiseJpeg(1600, 1200)]);
});
afterAll(async () => {
  await s3.stop();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const backends = [
  {
    name: 'local disk',
    make: () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-thumb-'));
      temps.push(dir);
      return localStorage(dir);
    },
  },
  { name: 'S3 bucket (s3rver)', make: () => s3Storage(s3.config) },
];

describe.each(backends)('thumbnails on $name', ({ make }) => {
  let ctx: TestContext;
  let storage: Storage;
  /** The keys written through the storage while the test runs. */
  const puts: string[] = [];
  const token: Record<'spg' | 'tl' | 'other', string> = {} as never;
  let foto: string;

  const get = (name: string, who: string, query = '') =>
    ctx.request('GET', `/uploads/photo/${name}${query}`, { token: who });

  beforeAll(async () => {
    storage = make();
    const counted: Storage = {
      ...storage,
      put: (key, bytes, type) => {
        puts.push(key);
        return storage.put(key, bytes, type);
      },
    };
    ctx = await createTestContext({ storage: counted });
    [token.spg, token.tl] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('tl')]);
    // Another employee's account: may see her own photos, never the demo SPG's.
    const [other] = await ctx.database.db
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .where(notInArray(karyawan.nrp, [SPG_NRP, '26000001']))
      .limit(1);
    const created = await ctx.request('POST', '/api/users', {
      token: await ctx.tokenFor('admin'),
      body: {
        userid: 'T00001',
        username: 'thumbLain',
        nama: 'Akses Thumbnail',
        password: 'Kuat#Sekali2026',
        role: 'USER',
        nrp: other!.nrp,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    token.other = await ctx.tokenFor('thumbLain', 'Kuat#Sekali2026');

    // A real check-in of today carrying the big photo.
    const f = new FormData();
    const fields = {
      tanggal: dateIn('Asia/Jakarta', new Date()),
      jam_masuk: '08:00:00',
      captured_at: wibAgo(60_000),
      lat: '-6.2',
      long: '106.8',
    };
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    f.append('photo', new Blob([new Uint8Array(PHOTO)], { type: 'image/jpeg' }), 'foto.jpg');
    const res = await ctx.request('POST', '/api/absensi/new/spg', { token: token.spg, body: f });
    expect(res.status, await res.clone().text()).toBe(201);
    foto = ((await res.json()) as { result: { foto_masuk: string } }).result.foto_masuk;
  });
  afterAll(() => ctx.close());

  it('answers a WebP 320 wide of at most 40 KB, made once and stored beside the photo', async () => {
    const key = thumbKey(foto, '320');
    expect(await storage.head(key)).toBeNull();

    const first = await get(foto, token.spg, '?w=320');
    expect(first.status, await first.clone().text()).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(Number(first.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThanOrEqual(THUMB_MAX_BYTES);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    console.log(`thumbnail of a ${PHOTO.length} B 1600×1200 noise JPEG: ${bytes.byteLength} B`);

    // Stored beside the photo, with the bytes served.
    expect(await storage.get(key)).toEqual(bytes);
    expect(puts.filter((k) => k === key)).toHaveLength(1);

    // The second request reads it back: the same bytes, nothing made or written again.
    const second = await get(foto, token.tl, '?w=320');
    expect(second.status).toBe(200);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    expect(puts.filter((k) => k === key)).toHaveLength(1);

    // Without w, the photo itself.
    const full = await get(foto, token.spg);
    // Buffer.equals: a deep toEqual over 1.2 million bytes takes seconds.
    expect(Buffer.from(await full.arrayBuffer()).equals(PHOTO)).toBe(true);
  });

  it('answers a user who may not see the photo as for the full photo (404), making nothing', async () => {
    const name = 'fotoTanpaRekamanThumb1.jpg';
    // The demo SPG's photo asked by another employee: 404 for the photo and for its thumbnail alike.
    expect((await get(foto, token.other)).status).toBe(404);
    const thumb = await get(foto, token.other, '?w=320');
    expect(thumb.status).toBe(404);
    expect(((await thumb.json()) as { message: string }).message).toBe('Foto tidak ditemukan');
    // A name no record holds: 404 before the storage is read.
    expect((await get(name, token.tl, '?w=320')).status).toBe(404);
    expect(await storage.head(thumbKey(name, '320'))).toBeNull();
  });

  it('refuses any width but 320 with 400 and an Indonesian message', async () => {
    for (const w of ['160', '640', '321', '0', '99999', 'abc', '320&w=640', '']) {
      const res = await get(foto, token.spg, `?w=${w}`);
      expect(res.status, w).toBe(400);
      expect(((await res.json()) as { message: string }).message, w).toBe(THUMB_MESSAGES.width);
    }
  });

  it('makes one thumbnail for concurrent first requests, never a corrupt one', async () => {
    const name = 'fotoKaryawanThumb00001.jpg';
    await storage.put(`photo/${name}`, PHOTO, 'image/jpeg');
    await ctx.database.db.update(karyawan).set({ foto_kar: name }).where(eq(karyawan.nrp, SPG_NRP));
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(name, token.spg, '?w=320')));
    const bodies = await Promise.all(answers.map(async (r) => new Uint8Array(await r.arrayBuffer())));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(await storage.get(thumbKey(name, '320'))).toEqual(bodies[0]);
    expect(puts.filter((k) => k === thumbKey(name, '320'))).toHaveLength(1);
    expect((await sharp(bodies[0]!).metadata()).width).toBe(320);
  });

  it('answers 422 for a stored photo that is no picture, and still serves the photo itself', async () => {
    const name = 'fotoRusakThumb00000001.jpg';
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
    await storage.put(`photo/${name}`, broken, 'image/jpeg');
    await ctx.database.db.update(karyawan).set({ foto_ktp: name }).where(eq(karyawan.nrp, SPG_NRP));
    const res = await get(name, token.spg, '?w=320');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      message: THUMB_MESSAGES.undecodable,
      error: { code: 'undecodable_photo' },
    });
    expect(await storage.head(thumbKey(name, '320'))).toBeNull();
    expect((await get(name, token.spg)).status).toBe(200);
  });
});

describe('makeThumbnail', () => {
  it('turns the photo by its EXIF orientation and never enlarges', async () => {
    // Stored landscape, shot portrait (orientation 6: turn 90° clockwise).
    const turned = await sharp(await makeThumbnail(await noiseJpeg(1600, 1200, 6), '320')).metadata();
    expect(turned).toMatchObject({ width: 320, height: 427 });
    const small = await sharp(await makeThumbnail(await noiseJpeg(200, 150), '320')).metadata();
    expect(small).toMatchObject({ width: 200, height: 150 });
  });

  it('keeps a tall strip within three widths of height and 40 KB', async () => {
    const strip = await makeThumbnail(await noiseJpeg(400, 4000), '320');
    const meta = await sharp(strip).metadata();
    expect(meta.height).toBeLessThanOrEqual(960);
    expect(strip.byteLength).toBeLessThanOrEqual(THUMB_MAX_BYTES);
  });
});

describe('local storage writes', () => {
  it('refuses a second put of a key, keeping the first whole, and leaves no temporary file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-put-'));
    temps.push(dir);
    const storage = localStorage(dir);
    const key = 'thumb/racingPut000000001-jpg-w320.webp';
    const a = new Uint8Array(200_000).fill(1);
    const b = new Uint8Array(200_000).fill(2);
    const results = await Promise.allSettled([storage.put(key, a, 'image/webp'), storage.put(key, b, 'image/webp')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const stored = readFileSync(path.join(dir, key));
    expect(stored.equals(Buffer.from(a)) || stored.equals(Buffer.from(b))).toBe(true);
    const keys: string[] = [];
    for await (const k of storage.keys()) keys.push(k);
    expect(keys).toEqual([key]);
    expect(existsSync(path.join(dir, 'thumb'))).toBe(true);
    expect(readdirSync(path.join(dir, 'thumb'))).toEqual([path.basename(key)]);
  });
});
