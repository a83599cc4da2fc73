/**
 * A visit check-in whose line the office removed while the phone was offline (issue 12 item 6,
 * docs/decisions/026-visit-plan-leftovers.md). The phone sends its copy of the line (day, store,
 * shift); the server keeps the check-in on the plan's line of that day and store, re-making the line
 * (and, when the whole plan went, its header for that period) flagged `removed_from_plan`, so the office
 * sees a visit it had taken out of the plan and no evidence is lost.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { FieldSide } from '../../../src/domain/absensi/absensi';
import type { KunjunganCheckFields } from '../../../src/domain/absensi/kunjungan-checkin';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan, kunjunganDetail as d } from '../../db/schema/kunjungan';
import { period, shift } from '../../db/schema/master';
import { store } from '../../db/schema/store';
import { planNumber } from '../kunjungan/plan-generate.service';

/** The own plan covering `tanggal`, re-made for the period when it was deleted; null when none can be. */
async function planOfDay(tx: Tx, nrp: string, tanggal: string, shiftId: string): Promise<string | null> {
  const covering = and(
    eq(kunjungan.nrp, nrp),
    lte(kunjungan.tgl_period1, tanggal),
    gte(kunjungan.tgl_period2, tanggal),
  );
  const [plan] = await tx.select({ no_dcp: kunjungan.no_dcp }).from(kunjungan).where(covering).limit(1);
  if (plan) return plan.no_dcp;
  const [p] = await tx
    .select({ id: period.id, mulai: period.mulai, akhir: period.akhir })
    .from(period)
    .where(and(lte(period.mulai, tanggal), gte(period.akhir, tanggal)))
    .limit(1);
  const [emp] = await tx
    .select({ route_list_id: karyawan.route_list_id })
    .from(karyawan)
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  if (!p || !emp) return null;
  await tx
    .insert(kunjungan)
    .values({
      no_dcp: planNumber(p.id, nrp),
      nrp,
      shift_id: shiftId,
      period_id: p.id,
      tgl_period1: p.mulai,
      tgl_period2: p.akhir,
      route_list_id: emp.route_list_id,
    })
    .onConflictDoNothing();
  const [again] = await tx.select({ no_dcp: kunjungan.no_dcp }).from(kunjungan).where(covering).limit(1);
  return again?.no_dcp ?? null;
}

/**
 * The line id a check of a vanished line lands on: the plan's line of the same day and store when there
 * is one (removed and added again), else — for a check-in — a new line flagged `removed_from_plan`.
 * Null when the phone did not send its copy of the line, or it names no store or shift that exists.
 */
export async function lineForRemoved(tx: Tx, nrp: string, side: FieldSide, fields: KunjunganCheckFields) {
  const { tanggal, cust_code: custCode, shift_id: shiftId } = fields;
  if (!tanggal || !custCode || !shiftId) return null;
  const [known] = await tx
    .select({ store: store.cust_code, shift: shift.id })
    .from(store)
    .innerJoin(shift, eq(shift.id, shiftId))
    .where(eq(store.cust_code, custCode))
    .limit(1);
  if (!known) return null;
  const noDcp = await planOfDay(tx, nrp, tanggal, shiftId);
  if (!noDcp) return null;
  const [twin] = await tx
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.no_dcp, noDcp), eq(d.tgl_dcp, tanggal), eq(d.cust_code, custCode)))
    .limit(1);
  if (twin) return twin.id;
  // A check-out follows its check-in in the outbox, which made the line; alone it has nothing to close.
  if (side === 'out') return null;
  const [made] = await tx
    .insert(d)
    .values({ no_dcp: noDcp, tgl_dcp: tanggal, shift_id: shiftId, cust_code: custCode, flags: ['removed_from_plan'] })
    .returning({ id: d.id });
  return made?.id ?? null;
}
