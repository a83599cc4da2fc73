/**
 * Generating visit-plan lines from the route-list matrix (spec part 2 §2.3 "Submit generates rows"):
 * every day of the period whose matrix slot (week of month × weekday) marks a store becomes a line,
 * except days of the employee's approved absence leave (sick, cuti, izin) and days outside her
 * employment. One employee's rows are a preview the form edits; a route list's employees can be
 * planned in one transaction (decision 019).
 */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { asTimeZone, dateIn } from '../../../src/domain/time-zone';
import { periodIdOf } from '../../../src/domain/dates';
import {
  daysOf,
  generatedDays,
  KUNJUNGAN_PLAN_MESSAGES as M,
  matrixSlot,
  periodPlannable,
  type GeneratedLine,
  type GeneratedPlan,
  type PlanHeader,
  type RouteListGeneration,
} from '../../../src/domain/kunjungan/kunjungan-plan';
import { LEAVE_STATUS } from '../../../src/domain/leave/leave-rules';
import type { Db, Q } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { jenisLeave, leave } from '../../db/schema/leave';
import { lokasi, period, shift } from '../../db/schema/master';
import { matrixKunjungan, routeList, store } from '../../db/schema/store';
import type { Actor, Deps } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { todayOfNrp } from '../../lib/time-zone';
import { karyawanScope } from '../../middleware/trustee-scope';
import { applyDayChanges, dayChangesOf, type DayChange } from './day-changes';
import { loadKaryawan } from './plan-read.service';

/** Leave kinds whose approved days the employee is away (decision 006: attendance S, C, I). */
const ABSENCE_TYPES = ['SAKIT', 'CUTI', 'IZIN'];
const INSERT_CHUNK = 2000;
const LINE_CHUNK = 20_000;

export const planNumber = (periodId: string, nrp: string) => `DCP/${periodId}/${nrp}`;

/** The period row, refusing one before the current period (spec §4) and an unknown one. */
export async function plannablePeriod(db: Q, deps: Pick<Deps, 'now'>, periodId: string) {
  const [p] = await db
    .select({ id: period.id, mulai: period.mulai, akhir: period.akhir })
    .from(period)
    .where(eq(period.id, periodId))
    .limit(1);
  if (!p) throw badRequest(M.periodNotFound, [{ path: 'period_id', message: M.periodNotFound }]);
  // A period stays plannable while it is current anywhere in Indonesia: until it ends in WIB, the
  // westernmost zone (docs/decisions/020-time-zones.md).
  if (!periodPlannable(p.id, periodIdOf(dateIn('Asia/Jakarta', deps.now())))) {
    throw badRequest(M.periodPast, [{ path: 'period_id', message: M.periodPast }]);
  }
  return p;
}

/** The plan's date range: inside the period and in order. */
export function checkRange(p: { mulai: string; akhir: string }, h: Pick<PlanHeader, 'tgl_period1' | 'tgl_period2'>) {
  if (h.tgl_period1 < p.mulai || h.tgl_period2 > p.akhir) {
    throw badRequest(M.rangeOutside, [{ path: 'tgl_period1', message: M.rangeOutside }]);
  }
  if (h.tgl_period1 > h.tgl_period2) {
    throw badRequest(M.rangeOrder, [{ path: 'tgl_period2', message: M.rangeOrder }]);
  }
}

export async function assertShifts(db: Q, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await db.select({ id: shift.id }).from(shift).where(inArray(shift.id, unique));
  if (found.length !== unique.length)
    throw badRequest(M.shiftNotFound, [{ path: 'shift_id', message: M.shiftNotFound }]);
}

export interface MatrixStore {
  cust_code: string;
  cust_name: string;
  cust_address: string | null;
  pattern: string;
}

export async function matrixOf(db: Q, routeListIds: string[]): Promise<Map<string, MatrixStore[]>> {
  const out = new Map<string, MatrixStore[]>();
  if (routeListIds.length === 0) return out;
  const rows = await db
    .select({
      route_list_id: matrixKunjungan.route_list_id,
      cust_code: matrixKunjungan.cust_code,
      cust_name: store.cust_name,
      cust_address: store.cust_address,
      pattern: matrixKunjungan.pattern,
    })
    .from(matrixKunjungan)
    .innerJoin(store, eq(store.cust_code, matrixKunjungan.cust_code))
    .where(inArray(matrixKunjungan.route_list_id, routeListIds))
    .orderBy(asc(matrixKunjungan.cust_code));
  for (const { route_list_id, ...r } of rows) {
    const list = out.get(route_list_id) ?? [];
    list.push(r);
    out.set(route_list_id, list);
  }
  return out;
}

