import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, gte, isNotNull, lte, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABSENSI_MESSAGES, type AbsensiSpgRecord } from '../../../src/domain/absensi/absensi';
import { absensi } from '../../../server/db/schema/absensi';
import { idempotencyKeys } from '../../../server/db/schema/idempotency';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { dateIn, instantIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';
import { dayFlagsOf } from '../reviewer-flags';

let ctx: TestContext;
let spg: string;
let tl: string;
let admin: string;
const SPG_NRP = '26000002';

beforeAll(async () => {
  ctx = await createTestContext();
  [spg, tl, admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('tl'), ctx.tokenFor('admin')]);
});
afterAll(async () => {
  await ctx.close();
});

/** The smallest file the server accepts as JPEG: SOI, a JFIF APP0 segment, EOI. */
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
const jpeg = () => new Blob([JPEG], { type: 'image/jpeg' });

/** The seeded "today" (the machine's date), when the demo SPG has visit lines and no attendance. */
const today = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
})();
const WIB = 'Asia/Jakarta' as const;
let nextDay = 0;
/**
 * A fresh day ahead for each scenario (own attendance needs no visit plan): the server's clock moves to
 * 08:10 WIB of that day and the tokens are issued again there. The server takes the day and the time
 * from the device instant, so the scenarios' check-ins happen on that day (the demo SPG is in WIB).
 * Days are three apart, so a device time hours off the clock lands on a day no other scenario uses.
 */
async function freshDay(): Promise<string> {
  nextDay += 3;
  return moveTo(dateIn(WIB, new Date(Date.now() + nextDay * 86_400_000)));
}
/** The server's clock at 08:10 WIB of `day`, with tokens issued there. */
async function moveTo(day: string): Promise<string> {
  ctx.clock.offsetMs = instantIn(WIB, day, '08:10:00').getTime() - Date.now();
  [spg, tl, admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('tl'), ctx.tokenFor('admin')]);
  return day;
}
/** A device time `ms` before the server's clock. */
const ago = (ms: number) => new Date(Date.now() + ctx.clock.offsetMs - ms).toISOString();
const isJam = (j: string | undefined): j is string => !!j && /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(j);
/** The phone's device time of an action at `jam` (WIB) on `tanggal`, as it writes it. */
const deviceAt = (tanggal: string, jam: string | undefined, fallback: string) =>
  `${tanggal}T${isJam(jam) ? jam : fallback}+07:00`;

function form(fields: Record<string, string | undefined>, photo: Blob | null = jpeg(), name = 'foto.jpg') {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, v);
  if (photo) f.append('photo', photo, name);
  return f;
}

const checkIn = (tanggal: string, over: Record<string, string | undefined> = {}) => ({
  tanggal,
  jam_masuk: '08:05:12',
  captured_at: deviceAt(tanggal, over.jam_masuk, '08:05:12'),
  lat: '-6.2001',
  long: '106.8166',
  accuracy: '12.5',
  ...over,
});
const checkOut = (tanggal: string, over: Record<string, string | undefined> = {}) => ({
  tanggal,
  jam_keluar: '16:10:00',
  captured_at: deviceAt(tanggal, over.jam_keluar, '16:10:00'),
  lat: '-6.2003',
  long: '106.8168',
  accuracy: '8',
  ...over,
});

const post = (body: FormData, token = spg, key?: string) =>
  ctx.request('POST', '/api/absensi/new/spg', { token, body, headers: key ? { 'Idempotency-Key': key } : {} });
const getOwn = (tanggal?: string, token = spg) =>
  ctx.request('GET', `/api/absensi/new/spg${tanggal ? `?tanggal=${tanggal}` : ''}`, { token });

const photos = () => readdirSync(path.join(ctx.uploadsDir, 'photo')).sort();
const rowsOf = (tanggal: string, nrp = SPG_NRP) =>
  ctx.database.db
    .select()
    .from(absensi)
    .where(and(eq(absensi.nrp, nrp), eq(absensi.tanggal, tanggal)));

