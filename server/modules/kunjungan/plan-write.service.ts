/**
 * Writing visit plans (spec part 2 §4 visit detail and plan, §5 visit plan row): saving a plan once per
 * employee and period, deleting it (a second, explicit confirmation when lines are checked in), and
 * adding, changing and removing lines, where a checked-in line keeps its store and cannot go.
 */
import { and, count, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import {
  KUNJUNGAN_PLAN_MESSAGES as M,
  tanggalIssue,
  type LineUpdate,
  type PlanCreate,
  type PlanLineInput,
} from '../../../src/domain/kunjungan/kunjungan-plan';
import type { Db, Q } from '../../db/client';
import { kunjungan, kunjunganDetail as d } from '../../db/schema/kunjungan';
import { store } from '../../db/schema/store';
import type { Actor, Deps } from '../../lib/context';
import { badRequest, conflict, notFound, type FieldIssue } from '../../lib/errors';
import { assertShifts, checkRange, planNumber, plannablePeriod } from './plan-generate.service';
import { notifyTodayChanged } from './plan-notify';
import { getPlan, loadKaryawan, loadPlan, selectPlanLines } from './plan-read.service';

async function assertStores(db: Q, codes: string[], path = 'cust_code') {
  const unique = [...new Set(codes)];
  const found = await db.select({ c: store.cust_code }).from(store).where(inArray(store.cust_code, unique));
  if (found.length !== unique.length) throw badRequest(M.storeNotFound, [{ path, message: M.storeNotFound }]);
}

/** POST /api/kunjungan: a new plan with its lines; a second plan for the same employee and period is a 409. */
export async function createPlan(db: Db, deps: Pick<Deps, 'now' | 'visitRadiusM'>, actor: Actor, input: PlanCreate) {
  const emp = await loadKaryawan(db, actor, input.nrp);
  const p = await plannablePeriod(db, deps, input.period_id);
  checkRange(p, input);
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  input.details.forEach((l, i) => {
    const dateIssue = tanggalIssue(l.tgl_dcp, input.tgl_period1, input.tgl_period2);
    if (dateIssue) issues.push({ path: `details.${i}.tgl_dcp`, message: dateIssue });
    const key = `${l.tgl_dcp} ${l.cust_code}`;
    if (seen.has(key)) issues.push({ path: `details.${i}.cust_code`, message: M.duplicateLine });
    seen.add(key);
  });
  if (issues.length) throw badRequest(issues[0]!.message, issues);
  await assertShifts(db, [input.shift_id, ...input.details.map((l) => l.shift_id)]);
  await assertStores(
    db,
    input.details.map((l) => l.cust_code),
  );
  const noDcp = planNumber(p.id, emp.nrp);
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(kunjungan)
      .values({
        no_dcp: noDcp,
        nrp: emp.nrp,
        shift_id: input.shift_id,
        period_id: p.id,
        tgl_period1: input.tgl_period1,
        tgl_period2: input.tgl_period2,
        route_list_id: emp.route_list_id,
      })
      .onConflictDoNothing()
      .returning({ no_dcp: kunjungan.no_dcp });
    if (created.length === 0) {
      const [other] = await tx
        .select({ no_dcp: kunjungan.no_dcp })
        .from(kunjungan)
        .where(and(eq(kunjungan.nrp, emp.nrp), eq(kunjungan.period_id, p.id)));
      throw conflict(M.exists(other?.no_dcp ?? noDcp));
    }
    await tx.insert(d).values(input.details.map((l) => ({ no_dcp: noDcp, ...l })));
  });
  return { message: M.saved, result: await getPlan(db, deps, actor, noDcp) };
}

/** DELETE /api/kunjungan/{id}: the plan and its lines (leave requests keep their row, losing the link). */
export async function deletePlan(db: Db, actor: Actor, noDcp: string, force: boolean) {
  return db.transaction(async (tx) => {
    await loadPlan(tx, actor, noDcp);
    // Locks the plan: a check-in arriving now waits, and is then refused as a line that no longer exists.
    await tx.select({ n: kunjungan.no_dcp }).from(kunjungan).where(eq(kunjungan.no_dcp, noDcp)).for('update');
    const [checked] = await tx
      .select({ n: count() })
      .from(d)
      .where(and(eq(d.no_dcp, noDcp), or(isNotNull(d.in_jam), isNotNull(d.out_jam))));
    const n = checked?.n ?? 0;
    if (n > 0 && !force) throw conflict(M.planCheckedIn(n));
    await tx.delete(kunjungan).where(eq(kunjungan.no_dcp, noDcp));
    return { message: M.deleted };
  });
}

