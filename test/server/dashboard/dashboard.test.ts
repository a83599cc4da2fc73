/**
 * /api/dashboard: every call's answer against the database it summarises, 400/401/403, and the trustee
 * scope (a user limited to one location sees only that location's rows, positions and contracts).
 * The demo SPG's visit of her today is checked in here (by fixture rows) and must show up yellow, as
 * her last position, and in the attention list when flagged.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_IDS,
  alertCategory,
  visitColour,
  type ActivityRow,
  type AttentionAnswer,
  type KontrakAlertAnswer,
  type KontrakAlertDetailAnswer,
  mapMarkerOf,
  type DashboardMapAnswer,
  type LokasiRow,
  type MapMarker,
} from '../../../src/domain/dashboard/dashboard';
import { dateIn } from '../../../src/domain/time-zone';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { lokasi } from '../../../server/db/schema/master';
import { store } from '../../../server/db/schema/store';
import { MAP_LISTED_FIRST_MAX } from '../../../server/modules/dashboard/dashboard.service';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith } from '../karyawan/karyawan-fixtures';

let ctx: TestContext;
let admin: string;
let spg: string;
let jkt: string;
let other: string;
let otherLokasi: string;
const SPG_NRP = '26000002';
/** The SPG's today (Jakarta): what the field app would record her check-in on. */
const day = dateIn('Asia/Jakarta', new Date());
let lineIds: number[] = [];
let shop: { cust_code: string; cust_name: string; lat: number; long: number };

const db = () => ctx.database.db;
const get = (path: string, token = admin) => ctx.request('GET', path, { token });
async function json<T>(path: string, token = admin): Promise<T> {
  const res = await get(path, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, spg] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('spg')]);
  const [lok] = await db()
    .select({ id: lokasi.id })
    .from(lokasi)
    .where(and(eq(lokasi.time_zone, 'Asia/Jakarta')))
    .orderBy(asc(lokasi.id));
  const others = await db().select({ id: lokasi.id }).from(lokasi).orderBy(asc(lokasi.id));
  otherLokasi = others.find((l) => l.id !== 'JKT')!.id;
  expect(lok).toBeDefined();
  jkt = await accountWith(ctx, admin, ['dashboard.read'], { trustee: { lokasi: ['JKT'] } });
  other = await accountWith(ctx, admin, ['dashboard.read'], { trustee: { lokasi: [otherLokasi] } });

  // Two fresh planned visits of the SPG on her today: the first checked in (not out), the second not.
  const [plan] = await db().select().from(kunjungan).where(eq(kunjungan.nrp, SPG_NRP)).limit(1);
  const [s] = await db().select().from(store).orderBy(asc(store.cust_code)).limit(1);
  shop = { cust_code: s!.cust_code, cust_name: s!.cust_name, lat: s!.cust_lat!, long: s!.cust_long! };
  await db()
    .delete(kunjunganDetail)
    .where(and(eq(kunjunganDetail.no_dcp, plan!.no_dcp), eq(kunjunganDetail.tgl_dcp, day)));
  const rows = await db()
    .insert(kunjunganDetail)
    .values([
      {
        no_dcp: plan!.no_dcp,
        tgl_dcp: day,
        shift_id: plan!.shift_id,
        cust_code: shop.cust_code,
        in_jam: '08:05:00',
        in_lat: shop.lat + 0.0001,
        in_long: shop.long,
        flags: ['outside_radius_in'],
      },
      { no_dcp: plan!.no_dcp, tgl_dcp: day, shift_id: plan!.shift_id, cust_code: shop.cust_code },
    ])
    .returning({ id: kunjunganDetail.id });
  lineIds = rows.map((r) => r.id);
});
afterAll(() => ctx.close());