describe('POST /api/absensi/new/spg — check in and check out of the day', () => {
  it('records the day: null before, check-in with photo, position and times, then check-out', async () => {
    // The seeded day, in the morning (WIB): the device time says which day and time are recorded.
    await moveTo(today);
    const before = await getOwn(today);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ result: null });

    const sentAt = Date.now() + ctx.clock.offsetMs;
    const capturedIn = deviceAt(today, '08:05:12', '');
    const res = await post(form(checkIn(today, { captured_at: capturedIn })));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: string; result: AbsensiSpgRecord };
    expect(body.message).toBe('Check in berhasil');
    const r = body.result;
    expect(r).toMatchObject({
      nrp: SPG_NRP,
      tanggal: today,
      tahun: Number(today.slice(0, 4)),
      bulan: Number(today.slice(5, 7)),
      sts_abs_id: 'H',
      // The server records the device instant's time in the employee's zone (WIB here).
      jam_masuk: '08:05:12',
      jam_keluar: null,
      masuk_lat: -6.2001,
      masuk_long: 106.8166,
      masuk_accuracy: 12.5,
      masuk_captured_at: new Date(capturedIn).toISOString(),
      masuk_location_note: null,
      foto_keluar: null,
    });
    // The demo SPG has a visit line today: the day takes its shift.
    expect(r.shift_id).toMatch(/^(PAGI|MIDDLE|SIANG)$/);
    expect(Math.abs(Date.parse(r.masuk_received_at!) - sentAt)).toBeLessThan(60_000);
    expect(r.foto_masuk).toMatch(/^[A-Za-z0-9_-]{22}\.jpg$/);

    const photo = await ctx.request('GET', `/uploads/photo/${r.foto_masuk}`, { token: spg });
    expect(photo.status).toBe(200);
    // Photos never change under a name: the browser (and the worker's photo cache) may keep them.
    expect(photo.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(JPEG);

    const after = (await (await getOwn(today)).json()) as { result: AbsensiSpgRecord };
    // Her day says where a review stands (nothing to say for a check-in only unsigned) and, like the
    // check-in's own answer, never the flag codes (issue 41 item 3): HR reads them.
    expect(r.flags).toEqual([]);
    expect(after.result).toEqual({ ...r, tinjau: null });
    expect(await dayFlagsOf(ctx, admin, SPG_NRP, today)).toContain('no_device_signature');

    const capturedOut = deviceAt(today, '08:09:00', '');
    const out = await post(form(checkOut(today, { captured_at: capturedOut })));
    expect(out.status).toBe(201);
    const done = (await out.json()) as { message: string; result: AbsensiSpgRecord };
    expect(done.message).toBe('Check out berhasil');
    expect(done.result).toMatchObject({
      id: r.id,
      jam_masuk: r.jam_masuk,
      jam_keluar: '08:09:00',
      keluar_lat: -6.2003,
      keluar_long: 106.8168,
      keluar_accuracy: 8,
      keluar_captured_at: new Date(capturedOut).toISOString(),
      foto_masuk: r.foto_masuk,
    });
    expect(done.result.foto_keluar).toMatch(/\.jpg$/);
    expect(done.result.foto_keluar).not.toBe(r.foto_masuk);
    expect(await rowsOf(today)).toHaveLength(1);

    // A second check-out (another outbox row for the same action) is not an error: the record as it is.
    const files = photos();
    const again = await post(form(checkOut(today, { jam_keluar: '17:00:00' })), spg, randomUUID());
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      message: 'Check out hari ini sudah tercatat sebelumnya',
      already_recorded: true,
      result: done.result,
    });
    expect(photos()).toEqual(files);
  });

  it('answers a second check-in of the same day with the existing record, already recorded, writing nothing', async () => {
    const day = await freshDay();
    const first = await post(form(checkIn(day)));
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as { already_recorded: boolean; result: AbsensiSpgRecord };
    expect(firstBody.already_recorded).toBe(false);
    const files = photos();
    const second = await post(form(checkIn(day, { jam_masuk: '09:00:00', lat: '-7.1', long: '110.1' })));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({
      message: 'Check in hari ini sudah tercatat sebelumnya',
      already_recorded: true,
      result: firstBody.result,
    });
    const rows = await rowsOf(day);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.jam_masuk).toBe('08:05:12');
    expect(rows[0]!.masuk_lat).toBe(-6.2001);
    expect(photos()).toEqual(files);
  });

  it('refuses a check-out before the check-in (409, saying what to do) and one earlier than the check-in (400)', async () => {
    const day = await freshDay();
    const early = await post(form(checkOut(day)));
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      message: ABSENSI_MESSAGES.notIn,
      error: { code: 'conflict' },
    });
    expect(await rowsOf(day)).toHaveLength(0);

    expect((await post(form(checkIn(day, { jam_masuk: '10:00:00' })))).status).toBe(201);
    const files = photos();
    const backwards = await post(form(checkOut(day, { jam_keluar: '09:59:59' })));
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { message: string }).message).toBe('Jam keluar tidak boleh sebelum jam masuk');
    expect(photos()).toEqual(files);
  });

  it('takes the action the row names (action); a row without one, as phones queued before, by its time field', async () => {
    const day = await freshDay();
    // Named: a check-in and a check-out.
    const named = await post(form(checkIn(day, { action: 'check-in' })));
    expect(named.status).toBe(201);
    expect(((await named.json()) as { message: string }).message).toBe(ABSENSI_MESSAGES.checkedIn);
    const out = await post(form(checkOut(day, { action: 'check-out' })));
    expect(out.status).toBe(201);
    expect(((await out.json()) as { message: string }).message).toBe(ABSENSI_MESSAGES.checkedOut);
    expect(await rowsOf(day)).toMatchObject([{ field_jam_masuk: '08:05:12', field_jam_keluar: '16:10:00' }]);

    // Unnamed (a row queued before the phone named its action): told by jam_masuk / jam_keluar, as before.
    const older = await freshDay();
    expect((await post(form(checkIn(older)))).status).toBe(201);
    expect((await post(form(checkOut(older)))).status).toBe(201);
    expect(await rowsOf(older)).toMatchObject([{ field_jam_masuk: '08:05:12', field_jam_keluar: '16:10:00' }]);

    // An action its time field contradicts, or one the server does not know, is a 400 that writes nothing.
    const bad = await freshDay();
    const files = photos();
    for (const fields of [
      checkIn(bad, { action: 'check-out' }),
      checkOut(bad, { action: 'check-in' }),
      checkIn(bad, { action: 'masuk' }),
    ]) {
      const res = await post(form(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = (await res.json()) as { error: { issues: { path: string }[] } };
      expect(body.error.issues.map((i) => i.path)).toContain('action');
    }
    expect(await rowsOf(bad)).toHaveLength(0);
    expect(photos()).toEqual(files);
  });

  it('accepts a missing position with a reason and flags it; without a reason it is a 400', async () => {
    const day = await freshDay();
    const files = photos();
    const bare = await post(form(checkIn(day, { lat: undefined, long: undefined, accuracy: undefined })));
    expect(bare.status).toBe(400);
    const err = (await bare.json()) as { message: string; error: { code: string; issues: { path: string }[] } };
    expect(err.error.code).toBe('bad_request');
    expect(err.error.issues.map((i) => i.path)).toContain('location_error');
    expect(await rowsOf(day)).toHaveLength(0);
    expect(photos()).toEqual(files);

    // Empty form fields count as absent, as a browser form sends them.
    const ok = await post(form(checkIn(day, { lat: '', long: '', accuracy: '', location_error: 'GPS mati' })));
    expect(ok.status).toBe(201);
    const r = ((await ok.json()) as { result: AbsensiSpgRecord }).result;
    expect(r).toMatchObject({ masuk_lat: null, masuk_long: null, masuk_location_note: 'GPS mati' });
    expect(r.flags).toEqual([]);
    expect(await dayFlagsOf(ctx, admin, SPG_NRP, day)).toEqual(['no_location_in', 'no_device_signature']);

    const out = await post(
      form(checkOut(day, { lat: undefined, long: undefined, location_error: 'Izin lokasi ditolak' })),
    );
    const o = ((await out.json()) as { result: AbsensiSpgRecord }).result;
    expect(o.flags).toEqual([]);
    expect(await dayFlagsOf(ctx, admin, SPG_NRP, day)).toEqual([
      'no_location_in',
      'no_device_signature',
      'no_location_out',
    ]);
    expect(o.keluar_location_note).toBe('Izin lokasi ditolak');
  });

  it('flags a device time more than 12 hours from the receive time, without refusing it', async () => {
    const day = await freshDay();
    const skewed = await post(form(checkIn(day, { captured_at: ago(13 * 3600_000) })));
    expect(skewed.status).toBe(201);
    const r = ((await skewed.json()) as { result: AbsensiSpgRecord }).result;
    expect(r.flags).toEqual([]);
    // The device instant names the day: 13 hours before the server's morning may be the day before.
    expect(await dayFlagsOf(ctx, admin, SPG_NRP, r.tanggal)).toEqual(['clock_skew', 'no_device_signature']);

    // Within 12 hours: the check-out adds nothing.
    const near = await post(form(checkOut(day, { captured_at: ago(11 * 3600_000) })));
    expect(near.status).toBe(201);
    expect(((await near.json()) as { result: AbsensiSpgRecord }).result.flags).toEqual([]);
    expect(await dayFlagsOf(ctx, admin, SPG_NRP, r.tanggal)).toEqual(['clock_skew', 'no_device_signature']);
  });

  it('her answer to a flagged check-in names no flag, nor does its replay; HR reads the flags (issue 41 item 3)', async () => {
    const day = await freshDay();
    // No position, and an assertion no passkey of hers made: flagged, never refused.
    const fields = checkIn(day, {
      lat: undefined,
      long: undefined,
      accuracy: undefined,
      location_error: 'GPS mati',
      assertion: '{"id":"bukan-passkey-nya"}',
    });
    const key = randomUUID();
    const first = await post(form(fields), spg, key);
    const text = await first.clone().text();
    expect(first.status, text).toBe(201);
    const answer = (await first.json()) as { message: string; result: AbsensiSpgRecord };
    expect(answer.result).toMatchObject({ tanggal: day, masuk_location_note: 'GPS mati', in_verified: 'none' });
    expect(answer.result.flags).toEqual([]);
    expect(text).not.toMatch(/no_location|signature_invalid|no_device_signature/);
    const reviewer = await dayFlagsOf(ctx, admin, SPG_NRP, day);
    expect(reviewer).toContain('no_location_in');
    expect(reviewer).toContain('signature_invalid');

    // The outbox sends the row again (its answer was lost): the same answer, still without them.
    const replay = await post(form(fields), spg, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(answer);

    // An answer kept before her answers left the flags out is replayed without them too.
    await ctx.database.db
      .update(idempotencyKeys)
      .set({ body: { ...answer, result: { ...answer.result, flags: reviewer } } })
      .where(eq(idempotencyKeys.key, key));
    const old = await post(form(fields), spg, key);
    expect(old.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await old.json()).toEqual(answer);
    expect(await dayFlagsOf(ctx, admin, SPG_NRP, day)).toEqual(reviewer);
  });

  it('answers 400 with field issues, never 500, for bad fields, and writes nothing', async () => {
    const day = await freshDay();
    const files = photos();
    const cases: [Record<string, string | undefined>, string][] = [
      [checkIn(day, { tanggal: undefined }), 'tanggal'],
      [checkIn(day, { tanggal: '2031-02-30' }), 'tanggal'],
      [checkIn(day, { jam_masuk: '25:00:00' }), 'jam_masuk'],
      [checkIn(day, { jam_keluar: '17:00:00' }), 'jam_masuk'],
      [{ ...checkIn(day), jam_masuk: undefined }, 'jam_masuk'],
      [checkIn(day, { captured_at: undefined }), 'captured_at'],
      [checkIn(day, { captured_at: '2026-11-21 08:00:00' }), 'captured_at'],
      [checkIn(day, { captured_at: '2026-11-21T08:00:00' }), 'captured_at'],
      [checkIn(day, { lat: '91' }), 'lat'],
      [checkIn(day, { long: 'timur' }), 'long'],
      [checkIn(day, { long: undefined }), 'long'],
      [checkIn(day, { accuracy: '-1' }), 'accuracy'],
      [checkIn(day, { location_error: 'x'.repeat(256) }), 'location_error'],
      [checkIn(day, { location_error: 'GPS\u0000mati' }), 'location_error'],
      [checkIn(day, { captured_at: '2026-02-30T08:00:00+07:00' }), 'captured_at'],
    ];
    for (const [fields, pathName] of cases) {
      const res = await post(form(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const body = (await res.json()) as { message: string; error: { issues: { path: string }[] } };
      expect(body.message).toBeTruthy();
      expect(
        body.error.issues.map((i) => i.path),
        JSON.stringify(fields),
      ).toContain(pathName);
    }
    const noPhoto = await post(form(checkIn(day), null));
    expect(noPhoto.status).toBe(400);
    expect(await noPhoto.json()).toMatchObject({ message: 'Foto harus diisi' });
    const json = await ctx.request('POST', '/api/absensi/new/spg', { token: spg, body: checkIn(day) });
    expect(json.status).toBe(400);
    const broken = await ctx.request('POST', '/api/absensi/new/spg', {
      token: spg,
      body: '--x\r\nnot a multipart body',
      headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' },
    });
    expect(broken.status).toBe(400);
    expect(await rowsOf(day)).toHaveLength(0);
    expect(photos()).toEqual(files);
  });

  it('refuses a NUL or other control character in any text field with a 400, never a 500', async () => {
    const day = await freshDay();
    const files = photos();
    for (const field of ['nrp', 'tanggal', 'jam_masuk', 'captured_at', 'lat', 'accuracy', 'location_error']) {
      const fields = checkIn(day, { location_error: 'GPS mati' });
      const res = await post(form({ ...fields, [field]: `${fields[field as keyof typeof fields] ?? ''}\u0000` }));
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { error: { issues: { path: string }[] } };
      expect(body.error.issues.map((i) => i.path)).toContain(field);
    }
    const tab = await post(form(checkIn(day, { lat: undefined, long: undefined, location_error: 'GPS\tmati' })));
    expect(tab.status).toBe(400);
    expect(((await tab.json()) as { message: string }).message).toBe(
      'Teks mengandung karakter yang tidak diperbolehkan',
    );
    for (const q of ['%00', '2031-01-01%00', '99999999999999999999']) {
      expect((await getOwn(q)).status, q).toBe(400);
    }
    expect(await rowsOf(day)).toHaveLength(0);
    expect(photos()).toEqual(files);
  });

  it('checks the photo by content and size: text renamed .jpg is a 400, over 2 MB a 413', async () => {
    const day = await freshDay();
    const files = photos();
    const fake = await post(
      form(checkIn(day), new Blob(['bukan foto, hanya teks'], { type: 'image/jpeg' }), 'foto.jpg'),
    );
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ message: 'File foto harus berupa gambar JPEG, PNG atau WebP' });

    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(JPEG.subarray(0, 4));
    const tooBig = await post(form(checkIn(day), new Blob([big], { type: 'image/jpeg' })));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ message: 'Ukuran foto maksimal 2 MB' });

    const huge = await post(form(checkIn(day), new Blob([new Uint8Array(4 * 1024 * 1024)])));
    expect(huge.status).toBe(413);
    expect(await rowsOf(day)).toHaveLength(0);
    expect(photos()).toEqual(files);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const ok = await post(form(checkIn(day), new Blob([png]), 'x.bin'));
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { result: AbsensiSpgRecord }).result.foto_masuk).toMatch(/\.png$/);
    const webp = new Uint8Array([
      ...new TextEncoder().encode('RIFF'),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode('WEBPVP8 '),
    ]);
    const out = await post(form(checkOut(day), new Blob([webp])));
    expect(((await out.json()) as { result: AbsensiSpgRecord }).result.foto_keluar).toMatch(/\.webp$/);
  });

  it('answers an idempotent repeat with the same body, one row and one photo', async () => {
    const day = await freshDay();
    const key = randomUUID();
    const files = photos();
    const first = await post(form(checkIn(day)), spg, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();
    const repeat = await post(form(checkIn(day)), spg, key);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await repeat.json()).toEqual(firstBody);
    expect(await rowsOf(day)).toHaveLength(1);
    expect(photos()).toHaveLength(files.length + 1);
  });

  it('keeps one row when the same check-in arrives twice at once', async () => {
    const day = await freshDay();
    const files = photos();
    const key = randomUUID();
    const [a, b] = await Promise.all([post(form(checkIn(day)), spg, key), post(form(checkIn(day)), spg, key)]);
    const statuses = [a.status, b.status].sort();
    const bodies = [await a.json(), await b.json()];
    if (statuses[1] === 409) expect(statuses[0]).toBe(201);
    else {
      expect(statuses).toEqual([201, 201]);
      expect(bodies[0]).toEqual(bodies[1]);
    }
    expect(await rowsOf(day)).toHaveLength(1);
    expect(photos()).toHaveLength(files.length + 1);

    // Two different keys (two outbox rows for the same action): one records, the other is told it already was.
    const other = await freshDay();
    const [c, d] = await Promise.all([
      post(form(checkIn(other)), spg, randomUUID()),
      post(form(checkIn(other)), spg, randomUUID()),
    ]);
    expect([c.status, d.status].sort()).toEqual([200, 201]);
    const [answerC, answerD] = (await Promise.all([c.json(), d.json()])) as { already_recorded: boolean }[];
    expect([answerC!.already_recorded, answerD!.already_recorded].sort()).toEqual([false, true]);
    expect(await rowsOf(other)).toHaveLength(1);
    expect(photos()).toHaveLength(files.length + 2);
  });

  it('only lets an employee account record its own day', async () => {
    const day = await freshDay();
    const notLinked = await post(form(checkIn(day)), admin);
    expect(notLinked.status).toBe(403);
    expect(await notLinked.json()).toMatchObject({ message: 'Akun ini tidak terhubung dengan data karyawan' });
    expect((await getOwn(day, admin)).status).toBe(403);

    const otherNrp = await post(form(checkIn(day, { nrp: '26000001' })));
    expect(otherNrp.status).toBe(403);
    expect(await rowsOf(day, '26000001')).toHaveLength(0);
    expect((await post(form(checkIn(day, { nrp: SPG_NRP })))).status).toBe(201);

    // The team leader's day is the team leader's own row.
    expect((await post(form(checkIn(day)), tl)).status).toBe(201);
    expect(await rowsOf(day, '26000001')).toHaveLength(1);
    expect(((await (await getOwn(day, tl)).json()) as { result: AbsensiSpgRecord }).result.nrp).toBe('26000001');
  });

  it("reads the employee's today (her location's zone, WIB) when no tanggal is given, and checks the query", async () => {
    const jakarta = dateIn(WIB, new Date(Date.now() + ctx.clock.offsetMs));
    const res = await getOwn();
    expect(res.status).toBe(200);
    const explicit = await getOwn(jakarta);
    expect(await res.json()).toEqual(await explicit.json());
    expect((await getOwn('2026-13-01')).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await ctx.request('GET', '/api/absensi/new/spg')).status).toBe(401);
    const res = await ctx.request('POST', '/api/absensi/new/spg', { body: form(checkIn(await freshDay())) });
    expect(res.status).toBe(401);
    expect((await ctx.request('GET', '/uploads/photo/AAAAAAAAAAAAAAAAAAAAAA.jpg')).status).toBe(401);
  });
});

