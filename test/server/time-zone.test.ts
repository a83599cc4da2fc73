/**
 * Each location's own time zone (docs/decisions/020-time-zones.md): a WITA and a WIT employee are
 * recorded on their local day at their local time, whatever day and time the phone wrote; "today" is
 * theirs; a visit's time is local; a late arrival inside a posted period is kept and flagged; and the
 * migration reads existing rows again in their zone.
 */
import { readFileSync } from 'node:fs';
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsensiSpgRecord } from '../../src/domain/absensi/absensi';
import type { KunjunganCheckAnswer } from '../../src/domain/absensi/kunjungan-checkin';
import { dateIn, instantIn, type TimeZone } from '../../src/domain/time-zone';
import { absensiPosting, absensi } from '../../server/db/schema/absensi';
import { karyawan } from '../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../server/db/schema/kunjungan';
import { lokasi, period } from '../../server/db/schema/master';
import { store } from '../../server/db/schema/store';
import { createTestContext, type TestContext } from './helpers';
import { dayFlagsOf, visitFlagsOf } from './reviewer-flags';

let ctx: TestContext;
let spg: string;
let tl: string;
/** HR's view: where the flags of a check-in are read (her own answers name none, issue 41 item 3). */
let admin: string;
const SPG_NRP = '26000002';
const TL_NRP = '26000001';
const WITA: TimeZone = 'Asia/Makassar';
const WIT: TimeZone = 'Asia/Jayapura';
const OFFSET = { 'Asia/Jakarta': '+07:00', 'Asia/Makassar': '+08:00', 'Asia/Jayapura': '+09:00' } as const;

beforeAll(async () => {
  ctx = await createTestContext();
  // The demo SPG works in Makassar (WITA), her team leader in Jayapura (WIT): both seeded locations.
  const db = ctx.database.db;
  const zones = await db.select({ id: lokasi.id, tz: lokasi.time_zone }).from(lokasi);
  const wita = zones.find((z) => z.tz === WITA)?.id;
  const wit = zones.find((z) => z.tz === WIT)?.id;
  if (!wita || !wit) throw new Error('seed: no WITA or WIT location');
  await db.update(karyawan).set({ kode_lokasi: wita }).where(eq(karyawan.nrp, SPG_NRP));
  await db.update(karyawan).set({ kode_lokasi: wit }).where(eq(karyawan.nrp, TL_NRP));
});
afterAll(async () => {
  await ctx.close();
});

/** The server's clock at `jam` local of `day` in `zone`, with the tokens issued there. */
async function clockAt(zone: TimeZone, day: string, jam: string) {
  ctx.clock.offsetMs = instantIn(zone, day, jam).getTime() - Date.now();
  [spg, tl, admin] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('tl'), ctx.tokenFor('admin')]);
}
const serverNow = () => new Date(Date.now() + ctx.clock.offsetMs);
/** A day `n` days after the real today (WIB), for a scenario of its own. */
const dayAhead = (n: number) => dateIn('Asia/Jakarta', new Date(Date.now() + n * 86_400_000));

const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  return f;
}
/**
 * A day check-in or check-out as a phone sends it: `tanggal` and the jam are the phone's own reading,
 * `captured_at` the instant (written with the phone's offset).
 */
const dayAction = (side: 'in' | 'out', phone: { tanggal: string; jam: string; captured_at: string }) => ({
  tanggal: phone.tanggal,
  [side === 'in' ? 'jam_masuk' : 'jam_keluar']: phone.jam,
  captured_at: phone.captured_at,
  lat: '-5.1477',
  long: '119.4327',
  accuracy: '10',
});
const postDay = (token: string, fields: Record<string, string>) =>
  ctx.request('POST', '/api/absensi/new/spg', { token, body: form(fields) });
const getOwn = (token: string, tanggal?: string) =>
  ctx.request('GET', `/api/absensi/new/spg${tanggal ? `?tanggal=${tanggal}` : ''}`, { token });

