/**
 * Visit plans in the back office (spec part 2 §2.3, §4, §5 visit plan row, §7 visits): list with counts,
 * detail, generation from the matrix skipping leave days, saving once per employee and period, line
 * edits refused on checked-in lines, plan delete with its explicit second confirmation, trustee scope.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedPlan, PlanDetail, PlanRow } from '../../../src/domain/kunjungan/kunjungan-plan';
import { periodBounds } from '../../../src/domain/dates';
import { users, type Trustee } from '../../../server/db/schema/auth';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { jenisLeave, leave } from '../../../server/db/schema/leave';
import { hashPassword } from '../../../server/lib/password';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let tl: string;
let spg: string;
const SPG_NRP = '26000002';

const ym = (offset: number) => {
  const d = new Date();
  const x = new Date(d.getFullYear(), d.getMonth() + offset, 1);
  return `${x.getFullYear()}${String(x.getMonth() + 1).padStart(2, '0')}`;
};
const CURRENT = ym(0);
const NEXT = ym(1);
const enc = (noDcp: string) => encodeURIComponent(noDcp);
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

type Json = Record<string, unknown>;
const body = async <T = Json>(res: Response) =>
  (await res.json()) as { message: string; result: T; totalCount: number };

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, tl, spg] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('tl'), ctx.tokenFor('spg')]);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const spgShift = async () => {
  const [p] = await db().select({ shift_id: kunjungan.shift_id }).from(kunjungan).where(eq(kunjungan.nrp, SPG_NRP));
  return p!.shift_id;
};
const header = async (period: string, nrp = SPG_NRP) => {
  const { mulai, akhir } = periodBounds(period);
  return { nrp, period_id: period, shift_id: await spgShift(), tgl_period1: mulai, tgl_period2: akhir };
};
const generate = (h: Record<string, string>, token = admin) =>
  ctx.request('GET', `/api/kunjungan/create/new?${new URLSearchParams(h).toString()}`, { token });

describe('access', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await ctx.request('GET', '/api/kunjungan')).status).toBe(401);
    expect((await ctx.request('GET', '/api/kunjungan', { token: spg })).status).toBe(403);
    // The team leader reads plans but may not create or delete them.
    expect((await ctx.request('GET', '/api/kunjungan', { token: tl })).status).toBe(200);
    expect((await generate(await header(NEXT), tl)).status).toBe(403);
    expect((await ctx.request('POST', '/api/kunjungan', { token: tl, body: {} })).status).toBe(403);
    expect(
      (await ctx.request('DELETE', `/api/kunjungan/${enc(`DCP/${CURRENT}/${SPG_NRP}`)}`, { token: tl })).status,
    ).toBe(403);
  });
});

describe('GET /api/kunjungan and /api/kunjungan/{id}', () => {
  it('lists the period’s plans with their counts, and a plan with its lines by day', async () => {
    const res = await ctx.request('GET', `/api/kunjungan?period_id=${CURRENT}&q=${SPG_NRP}`, { token: admin });
    expect(res.status).toBe(200);
    const list = await body<PlanRow[]>(res);
    const row = list.result.find((r) => r.nrp === SPG_NRP)!;
    expect(row.no_dcp).toBe(`DCP/${CURRENT}/${SPG_NRP}`);
    const [n] = await db().select({ n: count() }).from(kunjunganDetail).where(eq(kunjunganDetail.no_dcp, row.no_dcp));
    expect(row.counts.planned).toBe(n!.n);

    const detail = await ctx.request('GET', `/api/kunjungan/${enc(row.no_dcp)}`, { token: admin });
    expect(detail.status).toBe(200);
    const plan = (await body<PlanDetail>(detail)).result;
    expect(plan.details).toHaveLength(n!.n);
    const days = plan.details.map((l) => l.tgl_dcp);
    expect(days).toEqual([...days].sort());
    expect(plan.karyawan.nama).toBeTruthy();
  });

  it('answers 404 for an unknown plan and 4xx for hostile ids', async () => {
    expect((await ctx.request('GET', `/api/kunjungan/${enc('DCP/209901/X')}`, { token: admin })).status).toBe(404);
    for (const bad of ['%00', 'a%20b', 'x'.repeat(40)]) {
      const res = await ctx.request('GET', `/api/kunjungan/${bad}`, { token: admin });
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
    }
    for (const bad of ['1e308', '9007199254740993', '-1', '1.5', 'abc']) {
      const res = await ctx.request('DELETE', `/api/kunjungan/detail/${bad}`, { token: admin });
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('generating and saving a plan', () => {
  it('generates the next period’s rows from the matrix and refuses a past period', async () => {
    const res = await generate(await header(NEXT));
    expect(res.status).toBe(200);
    const plan = (await body<GeneratedPlan>(res)).result;
    expect(plan.existing_no_dcp).toBeNull();
    expect(plan.details.length).toBeGreaterThan(0);
    const current = (await body<GeneratedPlan>(await generate(await header(CURRENT)))).result;
    expect(current.existing_no_dcp).toBe(`DCP/${CURRENT}/${SPG_NRP}`);

    const past = await generate(await header(ym(-1)));
    expect(past.status).toBe(400);
    expect((await body(past)).message).toBe('Period tidak boleh sebelum period berjalan');
  });

  it('skips the days of approved leave', async () => {
    const before = (await body<GeneratedPlan>(await generate(await header(NEXT))).catch(() => null))!.result;
    const day = before.details[0]!.tgl_dcp;
    const [cuti] = await db().select({ id: jenisLeave.id }).from(jenisLeave).where(eq(jenisLeave.type, 'CUTI'));
    const [sakit] = await db().select({ id: jenisLeave.id }).from(jenisLeave).where(eq(jenisLeave.type, 'SAKIT'));
    const [approved] = await db()
      .insert(leave)
      .values({
        nrp: SPG_NRP,
        jenis_leave_id: cuti!.id,
        start_date: day,
        end_date: day,
        tanggal: day,
        status: 'Approved',
      })
      .returning({ id: leave.leave_id });
    // A request still waiting for approval does not take the day.
    const otherDay = before.details.find((l) => l.tgl_dcp !== day)!.tgl_dcp;
    await db()
      .insert(leave)
      .values({ nrp: SPG_NRP, jenis_leave_id: sakit!.id, start_date: otherDay, end_date: otherDay, tanggal: day });
    try {
      const after = (await body<GeneratedPlan>(await generate(await header(NEXT)))).result;
      expect(after.leave_days).toEqual([day]);
      expect(after.details.some((l) => l.tgl_dcp === day)).toBe(false);
      expect(after.details.some((l) => l.tgl_dcp === otherDay)).toBe(true);
      expect(after.details.length).toBe(before.details.filter((l) => l.tgl_dcp !== day).length);
    } finally {
      await db().delete(leave).where(eq(leave.nrp, SPG_NRP));
      expect(approved).toBeTruthy();
    }
  });

  it('answers the spec’s messages for a bad row, and saves a plan once per employee and period', async () => {
    const h = await header(NEXT);
    const generated = (await body<GeneratedPlan>(await generate(h))).result;
    const details = generated.details.map(({ tgl_dcp, shift_id, cust_code }) => ({ tgl_dcp, shift_id, cust_code }));
    const first = details[0]!;

    const outside = await ctx.request('POST', '/api/kunjungan', {
      token: admin,
      body: { ...h, details: [{ ...first, tgl_dcp: periodBounds(CURRENT).mulai }] },
    });
    expect(outside.status).toBe(400);
    expect((await body(outside)).message).toBe(
      `Tanggal harus diantara ${ddmm(h.tgl_period1)} & ${ddmm(h.tgl_period2)}`,
    );
    const noShift = await ctx.request('POST', '/api/kunjungan', {
      token: admin,
      body: { ...h, details: [{ ...first, shift_id: '' }] },
    });
    expect((await body(noShift)).message).toBe('Shift harus diisi');
    const noStore = await ctx.request('POST', '/api/kunjungan', {
      token: admin,
      body: { ...h, details: [{ ...first, cust_code: '' }] },
    });
    expect((await body(noStore)).message).toBe('Customer harus diisi');
    const nul = await ctx.request('POST', '/api/kunjungan', { token: admin, body: { ...h, nrp: 'a\u0000', details } });
    expect(nul.status).toBe(400);

    const saved = await ctx.request('POST', '/api/kunjungan', { token: admin, body: { ...h, details } });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const plan = (await body<PlanDetail>(saved)).result;
    expect(plan.no_dcp).toBe(`DCP/${NEXT}/${SPG_NRP}`);
    expect(plan.details).toHaveLength(details.length);

    const again = await ctx.request('POST', '/api/kunjungan', { token: admin, body: { ...h, details } });
    expect(again.status).toBe(409);
    expect((await body(again)).message).toContain(plan.no_dcp);
    const [n] = await db()
      .select({ n: count() })
      .from(kunjungan)
      .where(and(eq(kunjungan.nrp, SPG_NRP), eq(kunjungan.period_id, NEXT)));
    expect(n!.n).toBe(1);
    expect((await body<GeneratedPlan>(await generate(h))).result.existing_no_dcp).toBe(plan.no_dcp);
  });
});

describe('editing lines', () => {
  const noDcp = `DCP/${CURRENT}/${SPG_NRP}`;
  const lines = async () =>
    db().select().from(kunjunganDetail).where(eq(kunjunganDetail.no_dcp, noDcp)).orderBy(kunjunganDetail.id);

  it('adds a line inside the period only, and never the same store twice on a day', async () => {
    const { mulai, akhir } = periodBounds(CURRENT);
    const [any] = await lines();
    const other = await db()
      .select({ cust_code: kunjunganDetail.cust_code })
      .from(kunjunganDetail)
      .where(eq(kunjunganDetail.no_dcp, `DCP/${CURRENT}/26000003`))
      .limit(50);
    const add = (b: Json) => ctx.request('POST', `/api/kunjungan/${enc(noDcp)}/detail/add`, { token: admin, body: b });
    const late = await add({
      tgl_dcp: `${ym(1).slice(0, 4)}-${ym(1).slice(4)}-01`,
      shift_id: any!.shift_id,
      cust_code: any!.cust_code,
    });
    expect(late.status).toBe(400);
    expect((await body(late)).message).toBe(`Tanggal harus diantara ${ddmm(mulai)} & ${ddmm(akhir)}`);
    expect((await body(await add({ tgl_dcp: mulai, shift_id: '', cust_code: any!.cust_code }))).message).toBe(
      'Shift harus diisi',
    );
    expect((await body(await add({ tgl_dcp: mulai, shift_id: any!.shift_id }))).message).toBe('Customer harus diisi');

    const twin = await add({ tgl_dcp: any!.tgl_dcp, shift_id: any!.shift_id, cust_code: any!.cust_code });
    expect(twin.status).toBe(409);
    const fresh = other.find((o) => o.cust_code !== any!.cust_code)?.cust_code ?? any!.cust_code;
    const ok = await add({ tgl_dcp: akhir, shift_id: any!.shift_id, cust_code: fresh });
    expect([201, 409]).toContain(ok.status);
  });

  it('refuses to delete a checked-in line or change its store (409), but changes its shift', async () => {
    const [a, b] = (await lines()).filter((l) => l.in_jam === null && l.out_jam === null);
    await db().update(kunjunganDetail).set({ in_jam: '09:00:00' }).where(eq(kunjunganDetail.id, a!.id));
    const del = await ctx.request('DELETE', `/api/kunjungan/detail/${a!.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect((await body(del)).message).toBe('Kunjungan ini sudah check in dan tidak dapat dihapus');
    const other = (await lines()).find((l) => l.cust_code !== a!.cust_code)!;
    const move = await ctx.request('PUT', `/api/kunjungan/detail/${a!.id}`, {
      token: admin,
      body: { shift_id: a!.shift_id, cust_code: other.cust_code },
    });
    expect(move.status).toBe(409);
    expect((await body(move)).message).toBe('Kunjungan ini sudah check in, store tidak dapat diubah');
    const same = await ctx.request('PUT', `/api/kunjungan/detail/${a!.id}`, {
      token: admin,
      body: { shift_id: a!.shift_id, cust_code: a!.cust_code },
    });
    expect(same.status).toBe(200);
    expect(
      (
        await body(
          await ctx.request('PUT', `/api/kunjungan/detail/${b!.id}`, {
            token: admin,
            body: { shift_id: '', cust_code: b!.cust_code },
          }),
        )
      ).message,
    ).toBe('Shift harus diisi');
    const gone = await ctx.request('DELETE', `/api/kunjungan/detail/${b!.id}`, { token: admin });
    expect(gone.status).toBe(200);
    expect((await lines()).some((l) => l.id === b!.id)).toBe(false);
  });

  it('deletes a plan with checked-in lines only after the explicit second confirmation', async () => {
    const refused = await ctx.request('DELETE', `/api/kunjungan/${enc(noDcp)}`, { token: admin });
    expect(refused.status).toBe(409);
    expect((await body(refused)).message).toContain('force');
    const done = await ctx.request('DELETE', `/api/kunjungan/${enc(noDcp)}?force=true`, { token: admin });
    expect(done.status).toBe(200);
    expect(await lines()).toHaveLength(0);
    expect((await ctx.request('GET', `/api/kunjungan/${enc(noDcp)}`, { token: admin })).status).toBe(404);
  });
});

describe('a route list’s plans in one action', () => {
  it('previews, generates in one go, and never duplicates a plan', async () => {
    const [emp] = await db().select({ rl: karyawan.route_list_id }).from(karyawan).where(eq(karyawan.nrp, SPG_NRP));
    const rl = emp!.rl!;
    const period = ym(2);
    const shift_id = await spgShift();
    const preview = await ctx.request(
      'GET',
      `/api/kunjungan/route-list/${rl}/generate?period_id=${period}&shift_id=${shift_id}`,
      {
        token: admin,
      },
    );
    expect(preview.status).toBe(200);
    const p = (await body<{ plans: number; lines: number; employees: number; skipped: number }>(preview)).result;
    expect(p.plans).toBeGreaterThan(0);
    const made = await ctx.request('POST', `/api/kunjungan/route-list/${rl}/generate`, {
      token: admin,
      body: { period_id: period, shift_id },
    });
    expect(made.status).toBe(201);
    const m = (await body<typeof p>(made)).result;
    expect(m.plans).toBe(p.plans);
    expect(m.lines).toBe(p.lines);
    const again = (
      await body<typeof p>(
        await ctx.request('POST', `/api/kunjungan/route-list/${rl}/generate`, {
          token: admin,
          body: { period_id: period, shift_id },
        }),
      )
    ).result;
    expect(again.plans).toBe(0);
    expect(again.skipped).toBe(p.skipped + p.plans);
    const [lineCount] = await db()
      .select({ n: count() })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(and(eq(kunjungan.period_id, period), eq(kunjungan.route_list_id, rl)));
    expect(lineCount!.n).toBe(p.lines);
    expect(
      (
        await ctx.request('GET', `/api/kunjungan/route-list/ZZZZZ/generate?period_id=${period}&shift_id=${shift_id}`, {
          token: admin,
        })
      ).status,
    ).toBe(404);
  });
});

describe('trustee scope and the field read', () => {
  const NONE: Trustee = { kode_prsh: [], sales_office: [], lokasi: [], client: [], jabatan: [], spg_type: [] };

  it('hides and refuses plans of employees outside the scope', async () => {
    const [emp] = await db().select({ lokasi: karyawan.kode_lokasi }).from(karyawan).where(eq(karyawan.nrp, SPG_NRP));
    const [elsewhere] = await db()
      .select({ lokasi: karyawan.kode_lokasi })
      .from(karyawan)
      .where(and(eq(karyawan.nrp, '26000010')));
    const lokasi = elsewhere!.lokasi === emp!.lokasi ? 'NONE' : elsewhere!.lokasi;
    await db()
      .insert(users)
      .values({
        userid: 'K00001',
        username: 'k00001',
        nama: 'Uji Cakupan',
        passwordHash: await hashPassword('Cakupan#Uji2026'),
        role: 'ADMIN',
        trustee: { ...NONE, lokasi: [lokasi] },
      });
    const scoped = await ctx.tokenFor('k00001', 'Cakupan#Uji2026');
    const list = await body<PlanRow[]>(await ctx.request('GET', `/api/kunjungan?period_id=${NEXT}`, { token: scoped }));
    expect(list.result.some((r) => r.nrp === SPG_NRP)).toBe(false);
    const noDcp = enc(`DCP/${NEXT}/${SPG_NRP}`);
    expect((await ctx.request('GET', `/api/kunjungan/${noDcp}`, { token: scoped })).status).toBe(403);
    expect((await ctx.request('DELETE', `/api/kunjungan/${noDcp}`, { token: scoped })).status).toBe(403);
    expect((await generate(await header(NEXT), scoped)).status).toBe(403);
  });

  it('answers an employee her own plan of a period, and refuses another’s', async () => {
    const own = await ctx.request('GET', `/api/kunjungan/karyawan/v2/${NEXT}/nrp/0`, { token: spg });
    expect(own.status).toBe(200);
    const r = (await body<{ nrp: string; details: unknown[] }>(own)).result;
    expect(r.nrp).toBe(SPG_NRP);
    expect(r.details.length).toBeGreaterThan(0);
    expect((await ctx.request('GET', `/api/kunjungan/karyawan/v2/${NEXT}/nrp/26000003`, { token: spg })).status).toBe(
      403,
    );
    expect((await ctx.request('GET', `/api/kunjungan/karyawan/v2/${NEXT}/nrp/${SPG_NRP}`, { token: tl })).status).toBe(
      200,
    );
  });
});
