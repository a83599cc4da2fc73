/**
 * Filing, changing and withdrawing a leave request, each after every rule of spec §5
 * (leave-checks.service.ts). Filing runs inside the idempotent transaction of the request (the outbox
 * kind leave.create); a stored attachment is removed again when its transaction does not commit.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { LeaveFields } from '../../../src/domain/leave/leave';
import type { LeaveSaved } from '../../../src/domain/leave/leave-answers';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import { LEAVE_STATUS } from '../../../src/domain/leave/leave-rules';
import { leave, leaveApproval } from '../../db/schema/leave';
import { removeAttachment, storeAttachment, type CheckedAttachment } from '../../lib/attachments';
import type { Actor, Deps } from '../../lib/context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { WorkAnswer, WorkScope } from '../../middleware/idempotency';
import { assertInScope } from '../../middleware/trustee-scope';
import { loadEmployee } from '../../lib/employee';
import { prepare, targetEmployee } from './leave-checks.service';
import { leaveRef, notifyWaitingApprovers } from './leave-notify';
import { settleNotices } from '../push/notify';
import { loadLeave, publicRow } from './leave-rows.service';

/** POST /api/leave: 201 with the stored request and its approval chain. */
export async function createLeave(
  tx: Tx,
  deps: Pick<Deps, 'storage' | 'now'>,
  scope: WorkScope,
  actor: Actor,
  fields: LeaveFields,
  attachment: CheckedAttachment | null,
): Promise<WorkAnswer<LeaveSaved>> {
  const now = deps.now();
  const emp = await targetEmployee(tx, actor, fields.karyawan_nrp);
  const { values, teamLeaderNrp } = await prepare(tx, actor, now, fields, emp, attachment !== null);
  const stored = attachment ? await storeAttachment(deps.storage, attachment, scope) : null;
  const [row] = await tx
    .insert(leave)
    .values({
      ...values,
      status: LEAVE_STATUS.pending,
      attachment: stored,
      attachment_name: attachment?.name ?? null,
      attachment_type: attachment?.ext ?? null,
      created_by: actor.userid,
      received_at: now,
      updated_at: now,
    })
    .returning({ leave_id: leave.leave_id });
  const id = row!.leave_id;
  await tx
    .update(leave)
    .set({ nomor: `LV-${values.tanggal.slice(0, 4)}${values.tanggal.slice(5, 7)}-${String(id).padStart(6, '0')}` })
    .where(eq(leave.leave_id, id));
  const steps: (typeof leaveApproval.$inferInsert)[] = [];
  if (teamLeaderNrp) steps.push({ leave_id: id, approval_num: 1, approval_role: 'TL', approval_nrp: teamLeaderNrp });
  steps.push({ leave_id: id, approval_num: steps.length + 1, approval_role: 'ADMIN', approval_nrp: null });
  await tx.insert(leaveApproval).values(steps);
  await notifyWaitingApprovers(tx, id);
  const created = await loadLeave(tx, id);
  return { status: 201, body: { message: LEAVE_MESSAGES.created, result: publicRow(created!) } };
}

/** A request may be changed or withdrawn by its employee (or a leave.admin in scope) until someone decides. */
async function editable(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx.select().from(leave).where(eq(leave.leave_id, id)).for('update').limit(1);
  if (!row) throw notFound(LEAVE_MESSAGES.notFound);
  if (row.nrp !== actor.nrp) {
    if (!actor.permissions.includes('leave.admin')) throw forbidden(LEAVE_MESSAGES.notOwn);
    const emp = await loadEmployee(tx, row.nrp);
    if (emp) assertInScope(actor, emp);
  }
  const decided = await tx
    .select({ id: leaveApproval.approval_id })
    .from(leaveApproval)
    .where(and(eq(leaveApproval.leave_id, id), inArray(leaveApproval.approval_status, ['A', 'R'])))
    .limit(1);
  if (row.status !== LEAVE_STATUS.pending || decided.length) throw conflict(LEAVE_MESSAGES.alreadyProcessed);
  return row;
}

/** PUT /api/leave/{id}: the same fields as filing; a new attachment replaces the old one. */
export async function updateLeave(
  deps: Deps,
  actor: Actor,
  id: number,
  fields: LeaveFields,
  attachment: CheckedAttachment | null,
) {
  const undo: (() => Promise<void>)[] = [];
  let replaced: string | null = null;
  try {
    const answer = await deps.db.transaction(async (tx) => {
      const current = await editable(tx, actor, id);
      const emp = await loadEmployee(tx, current.nrp);
      if (!emp) throw notFound(LEAVE_MESSAGES.karyawanNotFound);
      const now = deps.now();
      const { values } = await prepare(
        tx,
        actor,
        now,
        { ...fields, tanggal: fields.tanggal ?? current.tanggal },
        emp,
        attachment !== null || current.attachment !== null,
        current.leave_id,
      );
      const patch: Partial<typeof leave.$inferInsert> = { ...values, updated_at: now };
      if (attachment) {
        patch.attachment = await storeAttachment(deps.storage, attachment, {
          onRollback: (fn) => void undo.push(fn),
        });
        patch.attachment_name = attachment.name;
        patch.attachment_type = attachment.ext;
        replaced = current.attachment;
      }
      await tx.update(leave).set(patch).where(eq(leave.leave_id, current.leave_id));
      return { message: LEAVE_MESSAGES.updated, result: publicRow((await loadLeave(tx, current.leave_id))!) };
    });
    if (replaced) await removeAttachment(deps.storage, replaced).catch(() => undefined);
    return answer;
  } catch (err) {
    for (const fn of undo) await fn().catch(() => undefined);
    throw err;
  }
}

/** DELETE /api/leave/{id}: only while nobody has decided; the attachment goes with it. */
export async function deleteLeave(deps: Deps, actor: Actor, id: number) {
  const gone = await deps.db.transaction(async (tx) => {
    const current = await editable(tx, actor, id);
    await tx.delete(leave).where(eq(leave.leave_id, current.leave_id));
    // Nothing is left to decide: no approver's bell asks for it any more.
    await settleNotices(tx, leaveRef(current.leave_id));
    return current;
  });
  if (gone.attachment) await removeAttachment(deps.storage, gone.attachment).catch(() => undefined);
  return { message: LEAVE_MESSAGES.deleted };
}
