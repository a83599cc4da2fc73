/**
 * The three attendance reports and their .xlsx exports (spec part 2 §2.8, §3 "Report filter", §5
 * "Mohon pilih Period", §7 "Reports"): shapes, 401/403, the trustee scope, the counting rules, an
 * employee cut at her resignation, and the exports read back with ExcelJS.
 */
import dayjs from 'dayjs';
import { and, eq, gte, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDay, countDays, type CountDay } from '../../../src/domain/absensi/day-count';
import {
  REPORT_DETAIL_COUNT_CAP,
  REPORT_MESSAGES,
  type ReportDailyAnswer,
  type ReportDetailRow,
  type ReportSummaryRow,
} from '../../../src/domain/report/report-absensi';
import { karyawan } from '../../../server/db/schema/karyawan';
import { absensi } from '../../../server/db/schema/absensi';
import { period, shift } from '../../../server/db/schema/master';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let hr: string;
let spg: string;
/** Last month: a whole period of seeded attendance. */
const PERIOD = dayjs().subtract(1, 'month').format('YYYYMM');
let mulai = '';
let akhir = '';

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, hr, spg] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('hr'), ctx.tokenFor('spg')]);
  const [p] = await ctx.database.db.select().from(period).where(eq(period.id, PERIOD));
  mulai = p!.mulai;
  akhir = p!.akhir;
});
afterAll(() => ctx.close());

const get = (path: string, token = hr) => ctx.request('GET', path, { token });
async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}
const detail = async (q: string, token = hr) =>
  json<{ result: ReportDetailRow[]; totalCount: number; totalCapped: boolean }>(
    await get(`/api/report/absensi-detail?period=${PERIOD}&per_page=1000${q}`, token),
  );
const summary = async (q: string, token = hr) =>
  json<{ result: ReportSummaryRow[]; totalCount: number }>(
    await get(`/api/report/absensi-summary?period=${PERIOD}&per_page=1000${q}`, token),
  );
const daily = async (q: string, token = hr) =>
  json<ReportDailyAnswer>(await get(`/api/report/absensi-summary-daily?period=${PERIOD}&per_page=1000${q}`, token));

async function readXlsx(res: Response): Promise<unknown[][]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const REPORTS = ['absensi-detail', 'absensi-summary', 'absensi-summary-daily'] as const;

describe('access and the mandatory period', () => {
  it('answers 401 without a token and 403 without laporan.read', async () => {
    for (const r of REPORTS) {
      expect((await ctx.request('GET', `/api/report/${r}?period=${PERIOD}`)).status).toBe(401);
      expect((await get(`/api/report/${r}?period=${PERIOD}`, spg)).status).toBe(403);
      expect((await get(`/api/report/${r}/export?period=${PERIOD}`, spg)).status).toBe(403);
    }
  });

  it('refuses a report or an export without a period: "Mohon pilih Period"', async () => {
    for (const r of REPORTS) {
      for (const path of [`/api/report/${r}`, `/api/report/${r}/export`, `/api/report/${r}?period=`]) {
        const body = await json<{ message: string }>(await get(path), 400);
        expect(body.message).toBe('Mohon pilih Period');
      }
    }
    expect((await get('/api/report/absensi-summary?period=199901')).status).toBe(404);
    expect((await get('/api/report/absensi-summary?period=2026-1')).status).toBe(400);
  });
});

