/**
 * Evidence flags of check-ins (issue 28 items 2–3, docs/decisions/033): after the job queue drains, the
 * attendance list (GET /api/absensi) shows photo_reused for a re-encoded copy of her own earlier photo,
 * photo_shared for another employee's photo, nothing for another scene; and the position signals
 * location_identical, speed_implausible, accuracy_missing and clock_skew, each with a case that must
 * not flag. The fingerprint's threshold is checked on generated scenes: every reuse variant within it,
 * every pair of different scenes beyond it. Days are relative to today (three apart, in the future).
 */
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { fieldFlagLabel, PHOTO_MAX_BYTES, type AbsensiSpgRecord } from '../../../src/domain/absensi/absensi';
import { dateIn, instantIn, timeIn } from '../../../src/domain/time-zone';
import { absensi } from '../../../server/db/schema/absensi';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import { enqueueEvidence, EVIDENCE_JOB } from '../../../server/modules/absensi/evidence-job';
import { THUMB_INPUT_PIXELS } from '../../../server/lib/photo-thumbnail';
import {
  hamming,
  PHOTO_MATCH_MAX_DISTANCE,
  photoFingerprint,
  UnreadablePhoto,
} from '../../../server/modules/absensi/photo-fingerprint';
import { createTestContext, type TestContext } from '../helpers';
import { scene, variants } from './photo-scenes';

let ctx: TestContext;
const token: Record<'spg' | 'tl' | 'admin', string> = { spg: '', tl: '', admin: '' };
const NRP = { spg: '26000002', tl: '26000001' } as const;
type Who = 'spg' | 'tl';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const PHOTO_FLAGS = ['photo_reused', 'photo_shared'];
/** The smallest file the server takes for a JPEG (it holds no image: the job flags it photo_unreadable). */
const TINY_JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

let dayOffset = 10;
/** A day of its own, three days after the previous one, with the server's clock at `jam` WIB on it. */
async function freshDay(jam = '08:10:00'): Promise<string> {
  dayOffset += 3;
  const day = dayjs().add(dayOffset, 'day').format('YYYY-MM-DD');
  ctx.clock.offsetMs = instantIn('Asia/Jakarta', day, jam).getTime() - Date.now();
  [token.spg, token.tl, token.admin] = await Promise.all([
    ctx.tokenFor('spg'),
    ctx.tokenFor('tl'),
    ctx.tokenFor('admin'),
  ]);
  return day;
}
const serverNow = () => Date.now() + ctx.clock.offsetMs;
/** A device instant `minutes` before the server's clock. */
const minutesAgo = (minutes: number) => new Date(serverNow() - minutes * 60_000).toISOString();

let place = 0;
/** A position no other check-in of this file has (each differs from the last in the third decimal). */
function newPlace(): { lat: string; long: string } {
  place++;
  return { lat: (-6.1 - place * 0.001).toFixed(6), long: (106.7 + place * 0.001).toFixed(6) };
}

interface Check {
  who: Who;
  side?: 'in' | 'out';
  photo?: Uint8Array;
  capturedAt?: string;
  lat?: string;
  long?: string;
  accuracy?: string;
  headers?: Record<string, string>;
}