/**
 * The latest day up to today on which someone with an attendance record checked in at a planned store,
 * taken from the data. On a month's first day nothing before today is planned (the demo plans the
 * running month only), so one of today's first planned visits is checked in here, on the day's record.
 */
async function dayWithVisit(): Promise<string> {
  const db = ctx.database.db;
  const today = dateIn('Asia/Jakarta', new Date());
  const [latest] = await db
    .select({ day: max(kunjunganDetail.tgl_dcp) })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .innerJoin(absensi, and(eq(absensi.nrp, kunjungan.nrp), eq(absensi.tanggal, kunjunganDetail.tgl_dcp)))
    .where(and(isNotNull(kunjunganDetail.in_jam), lte(kunjunganDetail.tgl_dcp, today)));
  if (latest?.day) return latest.day;
  // A plan of the running month, and one of its lines (a Sunday has none: the line is copied to today).
  const [line] = await db
    .select({
      no_dcp: kunjungan.no_dcp,
      nrp: kunjungan.nrp,
      shift_id: kunjunganDetail.shift_id,
      cust_code: kunjunganDetail.cust_code,
    })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .where(gte(kunjunganDetail.tgl_dcp, today))
    .orderBy(asc(kunjunganDetail.tgl_dcp))
    .limit(1);
  await db.insert(kunjunganDetail).values({ ...line!, tgl_dcp: today, in_jam: '08:05:00' });
  await db
    .insert(absensi)
    .values({
      nrp: line!.nrp,
      tanggal: today,
      tahun: Number(today.slice(0, 4)),
      bulan: Number(today.slice(5, 7)),
      sts_abs_id: 'H',
      jam_masuk: '08:00:00',
      field_jam_masuk: '08:00:00',
      sumber: 'S',
    })
    .onConflictDoNothing();
  return today;
}