const PATHS = [
  `/api/dashboard/kunjungan?date=${day}`,
  `/api/dashboard/activity?date=${day}&lokasi_id=JKT`,
  `/api/dashboard/map/last-position?date=${day}`,
  `/api/dashboard/kontrak-alert?date=${day}`,
  `/api/dashboard/kontrak-alert/detail?date=${day}&lokasi_id=JKT&alert_id=within30`,
  `/api/dashboard/kontrak-alert/detail/excel?date=${day}&lokasi_id=JKT&alert_id=within30`,
  `/api/dashboard/activity/detail/export?date=${day}`,
  `/api/dashboard/attention?date=${day}`,
];

describe('access', () => {
  it('answers 401 without a session and 403 without dashboard.read, on every call', async () => {
    for (const path of PATHS) {
      expect((await ctx.request('GET', path)).status, path).toBe(401);
      expect((await get(path, spg)).status, path).toBe(403);
    }
  });

  it('refuses a bad date, location or alert with a 400, and a location outside the scope with a 403', async () => {
    expect((await get('/api/dashboard/kunjungan?date=2026-02-30')).status).toBe(400);
    expect((await get('/api/dashboard/activity?lokasi_id=%27%3Bdrop')).status).toBe(400);
    expect((await get('/api/dashboard/activity')).status).toBe(400);
    expect((await get(`/api/dashboard/kontrak-alert/detail?lokasi_id=JKT&alert_id=soon`)).status).toBe(400);
    expect((await get('/api/dashboard/activity?lokasi_id=NOPE')).status).toBe(404);
    expect((await get(`/api/dashboard/activity?date=${day}&lokasi_id=JKT`, other)).status).toBe(403);
    expect((await get(`/api/dashboard/map/last-position?lokasi_id=JKT`, other)).status).toBe(403);
    expect((await get(`/api/dashboard/kontrak-alert/detail?lokasi_id=JKT&alert_id=expired`, other)).status).toBe(403);
  });
});

