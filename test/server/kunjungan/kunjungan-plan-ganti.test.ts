/**
 * "Ganti Route List" and generation from today (docs/decisions/030-route-list-change-and-fresh-pickers.md):
 * changing an SPG's route list from a day regenerates only her open lines from that day; lines with a
 * check-in and the days before stay. Generating a plan of the running month starts on her today unless
 * the days already past are asked for. The server's clock is set to the 15th of the running month.
 */
import { and, asc, eq, gte, lt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matrixSlot,
  type GantiRouteListResult,
  type GeneratedPlan,
  type PlanDetail,
} from '../../../src/domain/kunjungan/kunjungan-plan';
import { periodBounds } from '../../../src/domain/dates';
import { dateIn } from '../../../src/domain/time-zone';
import { users, type Trustee } from '../../../server/db/schema/auth';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { jenisLeave, leave } from '../../../server/db/schema/leave';
import { matrixKunjungan, routeList } from '../../../server/db/schema/store';
import { hashPassword } from '../../../server/lib/password';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let tl: string;
const SPG_NRP = '26000002';

// The running month as the server sees it (WIB), and its 15th at 10:00 WIB as the server's now.
const CURRENT = dateIn('Asia/Jakarta', new Date()).slice(0, 7).replace('-', '');
const { mulai: FIRST, akhir: LAST } = periodBounds(CURRENT);
const day = (n: number) => `${CURRENT.slice(0, 4)}-${CURRENT.slice(4)}-${String(n).padStart(2, '0')}`;
const TODAY = day(15);
const NO_DCP = `DCP/${CURRENT}/${SPG_NRP}`;
const path = `/api/kunjungan/${encodeURIComponent(NO_DCP)}/ganti-route-list`;

type Json = Record<string, unknown>;
const body = async <T = Json>(res: Response) => (await res.json()) as { message: string; result: T };
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.offsetMs = Date.parse(`${TODAY}T03:00:00Z`) - Date.now();
  [admin, tl] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('tl')]);
  // Her leave of the month out of the way (the seed's), so the expected lines are the matrix's alone.
  await db().delete(leave).where(eq(leave.nrp, SPG_NRP));
});
afterAll(() => ctx.close());

const lines = () =>
  db()
    .select()
    .from(kunjunganDetail)
    .where(eq(kunjunganDetail.no_dcp, NO_DCP))
    .orderBy(asc(kunjunganDetail.tgl_dcp), asc(kunjunganDetail.id));

async function planHeader() {
  const [h] = await db().select().from(kunjungan).where(eq(kunjungan.no_dcp, NO_DCP));
  return h!;
}

/** Another route list with a matrix, to change to. */
async function otherRouteList(than: string | null) {
  const rows = await db()
    .selectDistinct({ id: matrixKunjungan.route_list_id })
    .from(matrixKunjungan)
    .where(than ? ne(matrixKunjungan.route_list_id, than) : undefined)
    .orderBy(asc(matrixKunjungan.route_list_id));
  return rows[0]!.id;
}

/** What the matrix of `rl` plans from `from` to the plan's end: day|store. */
async function matrixPlan(rl: string, from: string, skip: Set<string> = new Set()) {
  const m = await db().select().from(matrixKunjungan).where(eq(matrixKunjungan.route_list_id, rl));
  const out: string[] = [];
  for (let n = Number(from.slice(8)); n <= Number(LAST.slice(8)); n++) {
    const d = day(n);
    if (skip.has(d)) continue;
    for (const row of m) if (row.pattern[matrixSlot(d)] === 'X') out.push(`${d}|${row.cust_code}`);
  }
  return out.sort();
}

const key = (l: { tgl_dcp: string; cust_code: string }) => `${l.tgl_dcp}|${l.cust_code}`;

