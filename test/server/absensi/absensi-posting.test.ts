/**
 * Attendance posting (spec part 2 §2.7, §3 "Attendance summary", §7): GET /api/absensi/period/{id},
 * POST /api/absensi/posting and the after-posting list: shapes, 401/403, scope, a disabled period,
 * posting twice, the frozen summary, and field records flagged after posting.
 */
import dayjs from 'dayjs';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { AbsensiPeriodSummaryAnswer, AfterPostingRow } from '../../../src/domain/absensi/absensi-summary';
import type { ReportDailyAnswer, ReportDetailRow, ReportSummaryRow } from '../../../src/domain/report/report-absensi';
import { absensiPostingSummary, absensi } from '../../../server/db/schema/absensi';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { period } from '../../../server/db/schema/master';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let hr: string;
let spg: string;
/** Last month: a whole period of seeded attendance, posting enabled by the seed. */
const PERIOD = dayjs().subtract(1, 'month').format('YYYYMM');
/** Two months back: posting disabled by the seed. */
const CLOSED = dayjs().subtract(2, 'month').format('YYYYMM');

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, hr, spg] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('hr'), ctx.tokenFor('spg')]);
});
afterAll(() => ctx.close());

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const summaryOf = (id: string, token = hr, q = '&per_page=1000') =>
  ctx.request('GET', `/api/absensi/period/${id}?page=1${q}`, { token });
const post = (body: unknown, token = hr) => ctx.request('POST', '/api/absensi/posting', { token, body });

let scopedToken = '';
let scopedLokasi = '';

const SPG = '26000002';
const STATUS_KEY: Record<string, keyof ReportSummaryRow> = {
  S: 'count_sakit',
  C: 'count_cuti',
  I: 'count_izin',
  A: 'count_alpa',
  OFF: 'count_off',
};
const COUNTED = [
  'count_attend',
  'count_late',
  'count_early',
  'count_sakit',
  'count_cuti',
  'count_izin',
  'count_alpa',
  'count_off',
  'worked_minutes',
] as const;
const PAYROLL = ['count_attend', 'count_gapok', 'count_tun_makan', 'count_tun_bensin', 'count_uang_shift'] as const;