describe('Laporan Absensi (detail)', () => {
  it('lists the period’s days with the shift rules applied, in NRP then day order', async () => {
    const { result, totalCount } = await detail('');
    const rows = await ctx.database.db
      .select({ n: absensi.id })
      .from(absensi)
      .where(and(gte(absensi.tanggal, mulai), lte(absensi.tanggal, akhir)));
    expect(totalCount).toBe(rows.length);
    expect(rows.length).toBeLessThan(REPORT_DETAIL_COUNT_CAP);
    expect(result.length).toBe(Math.min(1000, totalCount));
    expect(result.every((r) => r.tanggal >= mulai && r.tanggal <= akhir)).toBe(true);
    const keys = result.map((r) => `${r.nrp}|${r.tanggal}`);
    expect([...keys].sort()).toEqual(keys);
    for (const r of result) {
      const day: CountDay = {
        sts_abs_id: r.status.id,
        jam_masuk: r.jam_masuk,
        jam_keluar: r.jam_keluar,
        shift: r.shift,
      };
      const c = countDay(day);
      expect(r.terlambat).toBe(c.count_late === 1);
      expect(r.pulang_cepat).toBe(c.count_early === 1);
      expect(r.jam_kerja_menit).toBe(c.worked_minutes);
      expect(['WIB', 'WITA', 'WIT']).toContain(r.zona);
    }
    // The seed has late check-ins and check-ins within the 5-minute tolerance: the rule is exercised, not
    // vacuous, and not everybody is late.
    const present = result.filter((r) => r.status.id === 'H' && r.jam_masuk);
    const late = present.filter((r) => r.terlambat);
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(present.length / 3);
    expect(present.some((r) => !r.terlambat && r.shift && r.jam_masuk! > r.shift.jam_mulai)).toBe(true);
    expect(present.some((r) => r.jam_keluar === null)).toBe(true);
  });

  it('pages by 30 and filters by location and employee', async () => {
    const page = await json<{ result: ReportDetailRow[]; totalCount: number }>(
      await get(`/api/report/absensi-detail?period=${PERIOD}`),
    );
    expect(page.result.length).toBe(Math.min(30, page.totalCount));
    const one = page.result[0]!;
    const mine = await detail(`&karyawan=${one.nrp}`);
    expect(mine.result.length).toBeGreaterThan(0);
    expect(mine.result.every((r) => r.nrp === one.nrp)).toBe(true);
    const byLokasi = await detail(`&lokasi=${one.lokasi.id}`);
    expect(byLokasi.result.every((r) => r.lokasi.id === one.lokasi.id)).toBe(true);
    expect(byLokasi.totalCapped).toBe(false);
  });

  it('counts up to the cap and pages no further than it (Download has every row)', async () => {
    const lastPage = REPORT_DETAIL_COUNT_CAP / 100;
    expect((await get(`/api/report/absensi-detail?period=${PERIOD}&per_page=100&page=${lastPage}`)).status).toBe(200);
    const beyond = await json<{ message: string }>(
      await get(`/api/report/absensi-detail?period=${PERIOD}&per_page=100&page=${lastPage + 1}`),
      400,
    );
    expect(beyond.message).toBe(REPORT_MESSAGES.beyondCap);
  });
});