describe('the day check-in in the employee location zone', () => {
  const cases = [
    { who: 'WITA (Makassar)', zone: WITA, token: () => spg, nrp: SPG_NRP, ahead: 3 },
    { who: 'WIT (Jayapura)', zone: WIT, token: () => tl, nrp: TL_NRP, ahead: 6 },
  ];

  it.each(cases)('records a $who check-in at 00:30 local on the local day, at 00:30', async (c) => {
    const day = dayAhead(c.ahead);
    await clockAt(c.zone, day, '00:31:00');
    // A phone still on Jakarta time reads the same instant as 23:30 (WIT: 22:30) of the day before.
    const instant = instantIn(c.zone, day, '00:30:00');
    const wib = new Date(instant.getTime() + 7 * 3600_000).toISOString();
    const res = await postDay(
      c.token(),
      dayAction('in', { tanggal: wib.slice(0, 10), jam: wib.slice(11, 19), captured_at: `${wib.slice(0, 19)}+07:00` }),
    );
    expect(res.status).toBe(201);
    const r = ((await res.json()) as { result: AbsensiSpgRecord }).result;
    expect(r).toMatchObject({
      nrp: c.nrp,
      tanggal: day,
      tahun: Number(day.slice(0, 4)),
      bulan: Number(day.slice(5, 7)),
      jam_masuk: '00:30:00',
      masuk_captured_at: instant.toISOString(),
      flags: [],
    });
    expect(await dayFlagsOf(ctx, admin, c.nrp, day)).toEqual(['no_device_signature']);
    // Nothing was written on the day the Jakarta clock named.
    const wrong = await getOwn(c.token(), wib.slice(0, 10));
    expect(await wrong.json()).toEqual({ result: null });
    // Her today (no tanggal) is the local day: the record just made.
    expect(await (await getOwn(c.token())).json()).toEqual({ result: { ...r, tinjau: null } });
  });

  it.each(cases)('records a $who check-in at 07:30 local at 07:30, and the check-out in the same zone', async (c) => {
    const day = dayAhead(c.ahead + 1);
    await clockAt(c.zone, day, '07:31:00');
    const phone = `${day}T07:30:00${OFFSET[c.zone]}`;
    const res = await postDay(c.token(), dayAction('in', { tanggal: day, jam: '07:30:00', captured_at: phone }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { result: AbsensiSpgRecord }).result).toMatchObject({
      tanggal: day,
      jam_masuk: '07:30:00',
    });
    // The check-out written in UTC by the phone is read in her zone too.
    const outAt = instantIn(c.zone, day, '16:05:09');
    const out = await postDay(
      c.token(),
      dayAction('out', { tanggal: day, jam: '16:05:09', captured_at: outAt.toISOString() }),
    );
    expect(out.status).toBe(201);
    expect(((await out.json()) as { result: AbsensiSpgRecord }).result).toMatchObject({
      tanggal: day,
      jam_masuk: '07:30:00',
      jam_keluar: '16:05:09',
    });
  });

  it("reads each employee's own today when no tanggal is given", async () => {
    // 00:15 WIT is still 23:15 of the day before in WITA.
    const day = dayAhead(12);
    await clockAt(WIT, day, '00:15:00');
    const witToday = await postDay(
      tl,
      dayAction('in', { tanggal: day, jam: '00:14:00', captured_at: `${day}T00:14:00+09:00` }),
    );
    expect(((await witToday.json()) as { result: AbsensiSpgRecord }).result.tanggal).toBe(day);
    const mine = (await (await getOwn(tl)).json()) as { result: AbsensiSpgRecord | null };
    expect(mine.result?.tanggal).toBe(day);

    const yesterday = dateIn(WITA, serverNow());
    expect(yesterday < day).toBe(true);
    const spgIn = await postDay(
      spg,
      dayAction('in', { tanggal: yesterday, jam: '23:14:00', captured_at: `${yesterday}T23:14:00+08:00` }),
    );
    expect(((await spgIn.json()) as { result: AbsensiSpgRecord }).result.tanggal).toBe(yesterday);
    expect(((await (await getOwn(spg)).json()) as { result: AbsensiSpgRecord | null }).result?.tanggal).toBe(yesterday);
  });
});