/** nrp → the days of approved absence leave within [from, to]. */
export async function leaveDaysOf(db: Q, nrps: string[], from: string, to: string): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (nrps.length === 0) return out;
  const rows = await db
    .select({ nrp: leave.nrp, start: leave.start_date, end: leave.end_date })
    .from(leave)
    .innerJoin(jenisLeave, eq(jenisLeave.id, leave.jenis_leave_id))
    .where(
      and(
        inArray(leave.nrp, nrps),
        eq(leave.status, LEAVE_STATUS.approved),
        inArray(jenisLeave.type, ABSENCE_TYPES),
        lte(leave.start_date, to),
        gte(leave.end_date, from),
      ),
    );
  for (const r of rows) {
    const set = out.get(r.nrp) ?? new Set<string>();
    for (const day of daysOf(r.start < from ? from : r.start, r.end > to ? to : r.end)) set.add(day);
    out.set(r.nrp, set);
  }
  return out;
}

export interface Employee {
  nrp: string;
  tgl_awkerja: string | null;
  tgl_p3: string | null;
}

/** The lines of one employee: matrix days she works, without her leave days. */
function linesFor(
  emp: Employee,
  days: string[],
  matrix: MatrixStore[],
  leaveDays: Set<string> | undefined,
  shiftId: string,
): { lines: GeneratedLine[]; leave: string[] } {
  const lines: GeneratedLine[] = [];
  const skipped: string[] = [];
  for (const day of days) {
    if (emp.tgl_awkerja && day < emp.tgl_awkerja) continue;
    if (emp.tgl_p3 && day >= emp.tgl_p3) continue;
    const slot = matrixSlot(day);
    const stores = matrix.filter((m) => m.pattern[slot] === 'X');
    if (stores.length === 0) continue;
    if (leaveDays?.has(day)) {
      skipped.push(day);
      continue;
    }
    for (const s of stores) {
      lines.push({
        tgl_dcp: day,
        shift_id: shiftId,
        cust_code: s.cust_code,
        cust_name: s.cust_name,
        cust_address: s.cust_address,
      });
    }
  }
  return { lines, leave: skipped };
}

/**
 * One employee's lines over `days`, with her approved day changes applied as their approval did, then
 * only those on `kept` days (from today on, unless the days already past were asked for). The changes
 * are applied over every day first, so a swap from a past day onto a coming one still moves its lines.
 */
export function planLinesOf(
  emp: Employee,
  days: string[],
  kept: readonly string[],
  matrix: MatrixStore[],
  leaveDays: Set<string> | undefined,
  changes: DayChange[] | undefined,
  shiftId: string,
): { lines: GeneratedLine[]; leave: string[] } {
  const made = linesFor(emp, days, matrix, leaveDays, shiftId);
  const keep = new Set(kept);
  return {
    lines: applyDayChanges(made.lines, changes, days).filter((l) => keep.has(l.tgl_dcp)),
    leave: made.leave.filter((d) => keep.has(d)),
  };
}

/** GET /api/kunjungan/create/new: the rows of one employee's plan, generated, not saved. */
export async function generatePlan(
  db: Db,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  h: PlanHeader & { hari_lalu: boolean },
): Promise<GeneratedPlan> {
  const emp = await loadKaryawan(db, actor, h.nrp);
  const p = await plannablePeriod(db, deps, h.period_id);
  checkRange(p, h);
  await assertShifts(db, [h.shift_id]);
  const [existing] = await db
    .select({ no_dcp: kunjungan.no_dcp })
    .from(kunjungan)
    .where(and(eq(kunjungan.nrp, emp.nrp), eq(kunjungan.period_id, p.id)))
    .limit(1);
  const [rl] = emp.route_list_id
    ? await db.select({ nama: routeList.nama }).from(routeList).where(eq(routeList.id, emp.route_list_id))
    : [];
  const matrix = emp.route_list_id ? ((await matrixOf(db, [emp.route_list_id])).get(emp.route_list_id) ?? []) : [];
  const leaveDays = (await leaveDaysOf(db, [emp.nrp], h.tgl_period1, h.tgl_period2)).get(emp.nrp);
  const days = daysOf(h.tgl_period1, h.tgl_period2);
  const today = await todayOfNrp(db, emp.nrp, deps.now());
  // Approved Tuker Off / Perubahan Shift of the period, as their approval applied them.
  const changes = (await dayChangesOf(db, [emp.nrp], p.id)).get(emp.nrp);
  const made = planLinesOf(emp, days, generatedDays(days, today, h.hari_lalu), matrix, leaveDays, changes, h.shift_id);
  const lines = made.lines;
  const skipped = made.leave;
  return {
    nrp: emp.nrp,
    nama: emp.nama,
    route_list: rl?.nama ?? null,
    leave_days: skipped,
    existing_no_dcp: existing?.no_dcp ?? null,
    details: lines,
  };
}

interface RouteListPlan {
  header: typeof kunjungan.$inferInsert;
  lines: GeneratedLine[];
}