async function xlsxRows(res: Response): Promise<unknown[][]> {
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('one month, one count (issue 26)', () => {
  it('the three reports, their exports and the posting preview agree per employee and in total', async () => {
    const db = ctx.database.db;
    const [p] = await db.select().from(period).where(eq(period.id, PERIOD));
    const d = (i: number) => dayjs(p!.mulai).add(i, 'day').format('YYYY-MM-DD');
    // The SPG's month, built day by day: every case a count has (shift PAGI 08:00–16:00, 5 minutes either way).
    await db
      .delete(absensi)
      .where(and(eq(absensi.nrp, SPG), gte(absensi.tanggal, p!.mulai), lte(absensi.tanggal, p!.akhir)));
    const own = (i: number, masuk: string, keluar: string | null) => ({
      nrp: SPG,
      tanggal: d(i),
      tahun: Number(d(i).slice(0, 4)),
      bulan: Number(d(i).slice(5, 7)),
      shift_id: 'PAGI',
      sts_abs_id: 'H',
      jam_masuk: masuk,
      jam_keluar: keluar,
      sumber: 'S',
      field_shift_id: 'PAGI',
      field_jam_masuk: masuk,
      field_jam_keluar: keluar,
    });
    const keyed = (i: number, sts: string) => ({
      nrp: SPG,
      tanggal: d(i),
      tahun: Number(d(i).slice(0, 4)),
      bulan: Number(d(i).slice(5, 7)),
      shift_id: 'PAGI',
      sts_abs_id: sts,
      sumber: 'M',
    });
    await db.insert(absensi).values([
      own(0, '07:50:00', '16:10:00'), // on time
      own(1, '08:20:00', '16:05:00'), // late
      own(2, '07:55:00', '15:30:00'), // early leave
      own(3, '08:04:30', '15:57:00'), // within both tolerances
      own(4, '07:58:00', null), // forgot to check out
      keyed(5, 'S'),
      keyed(6, 'C'),
      keyed(7, 'A'),
      keyed(8, 'OFF'),
      own(11, '07:59:00', '16:00:00'), // checked in on a day the leave below covers: stays Hadir
    ]);
    // Izin over days 9–11, filed on day 9 and approved by her team leader and the admin then (the server's
    // clock moved back: a leave starts no earlier than two days ago): the leave writes days 9 and 10.
    ctx.clock.offsetMs = dayjs(`${d(9)}T09:00:00+07:00`).valueOf() - Date.now();
    try {
      const [spgThen, tlThen, adminThen] = [
        await ctx.tokenFor('spg'),
        await ctx.tokenFor('tl'),
        await ctx.tokenFor('admin'),
      ];
      const f = new FormData();
      for (const [k, v] of Object.entries({ tanggal: d(9), jenis_leave: 3, start_date: d(9), end_date: d(11) }))
        f.append(k, String(v));
      const filed = await json<{
        result: { leave_id: number; approval: { approval_id: number; approval_role: string }[] };
      }>(await ctx.request('POST', '/api/leave', { token: spgThen, body: f }), 201);
      for (const [role, token] of [
        ['TL', tlThen],
        ['ADMIN', adminThen],
      ] as const) {
        const step = filed.result.approval.find((s) => s.approval_role === role)!;
        await json(
          await ctx.request('POST', '/api/leave/approved/status', {
            token,
            body: { id: step.approval_id, status: 'A' },
          }),
        );
      }
    } finally {
      ctx.clock.offsetMs = 0;
    }

    const all = async <T>(path: string) => {
      const out: T[] = [];
      for (let page = 1; ; page++) {
        const body = await json<{ result: T[]; totalCount: number }>(
          await ctx.request('GET', `${path}${path.includes('?') ? '&' : '?'}per_page=1000&page=${page}`, { token: hr }),
        );
        out.push(...body.result);
        if (out.length >= body.totalCount || !body.result.length) return out;
      }
    };
    const detail = await all<ReportDetailRow>(`/api/report/absensi-detail?period=${PERIOD}`);
    const rekap = await all<ReportSummaryRow>(`/api/report/absensi-summary?period=${PERIOD}`);
    const harian = await json<ReportDailyAnswer>(
      await ctx.request('GET', `/api/report/absensi-summary-daily?period=${PERIOD}&per_page=1000`, { token: hr }),
    );
    const preview = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD));

    // Her month, counted as a person would.
    const mine = rekap.find((r) => r.nrp === SPG)!;
    expect(mine).toMatchObject({
      count_attend: 6,
      count_late: 1,
      count_early: 1,
      count_sakit: 1,
      count_cuti: 1,
      count_izin: 2,
      count_alpa: 1,
      count_off: 1,
      worked_minutes: 500 + 465 + 455 + 472 + 481,
      count_gapok: 8,
      count_tun_makan: 6,
      count_tun_bensin: 6,
      count_uang_shift: 0,
    });
    const leaveDays = detail.filter((r) => r.nrp === SPG && r.sumber === 'L').map((r) => [r.tanggal, r.status.id]);
    expect(leaveDays).toEqual([
      [d(9), 'I'],
      [d(10), 'I'],
    ]);

    // Every employee: Laporan Absensi's days add up to Rekap Absensi's row, Rekap Harian's and the posting's.
    expect(harian.totalCount).toBe(rekap.length);
    // The posting covers the period's company (periods are per company); the reports every employee.
    expect(preview.totalCount).toBeGreaterThan(0);
    expect(preview.result.every((x) => rekap.some((r) => r.nrp === x.nrp))).toBe(true);
    const totals = { detail: {} as Record<string, number>, rekap: {} as Record<string, number> };
    for (const r of rekap) {
      const days = detail.filter((x) => x.nrp === r.nrp);
      const fromDays = {
        count_attend: days.filter((x) => x.status.id === 'H' || x.status.id === 'DL').length,
        count_late: days.filter((x) => x.terlambat).length,
        count_early: days.filter((x) => x.pulang_cepat).length,
        count_sakit: 0,
        count_cuti: 0,
        count_izin: 0,
        count_alpa: 0,
        count_off: 0,
        worked_minutes: days.reduce((n, x) => n + x.jam_kerja_menit, 0),
      };
      for (const x of days) {
        const k = STATUS_KEY[x.status.id];
        if (k) (fromDays as Record<string, number>)[k]! += 1;
      }
      expect({ nrp: r.nrp, ...fromDays }).toEqual({ nrp: r.nrp, ...Object.fromEntries(COUNTED.map((k) => [k, r[k]])) });
      const h = harian.result.find((x) => x.nrp === r.nrp)!;
      expect(h).toMatchObject(Object.fromEntries(COUNTED.filter((k) => k in h).map((k) => [k, r[k]])));
      for (const [code, k] of Object.entries(STATUS_KEY)) expect(h.days.filter((x) => x === code).length).toBe(r[k]);
      const pv = preview.result.find((x) => x.nrp === r.nrp);
      if (pv)
        expect(Object.fromEntries(PAYROLL.map((k) => [k, pv[k]]))).toEqual(
          Object.fromEntries(PAYROLL.map((k) => [k, r[k]])),
        );
      for (const k of COUNTED) {
        totals.detail[k] = (totals.detail[k] ?? 0) + fromDays[k];
        totals.rekap[k] = (totals.rekap[k] ?? 0) + r[k];
      }
    }
    expect(totals.detail).toEqual(totals.rekap);
    // The seeded month has every kind of day, not only the one built here.
    for (const k of COUNTED) expect(totals.rekap[k]).toBeGreaterThan(0);

    // The exports write the same numbers, in the words the screens show.
    const sheet = await xlsxRows(
      await ctx.request('GET', `/api/report/absensi-summary/export?period=${PERIOD}`, { token: hr }),
    );
    const head = sheet[0]!;
    const row = sheet.find((x) => x[0] === SPG)!;
    for (const [label, k] of [
      ['Hadir', 'count_attend'],
      ['Terlambat', 'count_late'],
      ['Pulang Cepat', 'count_early'],
      ['Sakit', 'count_sakit'],
      ['Cuti', 'count_cuti'],
      ['Izin', 'count_izin'],
      ['Alpa', 'count_alpa'],
      ['OFF', 'count_off'],
    ] as const)
      expect([label, row[head.indexOf(label)]]).toEqual([label, mine[k]]);
    const details = await xlsxRows(
      await ctx.request('GET', `/api/report/absensi-detail/export?period=${PERIOD}&karyawan=${SPG}`, { token: hr }),
    );
    const col = (name: string) => details[0]!.indexOf(name);
    const sumber = new Set(details.slice(1).map((x) => x[col('Sumber')]));
    expect([...sumber].sort()).toEqual(['Aplikasi', 'Manual', 'Pengajuan']);
    expect(details.slice(1).map((x) => x[col('Status')])).toContain('Izin');
    expect(details.slice(1).filter((x) => x[col('Terlambat')] === 'Ya')).toHaveLength(1);
  });
});