describe('GET /api/absensi (attendance list)', () => {
  it('lists records in the date range with name, status and visits, within the scope', async () => {
    const day = await dayWithVisit();
    const res = await ctx.request('GET', `/api/absensi?startDate=${day}&endDate=${day}&per_page=1000`, {
      token: admin,
    });
    expect(res.status, `${day}: ${await res.clone().text()}`).toBe(200);
    const body = (await res.json()) as {
      result: {
        nrp: string;
        tanggal: string;
        karyawan: { nama: string };
        statusAbsensi: { nama: string };
        details: unknown[];
      }[];
      totalCount: number;
    };
    expect(body.totalCount).toBeGreaterThan(0);
    expect(body.result.every((r) => r.tanggal === day && r.karyawan.nama && r.statusAbsensi.nama)).toBe(true);
    expect(body.result.some((r) => r.details.length > 0)).toBe(true);
  });

  it('filters by nrp, refuses future dates and needs absensi.read', async () => {
    const res = await ctx.request('GET', `/api/absensi?nrp=${SPG_NRP}&startDate=2000-01-01`, { token: admin });
    const body = (await res.json()) as { result: { nrp: string }[] };
    expect(body.result.every((r) => r.nrp === SPG_NRP)).toBe(true);
    expect(
      (await ctx.request('GET', '/api/absensi?startDate=2999-01-01&endDate=2999-01-02', { token: admin })).status,
    ).toBe(400);
    expect(
      (await ctx.request('GET', '/api/absensi?startDate=2026-01-05&endDate=2026-01-01', { token: admin })).status,
    ).toBe(400);
    expect((await ctx.request('GET', '/api/absensi', { token: spg })).status).toBe(403);
    expect((await ctx.request('GET', '/api/absensi')).status).toBe(401);
  });

  it('answers a hostile query with a 400 and its Indonesian message, never a 500', async () => {
    const cases: [string, string][] = [
      ['page=99999999999999999999', 'Nomor halaman tidak valid'],
      ['page=1000001', 'Nomor halaman tidak valid'],
      ['page=0', 'Nomor halaman tidak valid'],
      ['page=1e3', 'Nomor halaman tidak valid'],
      ['per_page=1001', 'Jumlah baris per halaman harus 1 sampai 1000'],
      ['per_page=%00', 'Jumlah baris per halaman harus 1 sampai 1000'],
      ['nrp=%00', 'NRP tidak valid'],
      ['nrp=26000002%00', 'NRP tidak valid'],
      ['startDate=%00', 'Tanggal harus berformat YYYY-MM-DD'],
      ['startDate=2026-02-30', 'Tanggal harus berformat YYYY-MM-DD'],
      ['manual=%00', 'manual harus true atau false'],
    ];
    for (const [query, message] of cases) {
      const res = await ctx.request('GET', `/api/absensi?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toBe(message);
    }
    // The last page that may be asked for is simply empty.
    const last = await ctx.request('GET', '/api/absensi?page=1000000&startDate=2000-01-01', { token: admin });
    expect(last.status).toBe(200);
    expect(((await last.json()) as { result: unknown[] }).result).toEqual([]);
  });
});