describe('visits and the posting lock in the employee location zone', () => {
  let plan: { no_dcp: string; shift_id: string };
  let shop: { cust_code: string; lat: number; long: number };

  beforeAll(async () => {
    const [line] = await ctx.database.db
      .select({
        no_dcp: kunjunganDetail.no_dcp,
        shift_id: kunjunganDetail.shift_id,
        cust_code: store.cust_code,
        lat: store.cust_lat,
        long: store.cust_long,
      })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
      .where(eq(kunjungan.nrp, SPG_NRP))
      .orderBy(asc(kunjunganDetail.id))
      .limit(1);
    if (!line || line.lat === null || line.long === null) throw new Error('seed: the demo SPG has no visit line');
    plan = { no_dcp: line.no_dcp, shift_id: line.shift_id };
    shop = { cust_code: line.cust_code, lat: line.lat, long: line.long };
  });

  async function newLine(tgl: string): Promise<number> {
    const [row] = await ctx.database.db
      .insert(kunjunganDetail)
      .values({ no_dcp: plan.no_dcp, tgl_dcp: tgl, shift_id: plan.shift_id, cust_code: shop.cust_code })
      .returning({ id: kunjunganDetail.id });
    return row!.id;
  }
  const visit = (id: number, side: 'check-in' | 'check-out', capturedAt: string, jam: string) =>
    ctx.request('POST', `/api/kunjungan/detail/${id}/${side}`, {
      token: spg,
      body: form({ jam, captured_at: capturedAt, lat: String(shop.lat), long: String(shop.long), accuracy: '5' }),
    });

  it('records a WITA visit check-in and check-out at the local time', async () => {
    const day = dayAhead(20);
    await clockAt(WITA, day, '09:00:00');
    const id = await newLine(day);
    // The phone wrote WIB times; the server reads the instant in her zone.
    const inRes = await visit(id, 'check-in', `${day}T07:30:00+07:00`, '07:30:00');
    expect(inRes.status).toBe(200);
    expect(((await inRes.json()) as KunjunganCheckAnswer).result).toMatchObject({ in_jam: '08:30:00', flags: [] });
    expect(await visitFlagsOf(ctx, admin, SPG_NRP, day, id)).toEqual(['no_device_signature']);
    const outRes = await visit(id, 'check-out', instantIn(WITA, day, '08:55:01').toISOString(), '07:55:01');
    expect(((await outRes.json()) as KunjunganCheckAnswer).result).toMatchObject({
      in_jam: '08:30:00',
      out_jam: '08:55:01',
      flags: [],
    });
    expect(await visitFlagsOf(ctx, admin, SPG_NRP, day, id)).toEqual(['no_device_signature']);
  });

  it('keeps a check-in of a day inside a posted period, flagged after_posting once', async () => {
    // The (seeded) period of a day 45 days ahead is posted; a day in it is recorded anyway.
    const day = dayAhead(45);
    const [p] = await ctx.database.db
      .select({ id: period.id })
      .from(period)
      .where(and(sql`${period.mulai} <= ${day}`, sql`${period.akhir} >= ${day}`));
    if (!p) throw new Error(`seed: no period for ${day}`);
    await ctx.database.db.insert(absensiPosting).values({ period_id: p.id, posted_by: 'admin', employee_count: 0 });
    await clockAt(WITA, day, '07:31:00');

    const res = await postDay(
      spg,
      dayAction('in', { tanggal: day, jam: '07:30:00', captured_at: `${day}T07:30:00+08:00` }),
    );
    expect(res.status).toBe(201);
    const r = ((await res.json()) as { result: AbsensiSpgRecord }).result;
    expect(r).toMatchObject({ tanggal: day, jam_masuk: '07:30:00', flags: [] });
    expect(await dayFlagsOf(ctx, admin, SPG_NRP, day)).toEqual(['after_posting', 'no_device_signature']);
    const out = await postDay(
      spg,
      dayAction('out', { tanggal: day, jam: '16:00:00', captured_at: `${day}T16:00:00+08:00` }),
    );
    expect(out.status).toBe(201);
    expect(((await out.json()) as { result: AbsensiSpgRecord }).result.flags).toEqual([]);
    expect(await dayFlagsOf(ctx, admin, SPG_NRP, day)).toEqual(['after_posting', 'no_device_signature']);

    const id = await newLine(day);
    const v = await visit(id, 'check-in', `${day}T07:40:00+08:00`, '07:40:00');
    expect(v.status).toBe(200);
    expect(((await v.json()) as KunjunganCheckAnswer).result).toMatchObject({ in_jam: '07:40:00', flags: [] });
    expect(await visitFlagsOf(ctx, admin, SPG_NRP, day, id)).toEqual(['after_posting', 'no_device_signature']);
  });
});