describe('the summary before posting', () => {
  it('answers 401 without a token and 403 without absensi.posting', async () => {
    expect((await ctx.request('GET', `/api/absensi/period/${PERIOD}`)).status).toBe(401);
    expect((await summaryOf(PERIOD, spg)).status).toBe(403);
    expect((await post({ period_id: PERIOD }, spg)).status).toBe(403);
    expect((await ctx.request('POST', '/api/absensi/posting', { body: { period_id: PERIOD } })).status).toBe(401);
    expect((await summaryOf('199901')).status).toBe(404);
    expect((await summaryOf('2026-1')).status).toBe(400);
  });

  it('lists every employee of the period with the payroll counts of the reports, page size 30', async () => {
    const s = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD));
    expect(s.posting).toBeNull();
    expect(s.period.id).toBe(PERIOD);
    expect(s.period.status).toBe(true);
    expect(s.totalCount).toBeGreaterThan(0);
    const report = await json<{ result: ReportSummaryRow[] }>(
      await ctx.request('GET', `/api/report/absensi-summary?period=${PERIOD}&per_page=1000`, { token: hr }),
    );
    for (const row of s.result) {
      expect(row.period_id).toBe(PERIOD);
      expect(row.period.jum_hk).toBe(s.period.jum_hk);
      const r = report.result.find((x) => x.nrp === row.nrp)!;
      expect(row.karyawan.nama).toBe(r.nama);
      expect(row).toMatchObject({
        count_attend: r.count_attend,
        count_gapok: r.count_gapok,
        count_tun_makan: r.count_tun_makan,
        count_tun_bensin: r.count_tun_bensin,
        count_uang_shift: r.count_uang_shift,
      });
      expect(row.count_gapok).toBeLessThanOrEqual(row.period.jum_hk);
      expect(row.count_tun_makan).toBeLessThanOrEqual(row.count_attend);
    }
    expect(s.result.some((r) => r.count_attend > 0)).toBe(true);
    const page = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD, hr, ''));
    expect(page.result.length).toBe(Math.min(30, s.totalCount));
  });

  it('lists only the employees of a limited user’s scope, and refuses her the posting', async () => {
    const s = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD));
    const [first] = await ctx.database.db
      .select({ lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(eq(karyawan.nrp, s.result[0]!.nrp));
    scopedLokasi = first!.lokasi;
    const res = await ctx.request('POST', '/api/users', {
      token: admin,
      body: {
        userid: 'PST001',
        username: 'posting1',
        nama: 'HR Cabang',
        password: 'Kuat#Sekali2026',
        role: 'HR',
        trustee: { lokasi: [scopedLokasi] },
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    scopedToken = await ctx.tokenFor('posting1', 'Kuat#Sekali2026');
    const mine = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD, scopedToken));
    const inLokasi = await ctx.database.db
      .select({ nrp: karyawan.nrp })
      .from(karyawan)
      .where(eq(karyawan.kode_lokasi, scopedLokasi));
    const allowed = new Set(inLokasi.map((r) => r.nrp));
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(mine.totalCount).toBeLessThan(s.totalCount);
    expect(mine.result.every((r) => allowed.has(r.nrp))).toBe(true);
    const refused = await json<{ message: string }>(await post({ period_id: PERIOD }, scopedToken), 403);
    expect(refused.message).toContain('tanpa batasan cakupan');
  });
});