describe('GET /api/dashboard/kunjungan', () => {
  it('counts employees, planned and checked-in visits and active employees per location', async () => {
    const { result } = await json<{ result: LokasiRow[] }>(`/api/dashboard/kunjungan?date=${day}`);
    const places = await db().select().from(lokasi).orderBy(asc(lokasi.id));
    expect(result.map((r) => r.id)).toEqual(places.map((p) => p.id));
    const staff = await db().select({ lokasi: karyawan.kode_lokasi }).from(karyawan).where(isNull(karyawan.alasan_p3));
    const lines = await db()
      .select({ lokasi: karyawan.kode_lokasi, nrp: karyawan.nrp, in_jam: kunjunganDetail.in_jam })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
      .where(and(eq(kunjunganDetail.tgl_dcp, day), isNull(karyawan.alasan_p3)));
    for (const row of result) {
      expect(row.tanggal).toBe(day);
      expect(row.karyawan_count, row.id).toBe(staff.filter((s) => s.lokasi === row.id).length);
      expect(row.kunjungan_count, row.id).toBe(lines.filter((l) => l.lokasi === row.id).length);
      expect(row.visited_count, row.id).toBe(lines.filter((l) => l.lokasi === row.id && l.in_jam).length);
    }
    const jktRow = result.find((r) => r.id === 'JKT')!;
    expect(jktRow.visited_count).toBeGreaterThanOrEqual(1);
    expect(jktRow.active_count).toBeGreaterThanOrEqual(1);
  });

  it("without a date counts each location's own today", async () => {
    const { result } = await json<{ result: LokasiRow[] }>('/api/dashboard/kunjungan');
    for (const row of result) expect(row.tanggal).toBe(dateIn(row.time_zone, new Date()));
  });

  it('counts each zone on its own day when the zones are on different days (23:30 WIB)', async () => {
    // Move the server's clock to the next 16:30 UTC: 23:30 WIB, 00:30 WITA and 01:30 WIT.
    const at = new Date();
    at.setUTCHours(16, 30, 0, 0);
    if (at.getTime() < Date.now()) at.setUTCDate(at.getUTCDate() + 1);
    ctx.clock.offsetMs = at.getTime() - Date.now();
    try {
      // A token of the moved clock (an earlier one may have expired by then).
      const token = await ctx.tokenFor('admin');
      const places = await db().select({ id: lokasi.id, tz: lokasi.time_zone }).from(lokasi);
      expect(new Set(places.map((p) => p.tz)).size).toBeGreaterThan(1);
      const { result } = await json<{ result: LokasiRow[] }>('/api/dashboard/kunjungan', token);
      for (const row of result) {
        const want = dateIn(row.time_zone, at);
        expect(row.tanggal, row.id).toBe(want);
        const lines = await db()
          .select({ id: kunjunganDetail.id })
          .from(kunjunganDetail)
          .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
          .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
          .where(and(eq(kunjunganDetail.tgl_dcp, want), eq(karyawan.kode_lokasi, row.id), isNull(karyawan.alasan_p3)));
        expect(row.kunjungan_count, row.id).toBe(lines.length);
      }
      for (const path of [
        '/api/dashboard/map/last-position',
        '/api/dashboard/attention',
        '/api/dashboard/kontrak-alert',
      ])
        expect((await get(path, token)).status, path).toBe(200);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('shows a user limited to one location only that location', async () => {
    const { result } = await json<{ result: LokasiRow[] }>(`/api/dashboard/kunjungan?date=${day}`, jkt);
    expect(result.map((r) => r.id)).toEqual(['JKT']);
    const all = await json<{ result: LokasiRow[] }>(`/api/dashboard/kunjungan?date=${day}`);
    expect(result[0]).toEqual(all.result.find((r) => r.id === 'JKT'));
  });
});

describe('GET /api/dashboard/activity', () => {
  it("lists the SPG's visits of the day with their colours and her last position", async () => {
    const answer = await json<{ result: ActivityRow[]; totalCount: number }>(
      `/api/dashboard/activity?date=${day}&lokasi_id=JKT&q=${SPG_NRP}`,
    );
    expect(answer.totalCount).toBe(1);
    const [row] = answer.result;
    expect(row).toMatchObject({ nrp: SPG_NRP, time_zone: 'Asia/Jakarta' });
    expect(row!.kunjunganDetail.map((l) => l.id)).toEqual(lineIds);
    expect(row!.kunjunganDetail.map(visitColour)).toEqual(['yellow', 'red']);
    expect(row!.kunjunganDetail[0]).toMatchObject({
      cust_code: shop.cust_code,
      customer: shop.cust_name,
      in_jam: '08:05:00',
    });
    expect(row!.lastPosition).toMatchObject({ nrp: SPG_NRP, jam: '08:05:00', side: 'in', cust_code: shop.cust_code });
  });

  it('pages the location in NRP order and searches names', async () => {
    const first = await json<{ result: ActivityRow[]; totalCount: number }>(
      `/api/dashboard/activity?date=${day}&lokasi_id=JKT&per_page=5`,
    );
    expect(first.result.length).toBeLessThanOrEqual(5);
    expect(first.totalCount).toBeGreaterThanOrEqual(first.result.length);
    const nrps = first.result.map((r) => r.nrp);
    expect(nrps).toEqual([...nrps].sort());
    const [spgRow] = await db().select({ nama: karyawan.nama }).from(karyawan).where(eq(karyawan.nrp, SPG_NRP));
    const byName = await json<{ result: ActivityRow[] }>(
      `/api/dashboard/activity?date=${day}&lokasi_id=JKT&q=${encodeURIComponent(spgRow!.nama.toUpperCase())}`,
    );
    expect(byName.result.map((r) => r.nrp)).toContain(SPG_NRP);
    const { result } = await json<{ result: ActivityRow[] }>(`/api/dashboard/activity?date=${day}&lokasi_id=JKT`, jkt);
    expect(result.length).toBeGreaterThan(0);
  });
});

describe('GET /api/dashboard/map/last-position', () => {
  /** The map's answer read back as markers (the screen's own reading, mapMarkerOf). */
  const markers = async (query: string, token = admin): Promise<MapMarker[]> => {
    const answer = await json<DashboardMapAnswer>(`/api/dashboard/map/last-position?date=${day}${query}`, token);
    return answer.result.map((p) => mapMarkerOf(p, answer.stores));
  };

  it("gives one position per employee, the SPG's at her check-in, and only the scope's employees", async () => {
    const all = await markers('');
    const mine = all.find((p) => p.nrp === SPG_NRP);
    expect(mine).toMatchObject({ jam: '08:05:00', time_zone: 'Asia/Jakarta', side: 'in', source: 'kunjungan' });
    expect(mine!.store).toMatchObject({ cust_code: shop.cust_code, cust_name: shop.cust_name });
    expect(mine!.lat).toBeCloseTo(shop.lat + 0.0001, 5);
    expect(mine!.long).toBeCloseTo(shop.long, 5);
    expect(new Set(all.map((p) => p.nrp)).size).toBe(all.length);

    const scoped = await markers('', jkt);
    expect(scoped.map((p) => p.nrp)).toContain(SPG_NRP);
    const elsewhere = await markers('', other);
    expect(elsewhere.map((p) => p.nrp)).not.toContain(SPG_NRP);
    const lokasiOf = new Map(
      (await db().select({ nrp: karyawan.nrp, l: karyawan.kode_lokasi }).from(karyawan)).map((r) => [r.nrp, r.l]),
    );
    expect(scoped.every((p) => lokasiOf.get(p.nrp) === 'JKT')).toBe(true);
    expect(elsewhere.every((p) => lokasiOf.get(p.nrp) === otherLokasi)).toBe(true);
    // A scope this small is listed first and read by NRP (issue 42); the whole company picks the day's last
    // events first. Both give the same markers.
    expect([...lokasiOf.values()].filter((l) => l === 'JKT').length).toBeLessThanOrEqual(MAP_LISTED_FIRST_MAX);
    expect(scoped).toEqual(all.filter((p) => lokasiOf.get(p.nrp) === 'JKT'));
    expect(await markers('&lokasi_id=JKT')).toEqual(scoped);
  });

  it('is compact: each store once, and the marker says what the full row of the activity list says', async () => {
    const answer = await json<DashboardMapAnswer>(`/api/dashboard/map/last-position?date=${day}`);
    const codes = answer.stores.map((s) => s[0]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(answer.result.every((p) => p[7] === null || answer.stores[p[7]] !== undefined)).toBe(true);
    const activity = await json<{ result: ActivityRow[] }>(
      `/api/dashboard/activity?date=${day}&lokasi_id=JKT&q=${SPG_NRP}`,
    );
    const row = activity.result[0]!.lastPosition!;
    const mine = (await markers('')).find((p) => p.nrp === SPG_NRP)!;
    expect(mine).toMatchObject({ nrp: row.nrp, nama: row.nama, jam: row.jam, side: row.side, source: row.source });
    expect(mine.at.getTime()).toBe(Date.parse(row.at));
    expect(mine.store).toEqual({ cust_code: row.cust_code, cust_name: row.cust_name, cust_address: row.cust_address });

    // ?nrp=: her marker alone; someone outside the caller's scope is not found in it.
    const one = await markers(`&nrp=${SPG_NRP}`);
    expect(one).toEqual([mine]);
    expect(await markers(`&nrp=${SPG_NRP}`, other)).toEqual([]);
  });

  it('a check-out later than the check-in becomes the last position', async () => {
    await db()
      .update(kunjunganDetail)
      .set({ out_jam: '09:40:00', out_lat: shop.lat - 0.0002, out_long: shop.long + 0.0001 })
      .where(eq(kunjunganDetail.id, lineIds[0]!));
    try {
      const mine = (await markers('&lokasi_id=JKT')).find((p) => p.nrp === SPG_NRP);
      expect(mine).toMatchObject({ side: 'out', jam: '09:40:00' });
      expect(mine!.lat).toBeCloseTo(shop.lat - 0.0002, 5);
    } finally {
      await db()
        .update(kunjunganDetail)
        .set({ out_jam: null, out_lat: null, out_long: null })
        .where(eq(kunjunganDetail.id, lineIds[0]!));
    }
  });
});

describe('GET /api/dashboard/kontrak-alert', () => {
  it('counts the active contracts per location and category as the domain rule sorts them', async () => {
    const answer = await json<KontrakAlertAnswer>(`/api/dashboard/kontrak-alert?date=${day}`);
    expect(answer.columns.map((c) => c.id)).toEqual([...ALERT_IDS]);
    const staff = await db()
      .select({ lokasi: karyawan.kode_lokasi, selesai: karyawan.selesai_kontrak })
      .from(karyawan)
      .where(isNull(karyawan.alasan_p3));
    const expected = new Map<string, Record<string, number>>();
    for (const s of staff) {
      const cat = alertCategory(s.selesai, day);
      if (!cat) continue;
      const counts = expected.get(s.lokasi) ?? { expired: 0, within30: 0, within60: 0, within90: 0 };
      counts[cat] = (counts[cat] ?? 0) + 1;
      expected.set(s.lokasi, counts);
    }
    expect(answer.result.map((r) => r.id).sort()).toEqual([...expected.keys()].sort());
    for (const row of answer.result) {
      const e = expected.get(row.id)!;
      expect({ expired: row.expired, within30: row.within30, within60: row.within60, within90: row.within90 }).toEqual(
        e,
      );
      expect(row.total).toBe(e.expired! + e.within30! + e.within60! + e.within90!);
    }
    // The seed holds every category.
    for (const id of ALERT_IDS)
      expect(
        answer.result.reduce((s, r) => s + r[id], 0),
        id,
      ).toBeGreaterThan(0);

    const scoped = await json<KontrakAlertAnswer>(`/api/dashboard/kontrak-alert?date=${day}`, jkt);
    expect(scoped.result.map((r) => r.id)).toEqual(['JKT']);
  });

  it('lists the employees behind a count, and exports them', async () => {
    const summary = await json<KontrakAlertAnswer>(`/api/dashboard/kontrak-alert?date=${day}`);
    const jktRow = summary.result.find((r) => r.id === 'JKT')!;
    for (const alert of ALERT_IDS) {
      const detail = await json<KontrakAlertDetailAnswer>(
        `/api/dashboard/kontrak-alert/detail?date=${day}&lokasi_id=JKT&alert_id=${alert}`,
        jkt,
      );
      expect(detail.result.length, alert).toBe(jktRow[alert]);
      for (const r of detail.result) expect(alertCategory(r.selesai_kontrak, day)).toBe(alert);
    }
    const detail = await json<KontrakAlertDetailAnswer>(
      `/api/dashboard/kontrak-alert/detail?date=${day}&lokasi_id=JKT&alert_id=within30`,
    );
    expect(detail.columns.map((c) => c.id)).toEqual([
      'nrp',
      'nama',
      'no_kontrak',
      'per_kontrak',
      'lama_kontrak',
      'mulai_kontrak',
      'selesai_kontrak',
    ]);
    const res = await get(`/api/dashboard/kontrak-alert/detail/excel?date=${day}&lokasi_id=JKT&alert_id=within30`, jkt);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`kontrak_JKT_within30_${day}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const nrps: string[] = [];
    wb.worksheets[0]!.eachRow((row, i) => {
      if (i > 1) nrps.push(String(row.getCell(1).value));
    });
    expect(nrps).toEqual(detail.result.map((r) => r.nrp));
  });
});

describe('GET /api/dashboard/activity/detail/export', () => {
  it("streams every planned visit of the day in the user's scope", async () => {
    const res = await get(`/api/dashboard/activity/detail/export?date=${day}`, jkt);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`aktifitas_${day}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [header, ...data] = rows;
    expect(header!.slice(0, 4)).toEqual(['Tanggal', 'Lokasi', 'NRP', 'Nama']);
    const lines = await db()
      .select({ id: kunjunganDetail.id })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
      .where(and(eq(kunjunganDetail.tgl_dcp, day), eq(karyawan.kode_lokasi, 'JKT'), isNull(karyawan.alasan_p3)));
    expect(data.length).toBe(lines.length);
    expect(data.every((r) => String(r[1]).startsWith('JKT - '))).toBe(true);
    const spgRows = data.filter((r) => r[2] === SPG_NRP);
    expect(spgRows.map((r) => r[11])).toEqual(['Check-in', 'Belum']);
    // Her checked-in visit, cell by cell: texts as texts, the position as numbers, no check-out.
    const [first] = spgRows;
    expect(first!.slice(0, 12)).toEqual([
      day,
      expect.stringMatching(/^JKT - /),
      SPG_NRP,
      expect.any(String),
      expect.any(String),
      expect.any(String),
      shop.cust_code,
      shop.cust_name,
      '08:05:00',
      undefined,
      'WIB',
      'Check-in',
    ]);
    expect(first![12]).toBeCloseTo(shop.lat + 0.0001, 6);
    expect(first![13]).toBeCloseTo(shop.long, 6);
    // As the other exports: a bold, frozen header and the codes kept as text.
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('C2').numFmt).toBe('@');

    const elsewhere = await get(`/api/dashboard/activity/detail/export?date=${day}`, other);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load((await elsewhere.arrayBuffer()) as ArrayBuffer);
    const nrps: string[] = [];
    wb2.worksheets[0]!.eachRow((row, i) => {
      if (i > 1) nrps.push(String(row.getCell(3).value));
    });
    expect(nrps).not.toContain(SPG_NRP);
  });
});

describe('GET /api/dashboard/attention', () => {
  it('lists a check-in outside the radius, linked to its plan, within the scope only', async () => {
    const { result } = await json<AttentionAnswer>(`/api/dashboard/attention?date=${day}`);
    const [plan] = await db().select().from(kunjungan).where(eq(kunjungan.nrp, SPG_NRP)).limit(1);
    expect(result.rows).toContainEqual(
      expect.objectContaining({
        kind: 'outside_radius',
        nrp: SPG_NRP,
        no_dcp: plan!.no_dcp,
        lokasi_id: 'JKT',
        tanggal: day,
      }),
    );
    expect(result.counts.outside_radius).toBeGreaterThanOrEqual(1);
    const scoped = await json<AttentionAnswer>(`/api/dashboard/attention?date=${day}`, other);
    expect(scoped.result.rows.every((r) => r.lokasi_id === otherLokasi)).toBe(true);
    expect(scoped.result.rows.map((r) => r.nrp)).not.toContain(SPG_NRP);
  });

  it('counts a past day with no check-in at all as not started and open check-ins as missing check-outs', async () => {
    const [plan] = await db().select().from(kunjungan).where(eq(kunjungan.nrp, SPG_NRP)).limit(1);
    const yesterday = dateIn('Asia/Jakarta', new Date(Date.now() - 86_400_000));
    await db()
      .delete(kunjunganDetail)
      .where(and(eq(kunjunganDetail.no_dcp, plan!.no_dcp), eq(kunjunganDetail.tgl_dcp, yesterday)));
    await db()
      .insert(kunjunganDetail)
      .values({ no_dcp: plan!.no_dcp, tgl_dcp: yesterday, shift_id: plan!.shift_id, cust_code: shop.cust_code });
    const first = await json<AttentionAnswer>(`/api/dashboard/attention?date=${yesterday}&lokasi_id=JKT`);
    expect(first.result.rows).toContainEqual(expect.objectContaining({ kind: 'not_started', nrp: SPG_NRP }));
    await db()
      .update(kunjunganDetail)
      .set({ in_jam: '08:00:00', in_lat: shop.lat, in_long: shop.long })
      .where(and(eq(kunjunganDetail.no_dcp, plan!.no_dcp), eq(kunjunganDetail.tgl_dcp, yesterday)));
    const then = await json<AttentionAnswer>(`/api/dashboard/attention?date=${yesterday}&lokasi_id=JKT`);
    expect(then.result.rows).not.toContainEqual(expect.objectContaining({ kind: 'not_started', nrp: SPG_NRP }));
    expect(then.result.rows).toContainEqual(expect.objectContaining({ kind: 'missing_checkout', nrp: SPG_NRP }));
  });
});