describe('migration 0014: existing rows read again in their zone', () => {
  it('assigns zones by location name and moves self-recorded days and times, skipping a taken day', async () => {
    const db = ctx.database.db;
    await db.insert(lokasi).values([
      { id: 'TZMDO', kode_prsh: 'KM', nama: 'Manado Kota' },
      { id: 'TZSOQ', kode_prsh: 'KM', nama: 'SORONG' },
      { id: 'TZCKR', kode_prsh: 'KM', nama: 'Cikarang' },
    ]);
    const others = await db
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .where(notInArray(karyawan.nrp, [SPG_NRP, TL_NRP]))
      .orderBy(asc(karyawan.nrp))
      .limit(3);
    const [mdo, soq, ckr] = others.map((o) => o.nrp) as [string, string, string];
    await db.update(karyawan).set({ kode_lokasi: 'TZMDO' }).where(eq(karyawan.nrp, mdo));
    await db.update(karyawan).set({ kode_lokasi: 'TZSOQ' }).where(eq(karyawan.nrp, soq));
    await db.update(karyawan).set({ kode_lokasi: 'TZCKR' }).where(eq(karyawan.nrp, ckr));

    // As recorded before zones: the Jakarta day and time of each instant.
    const row = (nrp: string, tanggal: string, masuk: string, keluar: string | null, sumber = 'S') => ({
      nrp,
      tanggal,
      tahun: Number(tanggal.slice(0, 4)),
      bulan: Number(tanggal.slice(5, 7)),
      sts_abs_id: 'H',
      sumber,
      jam_masuk: masuk,
      jam_keluar: keluar,
      masuk_captured_at: sumber === 'S' ? new Date(`${tanggal}T${masuk}+07:00`) : null,
      keluar_captured_at: sumber === 'S' && keluar ? new Date(`${tanggal}T${keluar}+07:00`) : null,
    });
    await db.insert(absensi).values([
      row(soq, '2030-12-31', '22:30:00', '23:10:05'), // WIT: 00:30 and 01:10:05 of 2031-01-01
      row(mdo, '2030-12-30', '06:30:00', '15:00:00'), // WITA: same day, an hour later
      row(mdo, '2030-12-29', '23:30:00', null), // WITA: 00:30 of the 30th, taken: stays
      row(ckr, '2030-12-31', '23:30:00', null), // WIB: unchanged
      row(soq, '2030-12-20', '08:00:00', '17:00:00', 'M'), // manual entry: unchanged
    ]);
    // A WITA visit line recorded at a Jakarta time.
    const [line] = await db
      .select({ id: kunjunganDetail.id })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
      .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
      .where(and(eq(lokasi.time_zone, WITA), ne(karyawan.nrp, SPG_NRP)))
      .limit(1);
    if (!line) throw new Error('seed: no visit line in WITA');
    await db
      .update(kunjunganDetail)
      .set({ in_jam: '09:00:00', in_captured_at: new Date('2030-12-30T09:00:00+07:00'), out_jam: null })
      .where(eq(kunjunganDetail.id, line.id));

    const migration = readFileSync('server/db/migrations/0014_lokasi_time_zones.sql', 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const zones = await db
      .select({ id: lokasi.id, tz: lokasi.time_zone })
      .from(lokasi)
      .where(sql`${lokasi.id} like 'TZ%'`)
      .orderBy(asc(lokasi.id));
    expect(zones).toEqual([
      { id: 'TZCKR', tz: 'Asia/Jakarta' },
      { id: 'TZMDO', tz: 'Asia/Makassar' },
      { id: 'TZSOQ', tz: 'Asia/Jayapura' },
    ]);
    const days = async (nrp: string) =>
      (
        await db
          .select({
            tanggal: absensi.tanggal,
            tahun: absensi.tahun,
            bulan: absensi.bulan,
            jam_masuk: absensi.jam_masuk,
            jam_keluar: absensi.jam_keluar,
          })
          .from(absensi)
          .where(and(eq(absensi.nrp, nrp), sql`${absensi.tanggal} >= '2030-12-01'`))
          .orderBy(asc(absensi.tanggal))
      ).map((r) => `${r.tanggal} ${r.tahun}/${r.bulan} ${r.jam_masuk}-${r.jam_keluar}`);
    expect(await days(soq)).toEqual(['2030-12-20 2030/12 08:00:00-17:00:00', '2031-01-01 2031/1 00:30:00-01:10:05']);
    expect(await days(mdo)).toEqual(['2030-12-29 2030/12 23:30:00-null', '2030-12-30 2030/12 07:30:00-16:00:00']);
    expect(await days(ckr)).toEqual(['2030-12-31 2030/12 23:30:00-null']);
    const [after] = await db
      .select({ in_jam: kunjunganDetail.in_jam, out_jam: kunjunganDetail.out_jam })
      .from(kunjunganDetail)
      .where(eq(kunjunganDetail.id, line.id));
    expect(after).toEqual({ in_jam: '10:00:00', out_jam: null });

    // Running it again changes nothing more (each zone is already set, each time already local).
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    expect(await days(soq)).toEqual(['2030-12-20 2030/12 08:00:00-17:00:00', '2031-01-01 2031/1 00:30:00-01:10:05']);
  });
});
