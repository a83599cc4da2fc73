/**
 * The approval chain (docs/decisions/006-leave.md): step 1 the employee's team leader (when an active
 * account linked to that NRP holds leave.approve), then the admin step, decided by any holder of
 * leave.approve + leave.admin whose scope covers the employee and who is neither the employee nor the
 * team leader of step 1. Each approver's queue lists only the steps waiting for them. A decision runs
 * in the idempotent transaction of its request (outbox kind leave.decide) with the request row locked,
 * so two approvers cannot both decide one step: the second gets a 409 naming the first.
 */
import { dateTimeForPeople } from '../../../src/domain/dates';
import { and, asc, count, desc, eq, inArray, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { LeaveDecision } from '../../../src/domain/leave/leave';
import type { ApprovalQueueRow, LeaveSaved } from '../../../src/domain/leave/leave-answers';
import type { LeaveType } from '../../../src/domain/leave/leave-kinds';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import { LEAVE_STATUS, type ApprovalRole, type ApprovalTabStatus } from '../../../src/domain/leave/leave-rules';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { karyawan } from '../../db/schema/karyawan';
import { jenisLeave, leave, leaveApproval } from '../../db/schema/leave';
import type { Actor, Deps } from '../../lib/context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/pagination';
import type { WorkAnswer } from '../../middleware/idempotency';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';
import { applyEffects } from './leave-effects.service';
import { leaveRef, notifyDecision, notifyWaitingApprovers } from './leave-notify';
import { settleNotices } from '../push/notify';
import { loadLeave, loadLeaves, publicRow } from './leave-rows.service';

const s = leaveApproval;

export type QueueStatus = ApprovalTabStatus;

/** Admin steps this actor may decide now: earlier steps approved, in scope, not their own or their team's. */
function adminWaiting(actor: Actor): SQL | undefined {
  if (!actor.permissions.includes('leave.admin')) return undefined;
  return and(
    eq(s.approval_role, 'ADMIN'),
    eq(s.approval_status, 'N'),
    inArray(leave.status, [LEAVE_STATUS.pending, LEAVE_STATUS.approved1]),
    notExists(
      sql`(select 1 from ${leaveApproval} as earlier_step where earlier_step.leave_id = ${s.leave_id} and earlier_step.approval_num < ${s.approval_num} and earlier_step.approval_status <> 'A')`,
    ),
    actor.nrp
      ? notExists(
          sql`(select 1 from ${leaveApproval} as tl_step where tl_step.leave_id = ${s.leave_id} and tl_step.approval_role = 'TL' and tl_step.approval_nrp = ${actor.nrp})`,
        )
      : undefined,
    actor.nrp ? ne(leave.nrp, actor.nrp) : undefined,
    karyawanScope(actor),
  );
}

/** Team-leader steps waiting for this actor. */
function tlWaiting(actor: Actor): SQL | undefined {
  if (!actor.nrp) return undefined;
  return and(
    eq(s.approval_role, 'TL'),
    eq(s.approval_nrp, actor.nrp),
    eq(s.approval_status, 'N'),
    eq(leave.status, LEAVE_STATUS.pending),
  );
}

const NOTHING = sql`false`;

/** GET /api/leave/approval/{status}: what waits for me (N), what I approved (A) or rejected (R), or all. */
export function myQueueWhere(actor: Actor, status: QueueStatus): SQL {
  const waiting = or(tlWaiting(actor), adminWaiting(actor)) ?? NOTHING;
  const decided = (st: 'A' | 'R') => and(eq(s.approval_userid, actor.userid), eq(s.approval_status, st))!;
  if (status === 'N') return waiting;
  if (status === 'all') return or(waiting, decided('A'), decided('R'))!;
  return decided(status);
}

/** GET /api/leave/approval/admin/{status}: the admin step of every request in scope. */
export function adminQueueWhere(actor: Actor, status: QueueStatus): SQL {
  if (status === 'N') return adminWaiting(actor) ?? NOTHING;
  return and(
    eq(s.approval_role, 'ADMIN'),
    status === 'all' ? undefined : eq(s.approval_status, status),
    karyawanScope(actor),
  )!;
}

export async function approvalQueue(
  db: Db,
  where: SQL,
  status: QueueStatus,
  page: { page: number; per_page: number },
): Promise<{ result: ApprovalQueueRow[]; totalCount: number }> {
  const { limit, offset } = pageWindow(page);
  const base = db
    .select({
      approval_id: s.approval_id,
      leave_id: s.leave_id,
      approval_num: s.approval_num,
      approval_role: s.approval_role,
      approval_status: s.approval_status,
      approval_date: s.approval_date,
      keterangan: s.keterangan,
    })
    .from(s)
    .innerJoin(leave, eq(leave.leave_id, s.leave_id))
    .innerJoin(karyawan, eq(karyawan.nrp, leave.nrp))
    .where(where);
  // Waiting: oldest first (first come, first decided); decided: latest decision first.
  const order =
    status === 'N'
      ? [asc(leave.received_at), asc(s.approval_id)]
      : status === 'all'
        ? [desc(leave.received_at), desc(s.approval_id)]
        : [desc(s.approval_date), desc(s.approval_id)];
  const steps = await base
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(s)
    .innerJoin(leave, eq(leave.leave_id, s.leave_id))
    .innerJoin(karyawan, eq(karyawan.nrp, leave.nrp))
    .where(where);
  const ids = [...new Set(steps.map((x) => x.leave_id))];
  // What an approver decides on needs the coverage (planned visits left open) at hand, offline too.
  const rows = ids.length ? await loadLeaves(db, inArray(leave.leave_id, ids), { withCoverage: status !== 'R' }) : [];
  const byId = new Map(rows.map((r) => [r.leave_id, publicRow(r)]));
  return {
    result: steps.flatMap((x) => {
      const row = byId.get(x.leave_id);
      return row
        ? [
            {
              approval_id: x.approval_id,
              transaksi_id: x.leave_id,
              approval_num: x.approval_num,
              approval_role: x.approval_role as ApprovalRole,
              approval_status: x.approval_status,
              approval_date: x.approval_date ? x.approval_date.toISOString() : null,
              keterangan: x.keterangan,
              leave: row,
            },
          ]
        : [];
    }),
    totalCount: total?.n ?? 0,
  };
}

// ---------------------------------------------------------------- deciding

/** POST /api/leave/approved/status. Answers 200 with the request as it now stands. */
export async function decideLeave(
  tx: Tx,
  deps: Pick<Deps, 'now'>,
  actor: Actor,
  input: LeaveDecision,
): Promise<WorkAnswer<LeaveSaved>> {
  const now = deps.now();
  const [ref] = await tx.select({ leave_id: s.leave_id }).from(s).where(eq(s.approval_id, input.id)).limit(1);
  if (!ref) throw notFound(LEAVE_MESSAGES.stepNotFound);
  // The request row is the lock: decisions on one request happen one after another.
  const [req] = await tx
    .select({
      leave_id: leave.leave_id,
      nrp: leave.nrp,
      status: leave.status,
      type: jenisLeave.type,
      start_date: leave.start_date,
      end_date: leave.end_date,
      hari_request: leave.hari_request,
      periode: leave.periode,
      shift_request: leave.shift_request,
    })
    .from(leave)
    .innerJoin(jenisLeave, eq(jenisLeave.id, leave.jenis_leave_id))
    .where(eq(leave.leave_id, ref.leave_id))
    .for('update', { of: leave })
    .limit(1);
  if (!req) throw notFound(LEAVE_MESSAGES.notFound);
  const steps = await tx
    .select({
      approval_id: s.approval_id,
      approval_num: s.approval_num,
      approval_role: s.approval_role,
      approval_nrp: s.approval_nrp,
      approval_status: s.approval_status,
      approval_date: s.approval_date,
      approver: users.nama,
    })
    .from(s)
    .leftJoin(users, eq(users.userid, s.approval_userid))
    .where(eq(s.leave_id, req.leave_id))
    .orderBy(asc(s.approval_num));
  const step = steps.find((x) => x.approval_id === input.id)!;

  // Who: never one's own request; step TL only its team leader; step ADMIN a leave.admin in scope who is not that TL.
  if (actor.nrp && actor.nrp === req.nrp) throw forbidden(LEAVE_MESSAGES.ownRequest);
  if (step.approval_role === 'TL') {
    if (!actor.nrp || actor.nrp !== step.approval_nrp) throw forbidden(LEAVE_MESSAGES.notApprover);
  } else {
    if (!actor.permissions.includes('leave.admin')) throw forbidden(LEAVE_MESSAGES.notApprover);
    if (actor.nrp && steps.some((x) => x.approval_role === 'TL' && x.approval_nrp === actor.nrp)) {
      throw forbidden(LEAVE_MESSAGES.tlCannotBeAdmin);
    }
    const [emp] = await tx
      .select({
        kode_prsh: karyawan.kode_prsh,
        sales_office_id: karyawan.sales_office_id,
        kode_lokasi: karyawan.kode_lokasi,
        client_id: karyawan.client_id,
        jabatan_id: karyawan.jabatan_id,
        type_spg_id: karyawan.type_spg_id,
      })
      .from(karyawan)
      .where(eq(karyawan.nrp, req.nrp))
      .limit(1);
    if (emp) assertInScope(actor, emp);
  }

  // When: once, in order, and not after a rejection.
  if (step.approval_status !== 'N') {
    const what = step.approval_status === 'R' ? 'reject' : 'approve';
    throw conflict(
      LEAVE_MESSAGES.alreadyDecided(what, step.approver ?? 'approver lain', dateTimeForPeople(step.approval_date)),
    );
  }
  if (req.status === LEAVE_STATUS.rejected) throw conflict(LEAVE_MESSAGES.alreadyRejected);
  if (steps.some((x) => x.approval_num < step.approval_num && x.approval_status !== 'A')) {
    throw conflict(LEAVE_MESSAGES.waitingTl);
  }

  const decidedAt = input.captured_at ? new Date(input.captured_at) : now;
  const [updated] = await tx
    .update(s)
    .set({
      approval_status: input.status,
      approval_userid: actor.userid,
      approval_nrp: step.approval_role === 'ADMIN' ? actor.nrp : step.approval_nrp,
      approval_date: decidedAt,
      received_at: now,
      keterangan: input.keterangan || null,
    })
    .where(and(eq(s.approval_id, step.approval_id), eq(s.approval_status, 'N')))
    .returning({ id: s.approval_id });
  if (!updated) throw conflict(LEAVE_MESSAGES.alreadyDecided('approve', 'approver lain', '-'));

  const last = !steps.some((x) => x.approval_num > step.approval_num);
  const next = input.status === 'R' ? LEAVE_STATUS.rejected : last ? LEAVE_STATUS.approved : LEAVE_STATUS.approved1;
  await tx.update(leave).set({ status: next, updated_at: now }).where(eq(leave.leave_id, req.leave_id));
  if (next === LEAVE_STATUS.approved)
    await applyEffects(tx, now, { ...req, type: req.type as LeaveType }, actor.userid);
  await settleNotices(tx, leaveRef(req.leave_id));
  await notifyDecision(tx, req.leave_id, input.status, actor.nama, input.keterangan);
  if (next === LEAVE_STATUS.approved1) await notifyWaitingApprovers(tx, req.leave_id);

  const row = await loadLeave(tx, req.leave_id);
  return {
    status: 200,
    body: {
      message: input.status === 'A' ? LEAVE_MESSAGES.approved : LEAVE_MESSAGES.rejected,
      result: publicRow(row!),
    },
  };
}