async function planRange(db: Q, noDcp: string) {
  const [p] = await db
    .select({ tgl_period1: kunjungan.tgl_period1, tgl_period2: kunjungan.tgl_period2 })
    .from(kunjungan)
    .where(eq(kunjungan.no_dcp, noDcp));
  if (!p) throw notFound(M.notFound);
  return p;
}

async function assertNoTwin(db: Q, noDcp: string, tgl: string, custCode: string, exceptId?: number) {
  const [twin] = await db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.no_dcp, noDcp),
        eq(d.tgl_dcp, tgl),
        eq(d.cust_code, custCode),
        exceptId === undefined ? undefined : ne(d.id, exceptId),
      ),
    )
    .limit(1);
  if (twin) throw conflict(M.duplicateLine);
}

/** POST /api/kunjungan/{no_dcp}/detail/add: one more line, inside the plan's dates. */
export async function addLine(db: Db, actor: Actor, noDcp: string, input: PlanLineInput) {
  await loadPlan(db, actor, noDcp);
  const range = await planRange(db, noDcp);
  const dateIssue = tanggalIssue(input.tgl_dcp, range.tgl_period1, range.tgl_period2);
  if (dateIssue) throw badRequest(dateIssue, [{ path: 'tgl_dcp', message: dateIssue }]);
  await assertShifts(db, [input.shift_id]);
  await assertStores(db, [input.cust_code]);
  await assertNoTwin(db, noDcp, input.tgl_dcp, input.cust_code);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(d)
      .values({ no_dcp: noDcp, ...input })
      .returning({ id: d.id });
    await notifyTodayChanged(tx, { no_dcp: noDcp, ...input }, 'ditambahkan', new Date());
    return inserted;
  });
  const [result] = await selectPlanLines(db, eq(d.id, row!.id));
  return { message: M.lineAdded, result: result! };
}

async function loadLine(db: Q, actor: Actor, id: number) {
  const [line] = await db
    .select({ id: d.id, no_dcp: d.no_dcp, tgl_dcp: d.tgl_dcp, cust_code: d.cust_code, in_jam: d.in_jam })
    .from(d)
    .where(eq(d.id, id))
    .limit(1);
  if (!line) throw notFound(M.lineNotFound);
  await loadPlan(db, actor, line.no_dcp);
  return line;
}

/** PUT /api/kunjungan/detail/{id}: shift and store; a checked-in line keeps its store (409). */
export async function updateLine(db: Db, actor: Actor, id: number, input: LineUpdate) {
  const line = await loadLine(db, actor, id);
  const storeChanges = input.cust_code !== line.cust_code;
  if (storeChanges && line.in_jam) throw conflict(M.lineCheckedInStore);
  await assertShifts(db, [input.shift_id]);
  await assertStores(db, [input.cust_code]);
  if (storeChanges) await assertNoTwin(db, line.no_dcp, line.tgl_dcp, input.cust_code, id);
  // Conditional on no check-in having arrived meanwhile when the store changes.
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(d)
      .set(input)
      .where(and(eq(d.id, id), storeChanges ? isNull(d.in_jam) : undefined))
      .returning({ id: d.id });
    if (rows.length) await notifyTodayChanged(tx, { ...line, cust_code: input.cust_code }, 'diubah', new Date());
    return rows;
  });
  if (updated.length === 0) throw conflict(M.lineCheckedInStore);
  const [result] = await selectPlanLines(db, eq(d.id, id));
  return { message: M.lineSaved, result: result! };
}

/** DELETE /api/kunjungan/detail/{id}: only a line without a check-in. */
export async function deleteLine(db: Db, actor: Actor, id: number) {
  const line = await loadLine(db, actor, id);
  if (line.in_jam) throw conflict(M.lineCheckedInDelete);
  const gone = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(d)
      .where(and(eq(d.id, id), isNull(d.in_jam), isNull(d.out_jam)))
      .returning({ id: d.id });
    if (rows.length) await notifyTodayChanged(tx, line, 'dihapus', new Date());
    return rows;
  });
  if (gone.length === 0) throw conflict(M.lineCheckedInDelete);
  return { message: M.lineDeleted };
}
