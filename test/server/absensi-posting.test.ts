/**
 * Attendance posting (spec part 2 §2.7, §3 "Attendance summary", §7): GET /api/absensi/period/{id},
 * POST /api/absensi/posting and the after-posting list: shapes, 401/403, scope, a disabled period,
 * posting twice, the frozen summary, and field records flagged after posting.
 */
import dayjs from 'dayjs';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbsensiPeriodSummaryAnswer, AfterPostingRow } from '../../src/domain/absensi-summary';
import type { ReportSummaryRow } from '../../src/domain/report-absensi';
import { absensiPostingSummary } from '../../server/db/schema/attendance';
import { karyawan } from '../../server/db/schema/karyawan';
import { absensi, kunjungan, kunjunganDetail } from '../../server/db/schema/kunjungan';
import { period } from '../../server/db/schema/master';
import { createTestContext, type TestContext } from './helpers';

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
});
