/**
 * GET /api/karyawan/{nrp}/gaji/{period}: the salary rule of docs/decisions/008 on attendance the test
 * lays down day by day, on the seeded attendance, the empty state, the permission and the scope.
 */
import dayjs from 'dayjs';
import { and, between, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../../server/db/schema/karyawan';
import { absensi } from '../../../server/db/schema/absensi';
import { period } from '../../../server/db/schema/master';
import { computeGaji, GAJI_MESSAGES, gajiLines, type GajiInfo } from '../../../src/domain/karyawan/karyawan-gaji';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith, seededActive } from './karyawan-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
type Answer = { result: GajiInfo | null; message?: string };
const gaji = async (nrp: string, periodId: string, token = admin) => {
  const res = await ctx.request('GET', `/api/karyawan/${nrp}/gaji/${periodId}`, { token });
  return { status: res.status, body: (await res.json()) as Answer };
};

/** A period far from the seeded ones, with days the test chooses. */
const PERIOD = { id: '203001', kode_prsh: 'KM', mulai: '2030-01-01', akhir: '2030-01-31', jum_hk: 20, status: false };
const day = (n: number) => `2030-01-${String(n).padStart(2, '0')}`;

async function lay(nrp: string, days: [status: string, shift: string][]) {
  await db()
    .insert(absensi)
    .values(
      days.map(([sts_abs_id, shift_id], i) => ({
        nrp,
        tanggal: day(i + 1),
        tahun: 2030,
        bulan: 1,
        shift_id,
        sts_abs_id,
        sumber: 'M',
      })),
    );
}

describe('the rule (docs/decisions/008)', () => {
  let e: typeof karyawan.$inferSelect;
  beforeAll(async () => {
    await db().insert(period).values(PERIOD);
    e = await seededActive(ctx, 'JKT');
    await db()
      .update(karyawan)
      .set({ gapok: 5_000_000, tun_makan: 25_000, tun_bensin: 15_000, tun_lain: 20_000 })
      .where(eq(karyawan.nrp, e.nrp));
    await lay(e.nrp, [
      ...Array.from({ length: 10 }, () => ['H', 'SIANG'] as [string, string]), // shift money
      ...Array.from({ length: 5 }, () => ['H', 'PAGI'] as [string, string]),
      ['DL', 'PAGI'],
      ['S', 'PAGI'],
      ['S', 'PAGI'],
      ['C', 'PAGI'],
      ['I', 'PAGI'],
      ['A', 'PAGI'],
      ['OFF', 'PAGI'],
    ]);
  });

  it('base salary pro rata over paid days, allowances per present day, shift money per shift day', async () => {
    const { status, body } = await gaji(e.nrp, PERIOD.id);
    expect(status).toBe(200);
    const g = body.result!;
    // Present: 15 H + 1 DL = 16; paid: 16 + 2 S + 1 C = 19 of 20 working days.
    expect(g).toMatchObject({
      jum_hk: 20,
      count_attend: 16,
      count_gapok: 19,
      count_tun_makan: 16,
      count_tun_bensin: 16,
      count_uang_shift: 10,
      gapok: 4_750_000,
      tun_makan: 400_000,
      tun_bensin: 240_000,
      uang_shift: 200_000,
      total: 5_590_000,
    });
    const lines = gajiLines(g.info_gaji);
    expect(lines.find((l) => l.label === 'Total')?.value).toBe('Rp 5.590.000');
    expect(lines.find((l) => l.label === 'Gaji Pokok')?.value).toBe('Rp 5.000.000 × 19/20 = Rp 4.750.000');
  });

  it('caps the base salary at one month when paid days exceed the working days', () => {
    const g = computeGaji(
      { ...PERIOD },
      { gapok: 4_000_000, tun_makan: 10_000, tun_bensin: 0, tun_lain: 0 },
      Array.from({ length: 26 }, () => ({ sts_abs_id: 'H', ada_uang_shift: false })),
    );
    expect(g).toMatchObject({ count_gapok: 20, gapok: 4_000_000, tun_makan: 260_000 });
  });

  it('rounds the pro rata to the rupiah', () => {
    const g = computeGaji({ ...PERIOD, jum_hk: 26 }, { gapok: 1_000_000, tun_makan: 0, tun_bensin: 0, tun_lain: 0 }, [
      { sts_abs_id: 'H', ada_uang_shift: false },
    ]);
    expect(g.gapok).toBe(38_462);
  });
});

