/**
 * Photo retention (issue 28 item 7): photos of check-ins older than PHOTO_RETENTION_MONTHS are deleted
 * from storage with their thumbnails; the record, its flags and its fingerprint stay; newer photos are
 * untouched.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readEnv } from '../../../server/env';
import { thumbKey } from '../../../server/lib/photo-thumbnail';
import { purgeOldPhotos, retentionCutoff } from '../../../server/modules/absensi/photo-retention';
import { dateIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let spg: string;
let admin: string;
const SPG_NRP = '26000002';
const today = dateIn('Asia/Jakarta', new Date());

let JPEG: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  // A real picture, so that it has a thumbnail to delete with it.
  JPEG = new Uint8Array(
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer(),
  );
  ctx = await createTestContext();
  [spg, admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('admin')]);
});
afterAll(async () => {
  await ctx.close();
});

async function checkIn(): Promise<{ id: number; foto: string }> {
  const f = new FormData();
  const fields = {
    tanggal: today,
    jam_masuk: '08:00:00',
    captured_at: `${today}T08:00:00+07:00`,
    lat: '-6.2',
    long: '106.8',
    accuracy: '10',
  };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await ctx.request('POST', '/api/absensi/new/spg', { token: spg, body: f });
  const body = (await res.json()) as { result: { id: number; foto_masuk: string } };
  return { id: body.result.id, foto: body.result.foto_masuk };
}

describe('photo retention', () => {
  it('keeps a photo younger than the retention and deletes it once older with its thumbnail, keeping the record and its flags', async () => {
    const { foto } = await checkIn();
    const file = path.join(ctx.uploadsDir, 'photo', foto);
    expect(existsSync(file)).toBe(true);
    expect((await ctx.request('GET', `/uploads/photo/${foto}?w=320`, { token: spg })).status).toBe(200);
    const thumb = path.join(ctx.uploadsDir, thumbKey(foto, '320'));
    expect(existsSync(thumb)).toBe(true);

    // Today, with 13 months: nothing of today goes.
    await purgeOldPhotos({ db: ctx.database.db, storage: ctx.storage, months: 13, now: () => new Date() });
    expect(existsSync(file)).toBe(true);

    // Fourteen months on: today's check-in is older than 13 months.
    const later = dayjs().add(14, 'month').toDate();
    const run = await purgeOldPhotos({ db: ctx.database.db, storage: ctx.storage, months: 13, now: () => later });
    expect(run.cutoff).toBe(retentionCutoff(later, 13));
    expect(run.deleted).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(thumb)).toBe(false);
    expect((await ctx.request('GET', `/uploads/photo/${foto}`, { token: admin })).status).toBe(404);
    expect((await ctx.request('GET', `/uploads/photo/${foto}?w=320`, { token: admin })).status).toBe(404);

    const list = await ctx.request('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${SPG_NRP}`, {
      token: admin,
    });
    const [row] = (
      (await list.json()) as { result: { foto_masuk: string | null; jam_masuk: string; flags: string[] }[] }
    ).result;
    expect(row).toMatchObject({ foto_masuk: null, jam_masuk: '08:00:00' });
    expect(row!.flags).toContain('no_device_signature');

    // A second run finds nothing left to delete.
    expect(
      (await purgeOldPhotos({ db: ctx.database.db, storage: ctx.storage, months: 13, now: () => later })).deleted,
    ).toBe(0);
  });

  it('reads PHOTO_RETENTION_MONTHS: default 13, a whole number of at least 1', () => {
    expect(readEnv({}).photoRetentionMonths).toBe(13);
    expect(readEnv({ PHOTO_RETENTION_MONTHS: '24' }).photoRetentionMonths).toBe(24);
    expect(() => readEnv({ PHOTO_RETENTION_MONTHS: '0' })).toThrow(/PHOTO_RETENTION_MONTHS/);
    expect(() => readEnv({ PHOTO_RETENTION_MONTHS: 'setahun' })).toThrow(/PHOTO_RETENTION_MONTHS/);
  });
});
