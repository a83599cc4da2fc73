/**
 * Who hears of a leave request (issue 29), told inside the transaction that makes the event true:
 * - filed, or its team-leader step approved: the approvers of the step now waiting ("Pengajuan baru"):
 *   the team leader of step 1, else every active holder of leave.approve + leave.admin whose scope covers
 *   the employee and who is neither she nor her team leader (the same rule as decideLeave);
 * - each decision: the employee ("keputusan").
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { APPROVAL_ROLE_LABELS } from '../../../src/domain/leave/leave-rules';
import { effectivePermissions, hasPermission } from '../../../src/domain/roles/permissions';
import { roles, users } from '../../db/schema/auth';
import type { Tx } from '../../db/client';
import { notifyEmployees, notifyUsers } from '../push/notify';
import { inScope } from '../../middleware/trustee-scope';
import { loadLeave, type LoadedLeave } from './leave-rows.service';

const APPROVAL_URL = '/approval/leave';
const OWN_URL = '/leave';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the screens write dates. */
const dmy = (d: string) => d.split('-').reverse().join('/');
const period = (r: LoadedLeave) =>
  r.start_date === r.end_date ? dmy(r.start_date) : `${dmy(r.start_date)} s.d. ${dmy(r.end_date)}`;

/** Users who may decide the admin step of this request. */
async function adminApprovers(tx: Tx, row: LoadedLeave): Promise<string[]> {
  const tlNrps = row.approval.filter((s) => s.approval_role === 'TL').map((s) => s.approval_nrp);
  const candidates = await tx
    .select({ userid: users.userid, nrp: users.nrp, trustee: users.trustee, permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .where(and(eq(users.isActive, true), isNotNull(users.role)));
  return candidates
    .filter((u) => hasPermission(effectivePermissions(u.permissions), ['leave.approve', 'leave.admin']))
    .filter((u) => !u.nrp || (u.nrp !== row.nrp && !tlNrps.includes(u.nrp)))
    .filter((u) => inScope({ trustee: u.trustee }, row.scope))
    .map((u) => u.userid);
}

/** The ref of a leave request's "Pengajuan baru" notices (settleNotices). */
export const leaveRef = (leaveId: number) => `leave:${leaveId}`;

/** Tells the approvers of the step now waiting on this request (none when it is decided or withdrawn). */
export async function notifyWaitingApprovers(tx: Tx, leaveId: number): Promise<void> {
  const row = await loadLeave(tx, leaveId);
  if (!row) return;
  const waiting = row.approval.find((s) => s.approval_status === 'N');
  if (!waiting || row.approval.some((s) => s.approval_status === 'R')) return;
  if (row.approval.some((s) => s.approval_num < waiting.approval_num && s.approval_status !== 'A')) return;
  const notice = {
    jenis: 'pengajuan' as const,
    title: 'Pengajuan baru',
    body: `${row.karyawan.nama} mengajukan ${row.jenis.jenis_leave} (${period(row)}). Menunggu persetujuan Anda.`,
    url: APPROVAL_URL,
    ref: leaveRef(leaveId),
  };
  if (waiting.approval_role === 'TL' && waiting.approval_nrp) await notifyEmployees(tx, [waiting.approval_nrp], notice);
  else await notifyUsers(tx, await adminApprovers(tx, row), notice);
}

/** Tells the employee of a decision on her request (after the decision's writes). */
export async function notifyDecision(
  tx: Tx,
  leaveId: number,
  decision: 'A' | 'R',
  by: string,
  note: string | null | undefined,
): Promise<void> {
  const row = await loadLeave(tx, leaveId);
  if (!row) return;
  const what = `${row.jenis.jenis_leave} (${period(row)})`;
  const final = !row.approval.some((s) => s.approval_status === 'N');
  const notice =
    decision === 'R'
      ? {
          title: 'Pengajuan ditolak',
          body: `${what} ditolak oleh ${by}${note ? `: ${note}` : '.'}`,
        }
      : final
        ? { title: 'Pengajuan disetujui', body: `${what} disetujui oleh ${by}.` }
        : {
            // The steps named as the approval screens name them (APPROVAL_ROLE_LABELS).
            title: `Disetujui ${APPROVAL_ROLE_LABELS.TL}`,
            body: `${what} disetujui oleh ${by}, menunggu persetujuan ${APPROVAL_ROLE_LABELS.ADMIN}.`,
          };
  await notifyEmployees(tx, [row.nrp], { jenis: 'keputusan', url: OWN_URL, ...notice });
}
