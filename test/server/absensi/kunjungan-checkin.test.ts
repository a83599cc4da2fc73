import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KunjunganCheckAnswer, KunjunganDay, KunjunganLine } from '../../../src/domain/absensi/kunjungan-checkin';
import { users } from '../../../server/db/schema/auth';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import { distanceMeters } from '../../../src/domain/geo';
import { instantIn } from '../../../src/domain/time-zone';
import { createTestContext, type TestContext } from '../helpers';
import { visitFlagsOf } from '../reviewer-flags';

let ctx: TestContext;
let spg: string;
let tl: string;
let admin: string;
let hr: string;
const SPG_NRP = '26000002';
const TL_NRP = '26000001';

/** The seeded "today" (the machine's date): the demo SPG has visit lines, none checked in yet. */
const today = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
})();

let plan: { no_dcp: string; shift_id: string };
let shop: { cust_code: string; cust_lat: number; cust_long: number };

beforeAll(async () => {
  ctx = await createTestContext();
  // Frozen at noon WIB of the seeded day: the server records a visit's time from the device instant in
  // the employee's zone (the demo SPG is in WIB), so the scenarios' device times are that day's.
  ctx.clock.offsetMs = instantIn('Asia/Jakarta', today, '12:00:00').getTime() - Date.now();
  [spg, tl, admin, hr] = await Promise.all([
    ctx.tokenFor('spg'),
    ctx.tokenFor('tl'),
    ctx.tokenFor('admin'),
    ctx.tokenFor('hr'),
  ]);
  const [line] = await ctx.database.db
    .select({
      no_dcp: kunjunganDetail.no_dcp,
      shift_id: kunjunganDetail.shift_id,
      cust_code: store.cust_code,
      cust_lat: store.cust_lat,
      cust_long: store.cust_long,
    })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
    .where(and(eq(kunjungan.nrp, SPG_NRP), eq(kunjunganDetail.tgl_dcp, today)))
    .limit(1);
  if (!line || line.cust_lat === null || line.cust_long === null) throw new Error('seed: no visit line today');
  plan = { no_dcp: line.no_dcp, shift_id: line.shift_id };
  shop = { cust_code: line.cust_code, cust_lat: line.cust_lat, cust_long: line.cust_long };
});
afterAll(async () => {
  await ctx.close();
});

/** A fresh planned line on the demo SPG's plan, at the store of today's first visit. */
async function newLine(tgl = today): Promise<number> {
  const [row] = await ctx.database.db
    .insert(kunjunganDetail)
    .values({ no_dcp: plan.no_dcp, tgl_dcp: tgl, shift_id: plan.shift_id, cust_code: shop.cust_code })
    .returning({ id: kunjunganDetail.id });
  return row!.id;
}

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

function form(fields: Record<string, string | undefined>, photo: Blob | null = new Blob([JPEG])) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, v);
  if (photo) f.append('photo', photo, 'foto.jpg');
  return f;
}

const isJam = (j: string | undefined): j is string => !!j && /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(j);
/** At the store (a few metres off), at `jam` (WIB) of the seeded day, as the phone writes its device time. */
const atStore = (over: Record<string, string | undefined> = {}) => ({
  jam: '09:01:02',
  captured_at: `${today}T${isJam(over.jam) ? over.jam : '09:01:02'}+07:00`,
  lat: String(shop.cust_lat + 0.0002),
  long: String(shop.cust_long),
  accuracy: '9',
  ...over,
});

const check = (id: number | string, side: 'check-in' | 'check-out', body: FormData, token = spg, key?: string) =>
  ctx.request('POST', `/api/kunjungan/detail/${id}/${side}`, {
    token,
    body,
    headers: key ? { 'Idempotency-Key': key } : {},
  });
const day = (id: string, tanggal?: string, token = spg) =>
  ctx.request('GET', `/api/kunjungan/karyawan/${id}${tanggal ? `?tanggal=${tanggal}` : ''}`, { token });

