/**
 * "Ganti Route List" (docs/decisions/030-route-list-change-and-fresh-pickers.md): an SPG's plan follows
 * another route list from a day on. Only her open lines from that day are touched (no check-in, no
 * check-out); lines with evidence and the days before stay as they are. Open lines the new route list
 * plans the same way (day, store, shift) keep their id, so a phone that already holds them checks in on
 * the same line; the others are removed and the new route list's lines added, in one transaction.
 */
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import { periodIdOf } from '../../../src/domain/dates';
import {
  daysOf,
  ddmmyyyy,
  KUNJUNGAN_PLAN_MESSAGES as M,
  periodPlannable,
  type GantiRouteListResult,
  type GeneratedLine,
} from '../../../src/domain/kunjungan/kunjungan-plan';
import { dateIn } from '../../../src/domain/time-zone';
import type { Db, Q } from '../../db/client';
import { kunjungan, kunjunganDetail as d } from '../../db/schema/kunjungan';
import type { Actor, Deps } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { todayOfNrp } from '../../lib/time-zone';
import { getRouteList } from '../route-list/route-list.service';
import { dayChangesOf } from './day-changes';
import { leaveDaysOf, matrixOf, planLinesOf } from './plan-generate.service';
import { loadKaryawan, loadPlan } from './plan-read.service';

export interface GantiInput {
  route_list_id: string;
  /** '' = today in her zone (the plan's first day for a plan that has not started). */
  tgl_mulai: string;
  /** A first day before today is refused unless this is set. */
  hari_lalu: boolean;
}

interface Change {
  result: GantiRouteListResult;
  removeIds: number[];
  add: GeneratedLine[];
}

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** What the change does, read (and, in a transaction, locked) from the plan as it is now. */
async function planChange(
  db: Q,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  noDcp: string,
  input: GantiInput,
  lock: boolean,
): Promise<Change> {
  const plan = await loadPlan(db, actor, noDcp);
  if (!input.route_list_id) throw field('route_list_id', M.routeListRequired);
  const [h] = await db
    .select({
      shift_id: kunjungan.shift_id,
      period_id: kunjungan.period_id,
      tgl_period1: kunjungan.tgl_period1,
      tgl_period2: kunjungan.tgl_period2,
    })
    .from(kunjungan)
    .where(eq(kunjungan.no_dcp, noDcp))
    .limit(1);
  if (!h) throw notFound(M.notFound);
  // Locks the header: a second change or a plan delete waits for this one.
  if (lock) await db.select({ n: kunjungan.no_dcp }).from(kunjungan).where(eq(kunjungan.no_dcp, noDcp)).for('update');
  // 404 unknown, 403 another company's (the route-list screens' own rule).
  const rl = await getRouteList(db, actor, input.route_list_id);
  const now = deps.now();
  if (!periodPlannable(h.period_id, periodIdOf(dateIn('Asia/Jakarta', now)))) {
    throw field('tgl_mulai', M.periodPast);
  }
  const emp = await loadKaryawan(db, actor, plan.nrp);
  const today = await todayOfNrp(db, plan.nrp, now);
  const mulai = input.tgl_mulai || (today < h.tgl_period1 ? h.tgl_period1 : today);
  if (mulai < h.tgl_period1 || mulai > h.tgl_period2) {
    throw field('tgl_mulai', M.mulaiDiLuarPeriod(ddmmyyyy(h.tgl_period1), ddmmyyyy(h.tgl_period2)));
  }
  if (mulai < today && !input.hari_lalu) throw field('tgl_mulai', M.mulaiSebelumHariIni(ddmmyyyy(today)));
  if (emp.tgl_p3 && emp.tgl_p3 <= mulai) throw conflict(M.gantiResigned(ddmmyyyy(emp.tgl_p3)));

  // The new route list's lines over the whole plan (day changes are applied as their approval did),
  // then only those from `mulai`.
  const days = daysOf(h.tgl_period1, h.tgl_period2);
  const from = days.filter((x) => x >= mulai);
  const matrix = (await matrixOf(db, [rl.id])).get(rl.id) ?? [];
  const leaveDays = (await leaveDaysOf(db, [emp.nrp], h.tgl_period1, h.tgl_period2)).get(emp.nrp);
  const changes = (await dayChangesOf(db, [emp.nrp], h.period_id)).get(emp.nrp);
  const made = planLinesOf(emp, days, from, matrix, leaveDays, changes, h.shift_id);

  const existingQuery = db
    .select({ id: d.id, tgl: d.tgl_dcp, cust: d.cust_code, shift: d.shift_id, in_jam: d.in_jam, out_jam: d.out_jam })
    .from(d)
    .where(and(eq(d.no_dcp, noDcp), gte(d.tgl_dcp, mulai)))
    .orderBy(d.id);
  // In the write, the lines are locked: a check-in arriving now waits, then lands on a kept line or is
  // re-placed by the removed-line rule (decision 026).
  const existing = lock ? await existingQuery.for('update') : await existingQuery;

  const key = (tgl: string, cust: string) => `${tgl}|${cust}`;
  const wanted = new Map(made.lines.map((l) => [key(l.tgl_dcp, l.cust_code), l]));
  let kept = 0;
  let unchanged = 0;
  const removeIds: number[] = [];
  for (const line of existing) {
    const k = key(line.tgl, line.cust);
    const same = wanted.get(k);
    if (line.in_jam !== null || line.out_jam !== null) {
      kept++;
      // The day's store is already there with its evidence: never a second line for it.
      wanted.delete(k);
    } else if (same && same.shift_id === line.shift) {
      unchanged++;
      wanted.delete(k);
    } else {
      removeIds.push(line.id);
    }
  }
  const add = [...wanted.values()];
  return {
    result: {
      no_dcp: noDcp,
      route_list_id: rl.id,
      route_list: rl.nama,
      tgl_mulai: mulai,
      tgl_akhir: h.tgl_period2,
      removed: removeIds.length,
      kept,
      unchanged,
      added: add.length,
      leave_days: made.leave,
    },
    removeIds,
    add,
  };
}

/** GET /api/kunjungan/{no_dcp}/ganti-route-list: the counts, nothing written. */
export async function previewGantiRouteList(
  db: Db,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  noDcp: string,
  input: GantiInput,
): Promise<GantiRouteListResult> {
  return (await planChange(db, deps, actor, noDcp, input, false)).result;
}

/** POST /api/kunjungan/{no_dcp}/ganti-route-list: the change, in one transaction. */
export async function gantiRouteList(
  db: Db,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  noDcp: string,
  input: GantiInput,
): Promise<{ message: string; result: GantiRouteListResult }> {
  const result = await db.transaction(async (tx) => {
    const change = await planChange(tx, deps, actor, noDcp, input, true);
    if (change.removeIds.length > 0) {
      // Conditional on no evidence: the rows are locked, so this only restates the rule.
      await tx.delete(d).where(and(inArray(d.id, change.removeIds), isNull(d.in_jam), isNull(d.out_jam)));
    }
    if (change.add.length > 0) {
      await tx
        .insert(d)
        .values(
          change.add.map((l) => ({ no_dcp: noDcp, tgl_dcp: l.tgl_dcp, shift_id: l.shift_id, cust_code: l.cust_code })),
        );
    }
    await tx.update(kunjungan).set({ route_list_id: change.result.route_list_id }).where(eq(kunjungan.no_dcp, noDcp));
    return change.result;
  });
  return { message: M.gantiDone(result), result };
}
