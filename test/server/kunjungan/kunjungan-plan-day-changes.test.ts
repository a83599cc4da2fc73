/**
 * Generating a plan re-applies the employee's approved Tuker Off Hari and Perubahan Shift Kerja of the
 * period (docs/decisions/026-visit-plan-leftovers.md): a plan deleted and generated again keeps the day
 * swap and the shift change that were approved, for one employee and for a whole route list.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixSlot, type GeneratedPlan } from '../../../src/domain/kunjungan/kunjungan-plan';
import { periodBounds } from '../../../src/domain/dates';
import { karyawan } from '../../../server/db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { jenisLeave, leave } from '../../../server/db/schema/leave';
import { shift } from '../../../server/db/schema/master';
import { matrixKunjungan } from '../../../server/db/schema/store';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
const SPG_NRP = '26000002';

const NEXT = (() => {
  const d = new Date();
  const x = new Date(d.getFullYear(), d.getMonth() + 1, 1);
  return `${x.getFullYear()}${String(x.getMonth() + 1).padStart(2, '0')}`;
})();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function kinds() {
  const rows = await db()
    .select({ id: jenisLeave.id, type: jenisLeave.type })
    .from(jenisLeave)
    .where(inArray(jenisLeave.type, ['TUKER_OFF', 'PERUBAHAN_SHIFT']));
  return Object.fromEntries(rows.map((r) => [r.type, r.id])) as Record<'TUKER_OFF' | 'PERUBAHAN_SHIFT', number>;
}

describe('generation re-applies approved day swaps and shift changes', () => {
  it('moves the swapped day and changes the shift, for one employee and for the route list', async () => {
    const shifts = (await db().select({ id: shift.id }).from(shift)).map((s) => s.id);
    const { mulai, akhir } = periodBounds(NEXT);
    const header = { nrp: SPG_NRP, period_id: NEXT, shift_id: shifts[0]!, tgl_period1: mulai, tgl_period2: akhir };
    const generate = async () => {
      const res = await ctx.request('GET', `/api/kunjungan/create/new?${new URLSearchParams(header).toString()}`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { result: GeneratedPlan }).result;
    };
    // A day of the month without visits to swap onto: its matrix slot cleared for the route list.
    const [emp] = await db().select({ rl: karyawan.route_list_id }).from(karyawan).where(eq(karyawan.nrp, SPG_NRP));
    const rl = emp!.rl!;
    const first = await generate();
    const swapTo = first.details[first.details.length - 1]!.tgl_dcp;
    const slot = matrixSlot(swapTo);
    await db()
      .update(matrixKunjungan)
      .set({ pattern: sql`overlay(${matrixKunjungan.pattern} placing '.' from ${slot + 1} for 1)` })
      .where(eq(matrixKunjungan.route_list_id, rl));
    const before = await generate();
    const planned = [...new Set(before.details.map((l) => l.tgl_dcp))];
    expect(planned).not.toContain(swapTo);
    expect(planned.length).toBeGreaterThan(2);
    const [swapFrom, shiftDay] = planned as [string, string];
    const otherShift = shifts.find((s) => s !== header.shift_id)!;

    const k = await kinds();
    const common = { nrp: SPG_NRP, tanggal: swapFrom, periode: NEXT, status: 'Approved' };
    await db()
      .insert(leave)
      .values([
        { ...common, jenis_leave_id: k.TUKER_OFF, start_date: swapFrom, end_date: swapFrom, hari_request: swapTo },
        {
          ...common,
          jenis_leave_id: k.PERUBAHAN_SHIFT,
          start_date: shiftDay,
          end_date: shiftDay,
          shift_request: otherShift,
        },
        // Pending: not applied.
        {
          ...common,
          status: 'Pending',
          jenis_leave_id: k.PERUBAHAN_SHIFT,
          start_date: planned[2] ?? shiftDay,
          end_date: planned[2] ?? shiftDay,
          shift_request: otherShift,
        },
      ]);

    const after = await generate();
    expect(after.details.length).toBe(before.details.length);
    expect(after.details.some((l) => l.tgl_dcp === swapFrom)).toBe(false);
    expect(after.details.filter((l) => l.tgl_dcp === swapTo).length).toBe(
      before.details.filter((l) => l.tgl_dcp === swapFrom).length,
    );
    for (const l of after.details.filter((x) => x.tgl_dcp === shiftDay)) expect(l.shift_id).toBe(otherShift);
    if (planned[2] && planned[2] !== shiftDay) {
      for (const l of after.details.filter((x) => x.tgl_dcp === planned[2])) expect(l.shift_id).toBe(header.shift_id);
    }
    // Still sorted by day.
    const dates = after.details.map((l) => l.tgl_dcp);
    expect(dates).toEqual([...dates].sort());

    // The route list's bulk generation writes the same lines.
    const bulk = await ctx.request('POST', `/api/kunjungan/route-list/${rl}/generate`, {
      token: admin,
      body: { period_id: NEXT, shift_id: header.shift_id },
    });
    expect(bulk.status).toBe(201);
    const lines = await db()
      .select({ tgl: kunjunganDetail.tgl_dcp, shift_id: kunjunganDetail.shift_id })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(and(eq(kunjungan.nrp, SPG_NRP), eq(kunjungan.period_id, NEXT)));
    expect(lines.length).toBe(after.details.length);
    expect(lines.some((l) => l.tgl === swapFrom)).toBe(false);
    expect(lines.some((l) => l.tgl === swapTo)).toBe(true);
    for (const l of lines.filter((x) => x.tgl === shiftDay)) expect(l.shift_id).toBe(otherShift);
  });
});