const photos = () => readdirSync(path.join(ctx.uploadsDir, 'photo')).sort();
const lineRow = async (id: number) =>
  (await ctx.database.db.select().from(kunjunganDetail).where(eq(kunjunganDetail.id, id)))[0]!;

describe('GET /api/kunjungan/karyawan/{id}', () => {
  it("gives the caller's plan of the day with shift and store coordinates", async () => {
    const res = await day('me', today);
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: KunjunganDay };
    expect(result).toMatchObject({ no_dcp: plan.no_dcp, nrp: SPG_NRP, tanggal: today });
    expect(result.period_id).toMatch(/^\d{6}$/);
    expect(result.details.length).toBeGreaterThan(0);
    for (const l of result.details) {
      expect(l).toMatchObject({ no_dcp: plan.no_dcp, tgl_dcp: today, in_jam: null, out_jam: null, flags: [] });
      expect(l.shift).toEqual({
        nama: expect.any(String),
        jam_mulai: expect.any(String),
        jam_selesai: expect.any(String),
      });
      expect(typeof l.customer.cust_name).toBe('string');
      expect(typeof l.customer.cust_lat).toBe('number');
      expect(typeof l.customer.cust_long).toBe('number');
    }
    const ids = result.details.map((l) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // The own NRP reads the same; no tanggal means her today (WIB, her location's zone): the seeded day.
    expect(await (await day(SPG_NRP, today)).json()).toEqual({ result });
    expect(await (await day('me')).json()).toEqual({ result });
  });

  it('answers an empty day when nothing is planned', async () => {
    const { result } = (await (await day('me', '2031-06-01')).json()) as { result: KunjunganDay };
    expect(result).toEqual({ no_dcp: null, nrp: SPG_NRP, period_id: null, tanggal: '2031-06-01', details: [] });
  });

  it('lets kunjungan.read in scope read another employee, and nobody else', async () => {
    const asAdmin = await day(SPG_NRP, today, admin);
    expect(asAdmin.status).toBe(200);
    expect(((await asAdmin.json()) as { result: KunjunganDay }).result.no_dcp).toBe(plan.no_dcp);
    expect((await day('00000000', today, admin)).status).toBe(404);
    expect((await day('%00', today, admin)).status).toBe(404);
    expect((await day('x'.repeat(40), today, admin)).status).toBe(404);

    const asSpg = await day(TL_NRP, today, spg);
    expect(asSpg.status).toBe(403);
    // An office account has no "me".
    expect((await day('me', today, admin)).status).toBe(403);

    // HR reads visits, but only inside its trustee scope.
    expect((await day(SPG_NRP, today, hr)).status).toBe(200);
    const [emp] = await ctx.database.db
      .select({ kode_lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(eq(karyawan.nrp, SPG_NRP));
    const elsewhere = emp!.kode_lokasi === 'SBY' ? 'JKT' : 'SBY';
    const trustee = { kode_prsh: [], sales_office: [], lokasi: [elsewhere], client: [], jabatan: [], spg_type: [] };
    await ctx.database.db.update(users).set({ trustee }).where(eq(users.username, 'hr'));
    try {
      const out = await day(SPG_NRP, today, hr);
      expect(out.status).toBe(403);
    } finally {
      await ctx.database.db.update(users).set({ trustee: null }).where(eq(users.username, 'hr'));
    }
  });

  it('needs a session and a valid date', async () => {
    expect((await ctx.request('GET', '/api/kunjungan/karyawan/me')).status).toBe(401);
    expect((await day('me', '21-11-2026')).status).toBe(400);
  });
});

describe('POST /api/kunjungan/detail/{id}/check-in and /check-out', () => {
  it('records check-in and check-out with photo, position, distance and times', async () => {
    const id = await newLine();
    const sentAt = Date.now() + ctx.clock.offsetMs;
    const capturedIn = `${today}T09:01:02+07:00`;
    const fields = atStore({ desc: 'Display rapi', captured_at: capturedIn });
    const res = await check(id, 'check-in', form(fields));
    expect(res.status).toBe(200);
    const body = (await res.json()) as KunjunganCheckAnswer;
    expect(body.message).toBe('Check in kunjungan berhasil');
    const l = body.result;
    expect(l).toMatchObject({
      id,
      no_dcp: plan.no_dcp,
      cust_code: shop.cust_code,
      in_jam: '09:01:02',
      in_lat: Number(fields.lat),
      in_long: shop.cust_long,
      in_accuracy: 9,
      in_desc: 'Display rapi',
      in_captured_at: new Date(capturedIn).toISOString(),
      in_location_note: null,
      out_jam: null,
      customer: { cust_lat: shop.cust_lat, cust_long: shop.cust_long },
    });
    // 0.0002° of latitude is about 22 m.
    expect(l.in_distance_m).toBeGreaterThan(20);
    expect(l.in_distance_m).toBeLessThan(25);
    expect(Math.abs(Date.parse(l.in_received_at!) - sentAt)).toBeLessThan(60_000);
    expect(l.in_foto).toMatch(/^[A-Za-z0-9_-]{22}\.jpg$/);
    const photo = await ctx.request('GET', `/uploads/photo/${l.in_foto}`, { token: spg });
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(JPEG);

    const plan2 = (await (await day('me', today)).json()) as { result: KunjunganDay };
    // Her own visits never name their flags (issue 41 item 3).
    expect(plan2.result.details.find((x: KunjunganLine) => x.id === id)).toEqual({ ...l, flags: [], tinjau: null });

    // The same check-in again (another outbox row): the line as it is, already recorded, nothing written.
    const filesBefore = photos();
    const again = await check(id, 'check-in', form(atStore({ jam: '09:30:00' })));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      message: 'Check in kunjungan ini sudah tercatat sebelumnya',
      already_recorded: true,
      result: l,
    });
    expect(photos()).toEqual(filesBefore);

    const backwards = await check(id, 'check-out', form(atStore({ jam: '09:00:00' })));
    expect(backwards.status).toBe(400);

    const out = await check(id, 'check-out', form(atStore({ jam: '10:30:00', lat: String(shop.cust_lat) })));
    expect(out.status).toBe(200);
    const done = (await out.json()) as KunjunganCheckAnswer;
    expect(done.message).toBe('Check out kunjungan berhasil');
    expect(done.result).toMatchObject({
      in_jam: '09:01:02',
      out_jam: '10:30:00',
      out_distance_m: 0,
      flags: [],
    });
    // Her answer names no flag (issue 41 item 3); her team leader reads them on her visits.
    expect(await visitFlagsOf(ctx, tl, SPG_NRP, today, id)).toEqual(['no_device_signature']);
    expect(done.result.out_foto).not.toBe(l.in_foto);
    expect(done.already_recorded).toBe(false);
    const outAgain = await check(id, 'check-out', form(atStore({ jam: '11:00:00' })));
    expect(outAgain.status).toBe(200);
    expect(await outAgain.json()).toEqual({
      message: 'Check out kunjungan ini sudah tercatat sebelumnya',
      already_recorded: true,
      result: done.result,
    });
  });

  it('refuses a check-out before the check-in with 409, saying what to do, and writes nothing', async () => {
    const id = await newLine();
    const files = photos();
    const res = await check(id, 'check-out', form(atStore()));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message:
        'Server belum menerima check in kunjungan ini. Lakukan Check In Toko terlebih dahulu, lalu kirim ulang check out ini dari halaman Sinkron.',
      error: { code: 'conflict' },
    });
    expect(photos()).toEqual(files);
    expect((await lineRow(id)).out_jam).toBeNull();
  });

  it('records a check-in outside the radius with its distance and a flag her answers never name', async () => {
    const id = await newLine();
    const lat = shop.cust_lat + 0.01;
    const sent = atStore({ lat: String(lat) });
    const key = randomUUID();
    const res = await check(id, 'check-in', form(sent), spg, key);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as KunjunganCheckAnswer;
    const l = answer.result;
    // Her answer says where she was, not that it was flagged (issue 41 item 3); her team leader reads it.
    expect(l.flags).toEqual([]);
    expect(await visitFlagsOf(ctx, tl, SPG_NRP, today, id)).toEqual(['outside_radius_in', 'no_device_signature']);
    // Replayed (the outbox row again, same key): the same answer, with no flag either.
    const replay = await check(id, 'check-in', form(sent), spg, key);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(answer);
    expect(l.in_distance_m).toBeCloseTo(
      distanceMeters({ lat, long: shop.cust_long }, { lat: shop.cust_lat, long: shop.cust_long }),
      0,
    );
    expect(l.in_distance_m).toBeGreaterThan(1000);

    const out = await check(id, 'check-out', form(atStore({ jam: '12:00:00', lat: String(lat) })));
    expect(out.status).toBe(200);
    expect(((await out.json()) as KunjunganCheckAnswer).result.flags).toEqual([]);
    expect(await visitFlagsOf(ctx, tl, SPG_NRP, today, id)).toEqual([
      'outside_radius_in',
      'no_device_signature',
      'outside_radius_out',
    ]);
  });

  it('records a check-in without a position when the reason is given, and flags device clock skew', async () => {
    const id = await newLine();
    const bare = atStore({ lat: undefined, long: undefined, accuracy: undefined });
    const refused = await check(id, 'check-in', form(bare));
    expect(refused.status).toBe(400);
    expect((await lineRow(id)).in_jam).toBeNull();

    const res = await check(
      id,
      'check-in',
      form({
        ...bare,
        location_error: 'Sinyal GPS hilang',
        captured_at: new Date(Date.now() + ctx.clock.offsetMs + 13 * 3600_000).toISOString(),
      }),
    );
    expect(res.status).toBe(200);
    const l = ((await res.json()) as KunjunganCheckAnswer).result;
    expect(l).toMatchObject({
      in_lat: null,
      in_long: null,
      in_distance_m: null,
      in_location_note: 'Sinyal GPS hilang',
    });
    expect(l.flags).toEqual([]);
    expect(await visitFlagsOf(ctx, tl, SPG_NRP, l.tgl_dcp, id)).toEqual([
      'no_location_in',
      'clock_skew',
      'no_device_signature',
    ]);
  });

  it("refuses another employee's line (403), an unknown line (404) and an office account (403)", async () => {
    // A line of today on another employee's plan (not the team leader's, who has none): made here, as the
    // seed plans nobody else on a Sunday.
    const [otherPlan] = await ctx.database.db
      .select({ no_dcp: kunjungan.no_dcp })
      .from(kunjungan)
      .where(and(ne(kunjungan.nrp, SPG_NRP), ne(kunjungan.nrp, TL_NRP)))
      .orderBy(asc(kunjungan.no_dcp))
      .limit(1);
    const [other] = await ctx.database.db
      .insert(kunjunganDetail)
      .values({ no_dcp: otherPlan!.no_dcp, tgl_dcp: today, shift_id: plan.shift_id, cust_code: shop.cust_code })
      .returning({ id: kunjunganDetail.id });
    const files = photos();
    const res = await check(other!.id, 'check-in', form(atStore()));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Anda hanya dapat mengisi kunjungan Anda sendiri' });
    expect((await lineRow(other!.id)).in_jam).toBeNull();
    // The team leader has an NRP but no plan of their own.
    expect((await check(other!.id, 'check-in', form(atStore()), tl)).status).toBe(403);
    expect((await check(99_999_999, 'check-in', form(atStore()))).status).toBe(404);
    expect((await check('abc', 'check-in', form(atStore()))).status).toBe(404);
    expect((await check('99999999999999', 'check-in', form(atStore()))).status).toBe(404);
    expect((await check(other!.id, 'check-in', form(atStore()), admin)).status).toBe(403);
    expect(photos()).toEqual(files);
  });

  it('checks fields and photo before anything is stored', async () => {
    const id = await newLine();
    const files = photos();
    for (const fields of [
      atStore({ jam: undefined }),
      atStore({ captured_at: undefined }),
      atStore({ desc: 'x'.repeat(256) }),
    ]) {
      expect((await check(id, 'check-in', form(fields))).status).toBe(400);
    }
    expect((await check(id, 'check-in', form(atStore(), null))).status).toBe(400);
    const text = await check(id, 'check-in', form(atStore(), new Blob(['%PDF-1.7 bukan foto'])));
    expect(text.status).toBe(400);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(JPEG.subarray(0, 3));
    expect((await check(id, 'check-in', form(atStore(), new Blob([big])))).status).toBe(413);
    expect((await lineRow(id)).in_jam).toBeNull();
    expect(photos()).toEqual(files);
  });

  it('answers hostile ids and text with a 4xx, never a 500, and writes nothing', async () => {
    const id = await newLine();
    const files = photos();
    // A line id that is not a positive integer within PostgreSQL's range names no line.
    for (const bad of ['1e308', '9007199254740993', '2147483648', '-1', '1.5', '0', '%00', '1%00']) {
      const res = await check(bad, 'check-in', form(atStore()));
      expect(res.status, bad).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('Kunjungan tidak ditemukan');
    }
    for (const field of ['jam', 'captured_at', 'desc', 'lat', 'location_error']) {
      const fields = atStore({ desc: 'Display rapi', location_error: 'GPS lemah' });
      const res = await check(
        id,
        'check-in',
        form({ ...fields, [field]: `${fields[field as keyof typeof fields]}\u0000` }),
      );
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { error: { issues: { path: string }[] } };
      expect(body.error.issues.map((i) => i.path)).toContain(field);
    }
    // A visit note may span lines; other control characters are refused.
    const note = await check(id, 'check-in', form(atStore({ desc: 'Rak penuh\nDisplay rapi' })));
    expect(note.status).toBe(200);
    // multipart/form-data sends a line break as CRLF.
    expect(((await note.json()) as KunjunganCheckAnswer).result.in_desc).toBe('Rak penuh\r\nDisplay rapi');
    expect((await check(id, 'check-out', form(atStore({ jam: '10:00:00', desc: 'a\u0007b' })))).status).toBe(400);
    for (const q of ['%00', '2026-01-01%00']) expect((await day('me', q)).status, q).toBe(400);
    expect((await day('a%00b', today, admin)).status).toBe(404);
    expect(photos()).toHaveLength(files.length + 1);
  });

  it('answers an idempotent repeat with the stored answer, and a concurrent repeat writes once', async () => {
    const id = await newLine();
    const key = randomUUID();
    const files = photos();
    const first = await check(id, 'check-in', form(atStore()), spg, key);
    const body = await first.json();
    const again = await check(id, 'check-in', form(atStore()), spg, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(body);
    expect(photos()).toHaveLength(files.length + 1);

    const id2 = await newLine();
    const key2 = randomUUID();
    const [a, b] = await Promise.all([
      check(id2, 'check-in', form(atStore()), spg, key2),
      check(id2, 'check-in', form(atStore()), spg, key2),
    ]);
    const [ja, jb] = [await a.json(), await b.json()];
    if (a.status === 409 || b.status === 409) expect([a.status, b.status].sort()).toEqual([200, 409]);
    else {
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(ja).toEqual(jb);
    }
    expect(photos()).toHaveLength(files.length + 2);
    const row = await lineRow(id2);
    expect(row.in_foto).toBe(photos().find((f) => f === row.in_foto));

    const [c, d] = await Promise.all([
      check(id2, 'check-out', form(atStore({ jam: '10:00:00' })), spg, randomUUID()),
      check(id2, 'check-out', form(atStore({ jam: '10:00:01' })), spg, randomUUID()),
    ]);
    expect([c.status, d.status]).toEqual([200, 200]);
    const [jc, jd] = (await Promise.all([c.json(), d.json()])) as KunjunganCheckAnswer[];
    expect([jc!.already_recorded, jd!.already_recorded].sort()).toEqual([false, true]);
    expect(photos()).toHaveLength(files.length + 3);
  });
});