/** Every employee of the route list in scope, employed in the period, and what generating would write. */
async function routeListPlans(
  db: Q,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  routeListId: string,
  periodId: string,
  shiftId: string,
  pastToo: boolean,
): Promise<{ summary: RouteListGeneration; plans: RouteListPlan[] }> {
  const [rl] = await db.select({ id: routeList.id }).from(routeList).where(eq(routeList.id, routeListId)).limit(1);
  if (!rl) throw notFound(M.routeListNotFound);
  const p = await plannablePeriod(db, deps, periodId);
  await assertShifts(db, [shiftId]);
  const employees = await db
    .select({
      nrp: karyawan.nrp,
      tgl_awkerja: karyawan.tgl_awkerja,
      tgl_p3: karyawan.tgl_p3,
      zone: lokasi.time_zone,
      planned: kunjungan.no_dcp,
    })
    .from(karyawan)
    .leftJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .leftJoin(kunjungan, and(eq(kunjungan.nrp, karyawan.nrp), eq(kunjungan.period_id, p.id)))
    .where(
      and(
        eq(karyawan.route_list_id, routeListId),
        karyawanScope(actor),
        or(isNull(karyawan.tgl_p3), sql`${karyawan.tgl_p3} > ${p.mulai}`),
        or(isNull(karyawan.tgl_awkerja), lte(karyawan.tgl_awkerja, p.akhir)),
      ),
    )
    .orderBy(asc(karyawan.nrp));
  const open = employees.filter((e) => e.planned === null);
  const matrix = (await matrixOf(db, [routeListId])).get(routeListId) ?? [];
  const leaveDays = await leaveDaysOf(
    db,
    open.map((e) => e.nrp),
    p.mulai,
    p.akhir,
  );
  const days = daysOf(p.mulai, p.akhir);
  const changes = await dayChangesOf(
    db,
    open.map((e) => e.nrp),
    p.id,
  );
  const plans: RouteListPlan[] = [];
  const now = deps.now();
  for (const e of open) {
    // From her today on (her location's zone), unless the days already past were asked for.
    const kept = generatedDays(days, dateIn(asTimeZone(e.zone), now), pastToo);
    const { lines } = planLinesOf(e, days, kept, matrix, leaveDays.get(e.nrp), changes.get(e.nrp), shiftId);
    if (lines.length === 0) continue;
    plans.push({
      header: {
        no_dcp: planNumber(p.id, e.nrp),
        nrp: e.nrp,
        shift_id: shiftId,
        period_id: p.id,
        tgl_period1: p.mulai,
        tgl_period2: p.akhir,
        route_list_id: routeListId,
      },
      lines,
    });
  }
  return {
    summary: {
      route_list_id: routeListId,
      period_id: p.id,
      employees: employees.length,
      plans: plans.length,
      lines: plans.reduce((n, x) => n + x.lines.length, 0),
      skipped: employees.length - open.length,
    },
    plans,
  };
}

/** GET /api/kunjungan/route-list/{id}/generate: how many plans and lines generating would create. */
export async function previewRouteList(
  db: Db,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  routeListId: string,
  periodId: string,
  shiftId: string,
  pastToo = false,
): Promise<RouteListGeneration> {
  return (await routeListPlans(db, deps, actor, routeListId, periodId, shiftId, pastToo)).summary;
}

/**
 * POST /api/kunjungan/route-list/{id}/generate: every missing plan of the route list's employees, in one
 * transaction. A plan that appeared meanwhile (another click, another admin) is left as it is.
 */
export async function generateRouteList(
  db: Db,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  routeListId: string,
  periodId: string,
  shiftId: string,
  pastToo = false,
): Promise<RouteListGeneration> {
  return db.transaction(async (tx) => {
    const { summary, plans } = await routeListPlans(tx, deps, actor, routeListId, periodId, shiftId, pastToo);
    const created = new Set<string>();
    for (let i = 0; i < plans.length; i += INSERT_CHUNK) {
      const rows = await tx
        .insert(kunjungan)
        .values(plans.slice(i, i + INSERT_CHUNK).map((x) => x.header))
        .onConflictDoNothing()
        .returning({ no_dcp: kunjungan.no_dcp });
      for (const r of rows) created.add(r.no_dcp);
    }
    const lines = plans
      .filter((x) => created.has(x.header.no_dcp))
      .flatMap((x) =>
        x.lines.map((l) => ({
          no_dcp: x.header.no_dcp,
          tgl_dcp: l.tgl_dcp,
          shift_id: l.shift_id,
          cust_code: l.cust_code,
        })),
      );
    // Four arrays per statement instead of four parameters per row: a route list's month is 10^5 lines.
    for (let i = 0; i < lines.length; i += LINE_CHUNK) {
      const chunk = lines.slice(i, i + LINE_CHUNK);
      await tx.execute(sql`insert into ${kunjunganDetail} (no_dcp, tgl_dcp, shift_id, cust_code)
        select * from unnest(${sql.param(chunk.map((l) => l.no_dcp))}::varchar[], ${sql.param(chunk.map((l) => l.tgl_dcp))}::date[],
          ${sql.param(chunk.map((l) => l.shift_id))}::varchar[], ${sql.param(chunk.map((l) => l.cust_code))}::varchar[])`);
    }
    return {
      ...summary,
      plans: created.size,
      lines: lines.length,
      skipped: summary.skipped + (plans.length - created.size),
    };
  });
}