describe('Ganti Route List', () => {
  it('replaces only her open lines from today; checked-in lines and past lines stay', async () => {
    const before = await lines();
    expect(before.length).toBeGreaterThan(0);
    const header = await planHeader();
    const target = await otherRouteList(header.route_list_id);
    // A visit of today already checked in (with a photo): it stays whatever the new route list says.
    const todays = before.filter((l) => l.tgl_dcp >= TODAY);
    expect(todays.length).toBeGreaterThan(1);
    const checked = todays[0]!;
    await db()
      .update(kunjunganDetail)
      .set({ in_jam: '08:01:02', in_lat: -6.2, in_long: 106.8, in_foto: 'ganti-uji.jpg' })
      .where(eq(kunjunganDetail.id, checked.id));
    // A lone check-out is evidence too.
    const outOnly = todays.find((l) => l.id !== checked.id)!;
    await db().update(kunjunganDetail).set({ out_jam: '17:00:00' }).where(eq(kunjunganDetail.id, outOnly.id));
    // An approved sick day after today: the new route list makes no line on it. The day is one of her own
    // open lines after today on which the new route list also plans a visit, so it holds in any month.
    const [sakit] = await db().select({ id: jenisLeave.id }).from(jenisLeave).where(eq(jenisLeave.type, 'SAKIT'));
    const targetDays = new Set((await matrixPlan(target, TODAY)).map((k) => k.slice(0, 10)));
    const sick = before
      .map((l) => l.tgl_dcp)
      .filter((d) => d > TODAY && targetDays.has(d))
      .sort()[0]!;
    expect(sick).toBeDefined();
    await db().insert(leave).values({
      nrp: SPG_NRP,
      jenis_leave_id: sakit!.id,
      start_date: sick,
      end_date: sick,
      tanggal: sick,
      status: 'Approved',
    });
    const snapshot = await lines();
    const past = snapshot.filter((l) => l.tgl_dcp < TODAY);
    const evidence = snapshot.filter((l) => l.tgl_dcp >= TODAY && (l.in_jam !== null || l.out_jam !== null));
    const open = snapshot.filter((l) => l.tgl_dcp >= TODAY && l.in_jam === null && l.out_jam === null);

    const preview = await ctx.request('GET', `${path}?route_list_id=${target}`, { token: admin });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const p = (await body<GantiRouteListResult>(preview)).result;
    expect(p).toMatchObject({ route_list_id: target, tgl_mulai: TODAY, tgl_akhir: LAST, kept: evidence.length });
    expect(p.leave_days).toEqual([sick]);
    expect(p.removed + p.unchanged).toBe(open.length);
    // Another route list: some of her coming visits go, others come.
    expect(p.removed).toBeGreaterThan(0);
    expect(p.added).toBeGreaterThan(0);
    expect(await lines()).toEqual(snapshot); // a preview writes nothing

    const res = await ctx.request('POST', path, { token: admin, body: { route_list_id: target } });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = await body<GantiRouteListResult>(res);
    expect(answer.result).toEqual(p);
    expect(answer.message).toBe(
      `Route list diganti mulai 15/${CURRENT.slice(4)}/${CURRENT.slice(0, 4)}: ${p.added} kunjungan baru, ` +
        `${p.removed} kunjungan dihapus, ${p.unchanged} tidak berubah, ${p.kept} kunjungan yang sudah check in tetap disimpan`,
    );

    const after = await lines();
    // Every line before today, and every line with evidence, is exactly as it was (same id, same data).
    expect(after.filter((l) => l.tgl_dcp < TODAY)).toEqual(past);
    for (const e of evidence) expect(after.find((l) => l.id === e.id)).toEqual(e);
    // From today the open lines are the new route list's plan, without the sick day and without a second
    // line for a store already checked in that day.
    const evidenceKeys = new Set(evidence.map(key));
    const expected = (await matrixPlan(target, TODAY, new Set([sick]))).filter((k) => !evidenceKeys.has(k));
    const openAfter = after.filter((l) => l.tgl_dcp >= TODAY && l.in_jam === null && l.out_jam === null);
    expect(openAfter.map(key).sort()).toEqual(expected);
    expect(openAfter.every((l) => l.shift_id === header.shift_id)).toBe(true);
    expect(p.added + p.unchanged).toBe(expected.length);
    // Unchanged lines kept their id (a phone holding them checks in on the same line).
    const kept = open.filter((l) => openAfter.some((a) => a.id === l.id));
    expect(kept.length).toBe(p.unchanged);
    expect((await planHeader()).route_list_id).toBe(target);
    const detail = (
      await body<PlanDetail>(await ctx.request('GET', `/api/kunjungan/${encodeURIComponent(NO_DCP)}`, { token: admin }))
    ).result;
    expect(detail.route_list_id).toBe(target);

    // Changing again to the same route list changes nothing.
    const again = (
      await body<GantiRouteListResult>(
        await ctx.request('POST', path, { token: admin, body: { route_list_id: target } }),
      )
    ).result;
    expect(again).toMatchObject({ removed: 0, added: 0, unchanged: expected.length, kept: evidence.length });
    expect(await lines()).toEqual(after);
  });

  it('starts on a day before today only when asked, and never outside the plan', async () => {
    const back = (await planHeader()).route_list_id;
    const original = await otherRouteList(back);
    const before = await lines();
    const tenth = day(10);
    const refused = await ctx.request('POST', path, {
      token: admin,
      body: { route_list_id: original, tgl_mulai: tenth },
    });
    expect(refused.status).toBe(400);
    const today = `15/${CURRENT.slice(4)}/${CURRENT.slice(0, 4)}`;
    expect((await body(refused)).message).toBe(
      `Tanggal mulai tidak boleh sebelum hari ini (${today}). Centang "Termasuk hari yang sudah lewat" bila memang perlu`,
    );
    const outside = await ctx.request('POST', path, {
      token: admin,
      body: { route_list_id: original, tgl_mulai: '2099-01-01' },
    });
    expect(outside.status).toBe(400);
    expect((await body(outside)).message).toMatch(/^Tanggal mulai harus diantara 01\//);
    expect(await lines()).toEqual(before);

    // Asked for: from the 10th, with the lines of the 10th–14th that have a check-in kept.
    const asked = await ctx.request('POST', path, {
      token: admin,
      body: { route_list_id: original, tgl_mulai: tenth, hari_lalu: true },
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const r = (await body<GantiRouteListResult>(asked)).result;
    expect(r.tgl_mulai).toBe(tenth);
    const after = await lines();
    expect(after.filter((l) => l.tgl_dcp < tenth)).toEqual(before.filter((l) => l.tgl_dcp < tenth));
    const evidence = before.filter((l) => l.tgl_dcp >= tenth && (l.in_jam !== null || l.out_jam !== null));
    expect(r.kept).toBe(evidence.length);
    for (const e of evidence) expect(after.find((l) => l.id === e.id)).toEqual(e);
  });

  it('answers 400 for a bad route list, 404 for an unknown one or plan, 403 outside the permission or scope', async () => {
    const post = (b: Json, token = admin, p = path) => ctx.request('POST', p, { token, body: b });
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect((await body(empty)).message).toBe('Route list harus diisi');
    expect((await post({ route_list_id: 'a b' })).status).toBe(400);
    expect((await post({ route_list_id: 'RJK01', tgl_mulai: '2026-02-31' })).status).toBe(400);
    expect((await post({ route_list_id: 'RJK01', hari_lalu: 'ya' })).status).toBe(400);
    const unknown = await post({ route_list_id: 'ZZZZZ' });
    expect(unknown.status).toBe(404);
    expect((await body(unknown)).message).toBe('Route list ZZZZZ tidak ditemukan');
    expect(
      (
        await post(
          { route_list_id: 'RJK01' },
          admin,
          `/api/kunjungan/${encodeURIComponent('DCP/209901/X')}/ganti-route-list`,
        )
      ).status,
    ).toBe(404);
    // The team leader reads plans but does not edit them.
    expect((await post({ route_list_id: 'RJK01' }, tl)).status).toBe(403);

    const NONE: Trustee = { kode_prsh: [], sales_office: [], lokasi: [], client: [], jabatan: [], spg_type: [] };
    await db()
      .insert(users)
      .values({
        userid: 'G00001',
        username: 'g00001',
        nama: 'Uji Ganti',
        passwordHash: await hashPassword('Ganti#Uji2026'),
        role: 'ADMIN',
        trustee: { ...NONE, lokasi: ['NONE'] },
      });
    const scoped = await ctx.tokenFor('g00001', 'Ganti#Uji2026');
    const before = await lines();
    expect((await post({ route_list_id: 'RJK01' }, scoped)).status).toBe(403);
    expect((await ctx.request('GET', `${path}?route_list_id=RJK01`, { token: scoped })).status).toBe(403);
    expect(await lines()).toEqual(before);
  });

  it('refuses (409) a day from which she no longer works', async () => {
    await db()
      .update(karyawan)
      .set({ tgl_p3: day(12) })
      .where(eq(karyawan.nrp, SPG_NRP));
    try {
      const res = await ctx.request('POST', path, { token: admin, body: { route_list_id: 'RJK01' } });
      expect(res.status).toBe(409);
      expect((await body(res)).message).toBe(
        `Karyawan sudah berhenti bekerja sejak 12/${CURRENT.slice(4)}/${CURRENT.slice(0, 4)}; tidak ada kunjungan yang dapat diganti`,
      );
    } finally {
      await db().update(karyawan).set({ tgl_p3: null }).where(eq(karyawan.nrp, SPG_NRP));
    }
  });
});

describe('generating the running month starts today', () => {
  it('one employee: lines from today unless hari_lalu=true', async () => {
    const h = await planHeader();
    const q = (extra: Record<string, string> = {}) =>
      new URLSearchParams({
        nrp: SPG_NRP,
        period_id: CURRENT,
        shift_id: h.shift_id,
        tgl_period1: FIRST,
        tgl_period2: LAST,
        ...extra,
      }).toString();
    const fromToday = (
      await body<GeneratedPlan>(await ctx.request('GET', `/api/kunjungan/create/new?${q()}`, { token: admin }))
    ).result;
    expect(fromToday.details.length).toBeGreaterThan(0);
    expect(fromToday.details.every((l) => l.tgl_dcp >= TODAY)).toBe(true);
    const all = (
      await body<GeneratedPlan>(
        await ctx.request('GET', `/api/kunjungan/create/new?${q({ hari_lalu: 'true' })}`, { token: admin }),
      )
    ).result;
    expect(all.details.some((l) => l.tgl_dcp < TODAY)).toBe(true);
    expect(all.details.filter((l) => l.tgl_dcp >= TODAY)).toEqual(fromToday.details);
  });

  it('a route list: each new plan from today unless hari_lalu is true', async () => {
    // Two employees of one route list (not hers) made plan-less this month.
    const planned = await db()
      .select({ nrp: karyawan.nrp, rl: karyawan.route_list_id })
      .from(karyawan)
      .innerJoin(kunjungan, and(eq(kunjungan.nrp, karyawan.nrp), eq(kunjungan.period_id, CURRENT)))
      .where(ne(karyawan.nrp, SPG_NRP))
      .orderBy(asc(karyawan.nrp));
    const byRoute = new Map<string, string[]>();
    for (const p of planned) if (p.rl) byRoute.set(p.rl, [...(byRoute.get(p.rl) ?? []), p.nrp]);
    const [rl, nrps] = [...byRoute].find(([, list]) => list.length >= 2)!;
    const members = nrps.slice(0, 2).map((nrp) => ({ nrp }));
    expect(members.length).toBe(2);
    for (const m of members) {
      const gone = await ctx.request(
        'DELETE',
        `/api/kunjungan/${encodeURIComponent(`DCP/${CURRENT}/${m.nrp}`)}?force=true`,
        {
          token: admin,
        },
      );
      expect(gone.status).toBe(200);
    }
    const h = await planHeader();
    const made = await ctx.request('POST', `/api/kunjungan/route-list/${rl}/generate`, {
      token: admin,
      body: { period_id: CURRENT, shift_id: h.shift_id },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const first = `DCP/${CURRENT}/${members[0]!.nrp}`;
    const fromToday = await db().select().from(kunjunganDetail).where(eq(kunjunganDetail.no_dcp, first));
    expect(fromToday.length).toBeGreaterThan(0);
    expect(fromToday.every((l) => l.tgl_dcp >= TODAY)).toBe(true);
    // The header still covers the whole period: lines of earlier days can be added by hand.
    const [header] = await db().select().from(kunjungan).where(eq(kunjungan.no_dcp, first));
    expect(header).toMatchObject({ tgl_period1: FIRST, tgl_period2: LAST });

    // The other employee, asked with the days already past.
    await ctx.request(
      'DELETE',
      `/api/kunjungan/${encodeURIComponent(`DCP/${CURRENT}/${members[1]!.nrp}`)}?force=true`,
      {
        token: admin,
      },
    );
    const preview = (
      await body<{ plans: number }>(
        await ctx.request(
          'GET',
          `/api/kunjungan/route-list/${rl}/generate?period_id=${CURRENT}&shift_id=${h.shift_id}&hari_lalu=true`,
          { token: admin },
        ),
      )
    ).result;
    expect(preview.plans).toBeGreaterThanOrEqual(1);
    const withPast = await ctx.request('POST', `/api/kunjungan/route-list/${rl}/generate`, {
      token: admin,
      body: { period_id: CURRENT, shift_id: h.shift_id, hari_lalu: true },
    });
    expect(withPast.status).toBe(201);
    const second = await db()
      .select()
      .from(kunjunganDetail)
      .where(and(eq(kunjunganDetail.no_dcp, `DCP/${CURRENT}/${members[1]!.nrp}`), lt(kunjunganDetail.tgl_dcp, TODAY)));
    expect(second.length).toBeGreaterThan(0);
    const later = await db()
      .select()
      .from(kunjunganDetail)
      .where(and(eq(kunjunganDetail.no_dcp, `DCP/${CURRENT}/${members[1]!.nrp}`), gte(kunjunganDetail.tgl_dcp, TODAY)));
    expect(later.length).toBeGreaterThan(0);
    expect(await db().select().from(routeList).where(eq(routeList.id, rl))).toHaveLength(1);
  });
});