describe('Rekap Absensi and Rekap Absensi Harian', () => {
  it('counts each employee by the domain rules; the daily row holds each day’s status', async () => {
    const s = await summary('');
    const d = await daily('');
    expect(s.totalCount).toBeGreaterThan(0);
    expect(d.dates[0]).toBe(mulai);
    expect(d.dates.at(-1)).toBe(akhir);
    const db = ctx.database.db;
    for (const row of s.result.slice(0, 8)) {
      const days = await db
        .select({
          sts_abs_id: absensi.sts_abs_id,
          jam_masuk: absensi.jam_masuk,
          jam_keluar: absensi.jam_keluar,
          tanggal: absensi.tanggal,
          jam_mulai: shift.jam_mulai,
          jam_selesai: shift.jam_selesai,
          ada_uang_shift: shift.ada_uang_shift,
          toleransi_terlambat: shift.toleransi_terlambat,
          toleransi_pulang_cepat: shift.toleransi_pulang_cepat,
        })
        .from(absensi)
        .leftJoin(shift, eq(shift.id, absensi.shift_id))
        .where(and(eq(absensi.nrp, row.nrp), gte(absensi.tanggal, mulai), lte(absensi.tanggal, akhir)));
      const counted = countDays(
        days.map((x) => ({
          ...x,
          shift: x.jam_mulai
            ? {
                jam_mulai: x.jam_mulai,
                jam_selesai: x.jam_selesai!,
                ada_uang_shift: x.ada_uang_shift!,
                toleransi_terlambat: x.toleransi_terlambat!,
                toleransi_pulang_cepat: x.toleransi_pulang_cepat!,
              }
            : null,
        })),
        row.jum_hk,
      );
      expect(row).toMatchObject(counted);
      expect(row.count_attend).toBe(days.filter((x) => x.sts_abs_id === 'H' || x.sts_abs_id === 'DL').length);
      const dailyRow = d.result.find((x) => x.nrp === row.nrp)!;
      expect(dailyRow.days.filter((x) => x !== null).length).toBe(days.length);
      for (const x of days) expect(dailyRow.days[d.dates.indexOf(x.tanggal)]).toBe(x.sts_abs_id);
      expect(dailyRow).toMatchObject({
        count_attend: row.count_attend,
        count_sakit: row.count_sakit,
        count_cuti: row.count_cuti,
        count_izin: row.count_izin,
        count_alpa: row.count_alpa,
        count_off: row.count_off,
      });
    }
  });

  it('shows an employee who resigned during the period only up to her last working day', async () => {
    const db = ctx.database.db;
    const { result } = await detail('');
    const nrp = result[0]!.nrp;
    const lastDay = dayjs(mulai).add(9, 'day').format('YYYY-MM-DD');
    const before = (await detail(`&karyawan=${nrp}`)).result;
    expect(before.some((r) => r.tanggal > lastDay)).toBe(true);
    const [old] = await db.select({ tgl_p3: karyawan.tgl_p3 }).from(karyawan).where(eq(karyawan.nrp, nrp));
    await db.update(karyawan).set({ tgl_p3: lastDay }).where(eq(karyawan.nrp, nrp));
    try {
      const after = (await detail(`&karyawan=${nrp}`)).result;
      expect(after.length).toBe(before.filter((r) => r.tanggal <= lastDay).length);
      const s = (await summary(`&karyawan=${nrp}`)).result.find((r) => r.nrp === nrp)!;
      expect(s.tgl_p3).toBe(lastDay);
      expect(s.count_attend).toBe(after.filter((r) => r.status.id === 'H' || r.status.id === 'DL').length);
      const d = await daily(`&karyawan=${nrp}`);
      const row = d.result.find((r) => r.nrp === nrp)!;
      expect(row.days.slice(d.dates.indexOf(lastDay) + 1).every((x) => x === null)).toBe(true);
      // The whole-period count (no filter) leaves her later days out too.
      const all = await detail('');
      const rows = await db
        .select({ n: absensi.id })
        .from(absensi)
        .where(and(gte(absensi.tanggal, mulai), lte(absensi.tanggal, akhir)));
      expect(all.totalCount).toBe(rows.length - before.filter((r) => r.tanggal > lastDay).length);
    } finally {
      await db.update(karyawan).set({ tgl_p3: old!.tgl_p3 }).where(eq(karyawan.nrp, nrp));
    }
  });

  it('limits every report and export to the trustee scope', async () => {
    const { result } = await summary('');
    const lokasi = result[0]!.lokasi.id;
    const res = await ctx.request('POST', '/api/users', {
      token: admin,
      body: {
        userid: 'RPT001',
        username: 'laporan1',
        nama: 'Laporan Cabang',
        password: 'Kuat#Sekali2026',
        role: 'HR',
        trustee: { lokasi: [lokasi] },
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const scoped = await ctx.tokenFor('laporan1', 'Kuat#Sekali2026');
    const mine = await summary('', scoped);
    expect(mine.totalCount).toBe(result.filter((r) => r.lokasi.id === lokasi).length);
    expect(mine.totalCount).toBeLessThan(result.length);
    expect((await detail('', scoped)).result.every((r) => r.lokasi.id === lokasi)).toBe(true);
    expect((await daily('', scoped)).result.every((r) => r.lokasi.id === lokasi)).toBe(true);
    const sheet = await readXlsx(await get(`/api/report/absensi-summary/export?period=${PERIOD}`, scoped));
    expect(sheet.length - 1).toBe(mine.totalCount);
    const outside = result.find((r) => r.lokasi.id !== lokasi)!;
    expect((await detail(`&karyawan=${outside.nrp}`, scoped)).totalCount).toBe(0);
  });
});

describe('exports', () => {
  it('streams each report as an .xlsx named by content-disposition, with the page’s rows', async () => {
    const d = await detail('');
    const res = await get(`/api/report/absensi-detail/export?period=${PERIOD}`);
    expect(res.headers.get('content-disposition')).toContain(`laporan-absensi-${PERIOD}.xlsx`);
    const rows = await readXlsx(res);
    expect(rows[0]).toContain('Jam Masuk');
    expect(rows.length - 1).toBe(d.totalCount);
    expect(rows.slice(1, 4).map((r) => r[1])).toEqual(d.result.slice(0, 3).map((r) => r.nrp));

    const s = await summary('');
    const sres = await get(`/api/report/absensi-summary/export?period=${PERIOD}`);
    expect(sres.headers.get('content-disposition')).toContain(`rekap-absensi-${PERIOD}.xlsx`);
    const srows = await readXlsx(sres);
    expect(srows.length - 1).toBe(s.totalCount);
    const first = srows[1]!;
    expect(first[0]).toBe(s.result[0]!.nrp);
    expect(first[srows[0]!.indexOf('Hadir')]).toBe(s.result[0]!.count_attend);

    const dd = await daily('');
    const dres = await get(`/api/report/absensi-summary-daily/export?period=${PERIOD}`);
    expect(dres.headers.get('content-disposition')).toContain(`rekap-absensi-harian-${PERIOD}.xlsx`);
    const drows = await readXlsx(dres);
    expect(drows.length - 1).toBe(dd.totalCount);
    expect(drows[0]!.length).toBe(4 + dd.dates.length + 6);
    expect(drows[0]!.slice(-6)).toEqual(['Hadir', 'Sakit', 'Cuti', 'Izin', 'Alpa', 'OFF']);
    // The detail export writes the words the screen shows: the status's name and the source.
    const head = rows[0]!;
    expect(rows.slice(1, 4).map((r) => r[head.indexOf('Status')])).toEqual(
      d.result.slice(0, 3).map((r) => r.status.nama),
    );
    for (const r of rows.slice(1))
      expect(['Aplikasi', 'Manual', 'Upload', 'Pengajuan']).toContain(r[head.indexOf('Sumber')]);
  });
});