async function record(c: Check): Promise<AbsensiSpgRecord> {
  const side = c.side ?? 'in';
  const where = c.lat ? { lat: c.lat, long: c.long! } : newPlace();
  const capturedAt = c.capturedAt ?? minutesAgo(side === 'in' ? 5 : 1);
  const f = new FormData();
  f.append('tanggal', dateIn('Asia/Jakarta', new Date(capturedAt)));
  f.append(side === 'in' ? 'jam_masuk' : 'jam_keluar', timeIn('Asia/Jakarta', new Date(capturedAt)));
  f.append('captured_at', capturedAt);
  f.append('lat', where.lat);
  f.append('long', where.long);
  f.append('accuracy', c.accuracy ?? '12');
  f.append('photo', new Blob([new Uint8Array(c.photo ?? TINY_JPEG)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await ctx.request('POST', '/api/absensi/new/spg', { token: token[c.who], body: f, headers: c.headers });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { result: AbsensiSpgRecord }).result;
}

/** Her day's flags as HR's list answers them, after the queue ran what the check-ins queued. */
async function listedFlags(who: Who, day: string): Promise<string[]> {
  await ctx.jobs.drain();
  const res = await ctx.request('GET', `/api/absensi?startDate=${day}&endDate=${day}&nrp=${NRP[who]}`, {
    token: token.admin,
  });
  expect(res.status).toBe(200);
  const { result } = (await res.json()) as { result: { flags: string[] }[] };
  expect(result).toHaveLength(1);
  return result[0]!.flags;
}

describe('the evidence job of a first check-in', () => {
  it('is queued with the record, the same job enqueueEvidence would queue (a second enqueue adds none)', async () => {
    await freshDay();
    const r = await record({ who: 'spg' });
    const jobsOf = async () =>
      (
        (await ctx.database.db.execute(sql`select name, data, singleton_key, state, max_attempts from job
          where name = ${EVIDENCE_JOB} and (data->>'id')::int = ${r.id} and data->>'kind' = 'hari'`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    expect(await jobsOf()).toEqual([
      {
        name: EVIDENCE_JOB,
        data: { kind: 'hari', id: r.id, side: 'in' },
        singleton_key: `hari:${r.id}:in`,
        state: 'pending',
        max_attempts: 5,
      },
    ]);
    await enqueueEvidence(ctx.database.db, { kind: 'hari', id: r.id, side: 'in' });
    expect(await jobsOf()).toHaveLength(1);
  });
});

describe('photo fingerprint threshold (generated scenes)', () => {
  it('keeps every reuse variant of a scene within the threshold and different scenes beyond it', async () => {
    const hashes: bigint[] = [];
    for (let seed = 1; seed <= 8; seed++) {
      const original = await scene(seed);
      const h = await photoFingerprint(original);
      hashes.push(h);
      for (const [name, bytes] of Object.entries(await variants(original))) {
        expect(hamming(h, await photoFingerprint(bytes)), `scene ${seed}, ${name}`).toBeLessThanOrEqual(
          PHOTO_MATCH_MAX_DISTANCE,
        );
      }
    }
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect(hamming(hashes[i]!, hashes[j]!), `scenes ${i + 1} and ${j + 1}`).toBeGreaterThan(
          PHOTO_MATCH_MAX_DISTANCE + 2,
        );
      }
    }
  }, 60_000);
});

describe('photo flags after the queue drains', () => {
  let original: Buffer;
  let copies: Record<string, Buffer>;
  let firstDay: string;
  let firstPhoto: string;

  beforeAll(async () => {
    original = await scene(3);
    copies = await variants(original);
  }, 30_000);

  it('flags a re-encoded copy of her own earlier photo photo_reused, once, and keeps which photo it resembles', async () => {
    firstDay = await freshDay();
    const first = await record({ who: 'spg', photo: original });
    firstPhoto = first.foto_masuk!;
    expect((await listedFlags('spg', firstDay)).filter((f) => PHOTO_FLAGS.includes(f))).toEqual([]);

    const day = await freshDay();
    const again = await record({ who: 'spg', photo: copies['quality 40'] });
    expect(await listedFlags('spg', day)).toContain('photo_reused');
    // Her check-out with a cropped copy: the same flag, not twice.
    await record({ who: 'spg', side: 'out', photo: copies['cropped 2%'] });
    expect((await listedFlags('spg', day)).filter((f) => f === 'photo_reused')).toHaveLength(1);
    // The earlier day is the original: it is not flagged.
    expect(await listedFlags('spg', firstDay)).not.toContain('photo_reused');

    const pairs = (
      (await ctx.database.db.execute(sql`
        select h.file, h.side, m.code, o.file as matched_file, o.record_id as matched_record
        from photo_match m join photo_hash h on h.id = m.photo_id join photo_hash o on o.id = m.matched_id
        where h.kind = 'hari' and h.record_id = ${again.id} order by h.side`)) as unknown as {
        rows: { file: string; side: string; code: string; matched_file: string; matched_record: number }[];
      }
    ).rows;
    expect(pairs.map((p) => [p.side, p.code, p.matched_file])).toContainEqual(['in', 'photo_reused', firstPhoto]);
    expect(pairs.find((p) => p.side === 'in')).toMatchObject({ file: again.foto_masuk, matched_record: first.id });
  });

  it("flags another employee's copy of the photo photo_shared", async () => {
    const day = await freshDay();
    await record({ who: 'tl', photo: copies['resized -7%'] });
    const flags = await listedFlags('tl', day);
    expect(flags).toContain('photo_shared');
    expect(flags).not.toContain('photo_reused');
  });

  it('does not flag a photo of another scene', async () => {
    const day = await freshDay();
    await record({ who: 'spg', photo: await scene(6) });
    await record({ who: 'spg', side: 'out', photo: await variants(await scene(7)).then((v) => v['resized +5%']) });
    expect((await listedFlags('spg', day)).filter((f) => PHOTO_FLAGS.includes(f))).toEqual([]);
  });
});

describe('position flags', () => {
  it('accuracy_missing: a position without accuracy, or with 0; not one with an accuracy', async () => {
    const day = await freshDay();
    await record({ who: 'spg', accuracy: '' });
    expect(await listedFlags('spg', day)).toContain('accuracy_missing');
    const zero = await freshDay();
    await record({ who: 'spg', accuracy: '0' });
    expect(await listedFlags('spg', zero)).toContain('accuracy_missing');

    const fine = await freshDay();
    await record({ who: 'spg', accuracy: '9.5' });
    await record({ who: 'spg', side: 'out', accuracy: '30' });
    expect(await listedFlags('spg', fine)).not.toContain('accuracy_missing');
  });

  it("location_identical: another employee's check-in at the same coordinates that day, or hers on another day", async () => {
    const day = await freshDay();
    const here = { lat: '-6.123456', long: '106.654321' };
    await record({ who: 'spg', ...here });
    await record({ who: 'tl', ...here });
    expect(await listedFlags('tl', day)).toContain('location_identical');
    expect(await listedFlags('spg', day)).toContain('location_identical');

    // Her own, three days later, at the very same coordinates.
    const later = await freshDay();
    await record({ who: 'spg', ...here });
    expect(await listedFlags('spg', later)).toContain('location_identical');
  });

  it('location_identical: not for coordinates one millionth of a degree apart, nor her own check-in and check-out', async () => {
    const day = await freshDay();
    await record({ who: 'spg', lat: '-6.223456', long: '106.754321' });
    await record({ who: 'spg', side: 'out', lat: '-6.223456', long: '106.754321' });
    await record({ who: 'tl', lat: '-6.223457', long: '106.754321' });
    expect(await listedFlags('spg', day)).not.toContain('location_identical');
    expect(await listedFlags('tl', day)).not.toContain('location_identical');
  });

  it('speed_implausible: Jakarta to Surabaya in 30 minutes; not 8 km in 8 hours', async () => {
    const day = await freshDay('09:00:00');
    await record({ who: 'spg', capturedAt: minutesAgo(45), lat: '-6.175392', long: '106.827153' });
    await record({ who: 'spg', side: 'out', capturedAt: minutesAgo(15), lat: '-7.257472', long: '112.752090' });
    expect(await listedFlags('spg', day)).toContain('speed_implausible');

    const calm = await freshDay('17:00:00');
    await record({ who: 'spg', capturedAt: minutesAgo(8 * 60 + 30), lat: '-6.200100', long: '106.816600' });
    await record({ who: 'spg', side: 'out', capturedAt: minutesAgo(30), lat: '-6.250100', long: '106.866600' });
    expect(await listedFlags('spg', calm)).not.toContain('speed_implausible');
  });

  it('clock_skew: a phone whose clock at sending is 15 minutes off; not a check-in that waited offline for hours', async () => {
    const day = await freshDay('12:00:00');
    await record({
      who: 'spg',
      capturedAt: new Date(serverNow() + 14 * 60_000).toISOString(),
      headers: { 'X-Device-Time': new Date(serverNow() + 15 * 60_000).toISOString() },
    });
    const flags = await listedFlags('spg', day);
    expect(flags).toContain('clock_skew');
    expect(flags).not.toContain('clock_skew_in');

    const waited = await freshDay('12:00:00');
    await record({
      who: 'spg',
      capturedAt: minutesAgo(3 * 60),
      headers: { 'X-Device-Time': new Date(serverNow() + 20_000).toISOString() },
    });
    expect(await listedFlags('spg', waited)).not.toContain('clock_skew');

    // A malformed device time is the client's mistake: a 400 with an Indonesian message, nothing written.
    const f = new FormData();
    f.append('tanggal', waited);
    f.append('jam_masuk', '12:00:00');
    f.append('captured_at', minutesAgo(1));
    f.append('lat', '-6.2');
    f.append('long', '106.8');
    f.append('photo', new Blob([TINY_JPEG], { type: 'image/jpeg' }), 'foto.jpg');
    const bad = await ctx.request('POST', '/api/absensi/new/spg', {
      token: token.tl,
      body: f,
      headers: { 'X-Device-Time': 'kemarin' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Waktu kirim perangkat/);
    const rows = await ctx.database.db
      .select()
      .from(absensi)
      .where(and(eq(absensi.nrp, NRP.tl), eq(absensi.tanggal, waited)));
    expect(rows).toHaveLength(0);
  });
});

describe('a photo the job cannot or may not decode', () => {
  const jobOf = async (id: number) =>
    (
      (await ctx.database.db.execute(sql`select state from job
        where name = ${EVIDENCE_JOB} and (data->>'id')::int = ${id} and data->>'kind' = 'hari'`)) as unknown as {
        rows: { state: string }[];
      }
    ).rows;
  const hashRows = async (id: number) =>
    (
      (await ctx.database.db.execute(
        sql`select id from photo_hash where kind = 'hari' and record_id = ${id}`,
      )) as unknown as { rows: unknown[] }
    ).rows;

  it('flags a photo over the thumbnails’ pixel limit photo_unreadable without decoding it; the check-in stays', async () => {
    // A valid PNG of one pixel more than THUMB_INPUT_PIXELS allows (small on disk: one grey tone).
    const side = Math.ceil(Math.sqrt(THUMB_INPUT_PIXELS + 1));
    const huge = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(PHOTO_MAX_BYTES);
    await expect(photoFingerprint(huge)).rejects.toBeInstanceOf(UnreadablePhoto);

    const day = await freshDay();
    const f = new FormData();
    const at = minutesAgo(5);
    const where = newPlace();
    for (const [k, v] of Object.entries({
      tanggal: day,
      jam_masuk: timeIn('Asia/Jakarta', new Date(at)),
      captured_at: at,
      lat: where.lat,
      long: where.long,
      accuracy: '12',
    }))
      f.append(k, v);
    f.append('photo', new Blob([new Uint8Array(huge)], { type: 'image/png' }), 'foto.png');
    const res = await ctx.request('POST', '/api/absensi/new/spg', { token: token.spg, body: f });
    expect(res.status, await res.clone().text()).toBe(201);
    const { result } = (await res.json()) as { result: AbsensiSpgRecord };

    const flags = await listedFlags('spg', day);
    expect(flags).toContain('photo_unreadable');
    expect(flags.filter((x) => PHOTO_FLAGS.includes(x))).toEqual([]);
    // The job ended well (not failed, not retried), and no fingerprint was stored for it.
    expect(await jobOf(result.id)).toEqual([{ state: 'done' }]);
    expect(await hashRows(result.id)).toEqual([]);
    expect(fieldFlagLabel('photo_unreadable')).toBe('Foto tidak dapat dibaca');
  }, 60_000);

  it('flags a JPEG without an image photo_unreadable, once, and the job does not fail', async () => {
    const day = await freshDay();
    const r = await record({ who: 'tl', photo: TINY_JPEG });
    expect(await listedFlags('tl', day)).toContain('photo_unreadable');
    expect(await jobOf(r.id)).toEqual([{ state: 'done' }]);
    // Run again: nothing more.
    await enqueueEvidence(ctx.database.db, { kind: 'hari', id: r.id, side: 'in' });
    expect((await listedFlags('tl', day)).filter((x) => x === 'photo_unreadable')).toHaveLength(1);
  });
});

describe('a visit line', () => {
  it('gets photo_reused when its check-out photo is a re-encoded copy of its check-in photo', async () => {
    // The demo SPG's first visit of the seeded day (today), at noon WIB.
    const today = dayjs().format('YYYY-MM-DD');
    ctx.clock.offsetMs = instantIn('Asia/Jakarta', today, '12:00:00').getTime() - Date.now();
    [token.spg, token.admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('admin')]);
    const [line] = await ctx.database.db
      .select({ id: kunjunganDetail.id, lat: store.cust_lat, long: store.cust_long })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
      .where(and(eq(kunjungan.nrp, NRP.spg), eq(kunjunganDetail.tgl_dcp, today)))
      .limit(1);
    expect(line).toBeDefined();
    const shot = await scene(5, 640, 480);
    const send = async (side: 'check-in' | 'check-out', bytes: Uint8Array, minutes: number) => {
      const f = new FormData();
      const at = minutesAgo(minutes);
      f.append('jam', timeIn('Asia/Jakarta', new Date(at)));
      f.append('captured_at', at);
      f.append('lat', String(line!.lat! + 0.0002));
      f.append('long', String(line!.long!));
      f.append('accuracy', '9');
      f.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
      const res = await ctx.request('POST', `/api/kunjungan/detail/${line!.id}/${side}`, { token: token.spg, body: f });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    const flagsOfLine = async () => {
      await ctx.jobs.drain();
      const res = await ctx.request('GET', `/api/kunjungan/karyawan/${NRP.spg}?tanggal=${today}`, { token: token.tl });
      expect(res.status).toBe(200);
      const { result } = (await res.json()) as { result: { details: { id: number; flags: string[] }[] } };
      return result.details.find((d) => d.id === line!.id)!.flags;
    };
    await send('check-in', shot, 60);
    expect((await flagsOfLine()).filter((f) => PHOTO_FLAGS.includes(f))).toEqual([]);
    await send('check-out', (await variants(shot))['quality 95']!, 5);
    expect(await flagsOfLine()).toContain('photo_reused');
  });
});