describe('on the seeded attendance', () => {
  it('counts the previous period of a seeded employee as the rule says', async () => {
    const prev = dayjs().subtract(1, 'month').format('YYYYMM');
    const [p] = await db().select().from(period).where(eq(period.id, prev));
    const e = await seededActive(ctx, 'JKT');
    const rows = await db()
      .select({ s: absensi.sts_abs_id })
      .from(absensi)
      .where(and(eq(absensi.nrp, e.nrp), between(absensi.tanggal, p!.mulai, p!.akhir)));
    expect(rows.length).toBeGreaterThan(0);
    const present = rows.filter((r) => r.s === 'H' || r.s === 'DL').length;
    const paid = Math.min(present + rows.filter((r) => r.s === 'S' || r.s === 'C').length, p!.jum_hk);
    const { body } = await gaji(e.nrp, prev);
    expect(body.result).toMatchObject({
      period_id: prev,
      count_attend: present,
      count_gapok: paid,
      gapok: Math.round((e.gapok * paid) / p!.jum_hk),
      tun_makan: e.tun_makan * present,
      tun_bensin: e.tun_bensin * present,
    });
  });
});

describe('empty state, input, permission, scope', () => {
  it('answers the spec’s empty state for a period without attendance or without a period', async () => {
    const e = await seededActive(ctx, 'JKT');
    for (const id of ['203002', '209912']) {
      if (id === '203002')
        await db()
          .insert(period)
          .values({ ...PERIOD, id, mulai: '2030-02-01', akhir: '2030-02-28' });
      const { status, body } = await gaji(e.nrp, id);
      expect(status).toBe(200);
      expect(body).toEqual({ result: null, message: GAJI_MESSAGES.noData });
    }
  });

  it('refuses a malformed period (400) and an unknown employee (404)', async () => {
    const e = await seededActive(ctx, 'JKT');
    expect((await gaji(e.nrp, '2030-01')).status).toBe(400);
    expect((await gaji(e.nrp, '203013')).status).toBe(400);
    expect((await gaji('99999999', PERIOD.id)).status).toBe(404);
  });

  it('needs karyawan.gaji.read (403) and stays in the trustee scope (403)', async () => {
    const e = await seededActive(ctx, 'JKT');
    const reader = await accountWith(ctx, admin, ['karyawan.read']);
    expect((await gaji(e.nrp, PERIOD.id, reader)).status).toBe(403);
    const sby = await accountWith(ctx, admin, ['karyawan.read', 'karyawan.gaji.read'], {
      trustee: { lokasi: ['SBY'] },
    });
    expect((await gaji(e.nrp, PERIOD.id, sby)).status).toBe(403);
    const own = await seededActive(ctx, 'SBY');
    expect((await gaji(own.nrp, PERIOD.id, sby)).status).toBe(200);
  });
});

describe('GET /api/profile/gaji/{period}: her own salary, and only hers', () => {
  const own = async (periodId: string, token: string | undefined) => {
    const res = await ctx.request('GET', `/api/profile/gaji/${periodId}`, { token });
    return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as Answer };
  };

  it('answers the SPG exactly what the detail answers about her, without karyawan.gaji.read, never cached', async () => {
    const spg = await ctx.tokenFor('spg');
    const prev = dayjs().subtract(1, 'month').format('YYYYMM');
    const mine = await own(prev, spg);
    expect(mine.status).toBe(200);
    expect(mine.cache).toBe('private, no-store');
    expect(mine.body.result?.period_id).toBe(prev);
    expect(mine.body).toEqual((await gaji('26000002', prev)).body);
    // The detail's route stays closed to her, for her own NRP too.
    expect((await gaji('26000002', prev, spg)).status).toBe(403);
    expect(await own('209912', spg)).toMatchObject({
      status: 200,
      body: { result: null, message: GAJI_MESSAGES.noData },
    });
  });

  it('names no employee: another NRP in the path is no route, and each account gets its own', async () => {
    const spg = await ctx.tokenFor('spg');
    const tl = await ctx.tokenFor('tl');
    const prev = dayjs().subtract(1, 'month').format('YYYYMM');
    expect((await ctx.request('GET', `/api/profile/gaji/26000001/${prev}`, { token: spg })).status).toBe(404);
    expect((await ctx.request('GET', `/api/profile/gaji/${prev}?nrp=26000001`, { token: spg })).status).toBe(200);
    const tlOwn = await own(prev, tl);
    expect(tlOwn.body).toEqual((await gaji('26000001', prev)).body);
    expect(tlOwn.body).not.toEqual((await own(prev, spg)).body);
  });

  it('404 for an account without an employee, 401 without a session, 400 for a malformed period', async () => {
    const res = await own('203001', admin);
    expect(res.status).toBe(404);
    expect((res.body as unknown as { message: string }).message).toBe('Akun ini tidak terhubung dengan data karyawan');
    expect((await own('203001', undefined)).status).toBe(401);
    const bad = await own('2030-01', await ctx.tokenFor('spg'));
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { message: string }).message).toBe(GAJI_MESSAGES.period);
  });
});