describe('posting', () => {
  it('refuses a missing period and a period whose posting is disabled', async () => {
    expect((await json<{ message: string }>(await post({}), 400)).message).toBe('Mohon pilih Period');
    expect((await post({ period_id: '199901' })).status).toBe(404);
    const [closed] = await ctx.database.db.select().from(period).where(eq(period.id, CLOSED));
    expect(closed!.status).toBe(false);
    const refused = await json<{ message: string }>(await post({ period_id: CLOSED }), 422);
    expect(refused.message).toContain('belum diaktifkan');
    const [after] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(absensiPostingSummary)
      .where(eq(absensiPostingSummary.period_id, CLOSED));
    expect(after!.n).toBe(0);
  });

  it('posts the whole period once, freezes its summary, and refuses a second posting with 409', async () => {
    const before = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD));
    const done = await json<{ message: string; result: { employee_count: number; posted_by: string } }>(
      await post({ period_id: PERIOD }),
    );
    expect(done.message).toContain(PERIOD);
    expect(done.result.employee_count).toBe(before.totalCount);
    expect(done.result.posted_by).toBe('U00002');
    // Who posted, by name (the screen says "oleh Staf HR", not a userid).
    expect((done.result as { posted_by_nama?: string }).posted_by_nama).toBe('Staf HR');
    const frozen = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD));
    expect(frozen.posting).toMatchObject({ posted_by: 'U00002', posted_by_nama: 'Staf HR' });
    expect(frozen.period.berakhir).toBe(true);

    const again = await json<{ message: string }>(await post({ period_id: PERIOD }), 409);
    expect(again.message).toBe(`Periode ${PERIOD} sudah diposting sebelumnya`);

    // Frozen: a change to the days after posting does not move the posted counts.
    const nrp = before.result.find((r) => r.count_attend > 0)!.nrp;
    const [p] = await ctx.database.db.select().from(period).where(eq(period.id, PERIOD));
    await ctx.database.db
      .update(absensi)
      .set({ sts_abs_id: 'A', jam_masuk: null, jam_keluar: null })
      .where(and(eq(absensi.nrp, nrp), gte(absensi.tanggal, p!.mulai), lte(absensi.tanggal, p!.akhir)));
    const after = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD));
    expect(after.posting).not.toBeNull();
    expect(after.posting!.employee_count).toBe(before.totalCount);
    expect(after.result).toEqual(before.result);

    // The scoped user sees the frozen summary of her scope only.
    const mine = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(PERIOD, scopedToken));
    expect(mine.posting).not.toBeNull();
    expect(mine.totalCount).toBeLessThan(after.totalCount);
  });

  it('lists the field records that arrived after the posting, within scope', async () => {
    const db = ctx.database.db;
    const [p] = await db.select().from(period).where(eq(period.id, PERIOD));
    // What the check-in endpoints do with a late arrival (server/lib/posting-lock.ts): keep and flag it.
    const [day] = await db
      .select({ id: absensi.id, nrp: absensi.nrp })
      .from(absensi)
      .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
      .where(
        and(
          eq(karyawan.kode_lokasi, scopedLokasi),
          gte(absensi.tanggal, p!.mulai),
          lte(absensi.tanggal, p!.akhir),
          eq(absensi.sts_abs_id, 'H'),
        ),
      )
      .limit(1);
    await db
      .update(absensi)
      .set({ flags: sql`${absensi.flags} || '["after_posting"]'::jsonb`, masuk_received_at: new Date() })
      .where(eq(absensi.id, day!.id));
    const [visit] = await db
      .select({ id: kunjunganDetail.id })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
      .where(and(gte(kunjunganDetail.tgl_dcp, p!.mulai), lte(kunjunganDetail.tgl_dcp, p!.akhir)))
      .limit(1);
    if (visit)
      await db
        .update(kunjunganDetail)
        .set({ flags: sql`${kunjunganDetail.flags} || '["after_posting"]'::jsonb` })
        .where(eq(kunjunganDetail.id, visit.id));

    const list = await json<{ result: AfterPostingRow[]; totalCount: number }>(
      await ctx.request('GET', `/api/absensi/period/${PERIOD}/after-posting`, { token: hr }),
    );
    expect(list.result.some((r) => r.jenis === 'absensi' && r.id === day!.id && r.nrp === day!.nrp)).toBe(true);
    if (visit) expect(list.result.some((r) => r.jenis === 'kunjungan' && r.id === visit.id && r.cust_code)).toBe(true);
    expect(list.totalCount).toBe(visit ? 2 : 1);
    expect(list.result.every((r) => ['WIB', 'WITA', 'WIT'].includes(r.zona))).toBe(true);

    const mine = await json<{ result: AfterPostingRow[] }>(
      await ctx.request('GET', `/api/absensi/period/${PERIOD}/after-posting`, { token: scopedToken }),
    );
    const inLokasi = new Set(
      (await db.select({ nrp: karyawan.nrp }).from(karyawan).where(eq(karyawan.kode_lokasi, scopedLokasi))).map(
        (r) => r.nrp,
      ),
    );
    expect(mine.result.some((r) => r.id === day!.id)).toBe(true);
    expect(mine.result.every((r) => inLokasi.has(r.nrp))).toBe(true);
    expect((await ctx.request('GET', `/api/absensi/period/${PERIOD}/after-posting`, { token: spg })).status).toBe(403);
  });

  it('asks before posting a period that has not ended, and posts it once confirmed', async () => {
    const current = dayjs().format('YYYYMM');
    const open = await json<AbsensiPeriodSummaryAnswer>(await summaryOf(current));
    expect(open.period.status).toBe(true);
    expect(open.period.berakhir).toBe(false);
    const asked = await post({ period_id: current });
    const body = await json<{ message: string; error: { code: string } }>(asked, 409);
    expect(body.error.code).toBe('period_not_ended');
    expect(body.message).toContain(`Periode ${current} belum berakhir`);
    expect((await json<AbsensiPeriodSummaryAnswer>(await summaryOf(current))).posting).toBeNull();
    expect((await post({ period_id: current, belum_berakhir: 'ya' })).status).toBe(400);
    const done = await json<{ result: { posted_by_nama: string } }>(
      await post({ period_id: current, belum_berakhir: true }),
    );
    expect(done.result.posted_by_nama).toBe('Staf HR');
  });
});
