/**
 * The leave kinds of the outbox: filing a request (leave.create, multipart with the attachment kept
 * as bytes) and an approver's decision (leave.decide, JSON). Each row's id is fixed when the form or
 * dialog opens, so a double tap is one row, and it is the Idempotency-Key the server recognises.
 * A decision on a step someone else already decided comes back 409: the row turns needs-action with
 * the server's message, never a silent overwrite. The payloads are the route's own input types
 * (src/domain/leave/leave.ts), so what the phone stores is what the server parses. Each row names its
 * contract (`leaveContracts.file`, `leaveContracts.decide`); rows stored before that carry only their
 * path, the same one, and replay alike.
 */
import type dayjs from 'dayjs';
import { leaveContracts } from '../../domain/leave/contracts';
import type { LeaveFormFields } from '../../domain/leave/leave';
import type { OutboxPayload } from '../../domain/outbox-kinds';
import type { OutboxRow } from '../../lib/offline/db';
import { enqueue, to } from '../../lib/offline/outbox';

export const LEAVE_CREATE = 'leave.create';
export const LEAVE_DECIDE = 'leave.decide';

export interface LeaveCreateInput {
  id: string;
  userid: string;
  /** The form's fields as sent (leavePayload); blank ones are left out. */
  fields: LeaveFormFields;
  attachment: File | null;
  /** Device time of filing. */
  at: dayjs.Dayjs;
  /** What the own list shows while the row waits: the kind's name. */
  jenisLabel: string;
}

export function enqueueLeaveCreate(input: LeaveCreateInput): Promise<OutboxRow<typeof LEAVE_CREATE>> {
  const fields: LeaveFormFields = {};
  for (const [k, v] of Object.entries(input.fields) as [keyof LeaveFormFields, string | undefined][]) {
    if (v !== undefined && v !== '') fields[k] = v;
  }
  const payload: OutboxPayload<typeof LEAVE_CREATE> = {
    ...fields,
    tanggal: input.at.format('YYYY-MM-DD'),
    captured_at: input.at.format(),
    // Not a form field: the server ignores it; the own list shows it while the row waits.
    jenis_label: input.jenisLabel,
  };
  return enqueue({
    id: input.id,
    kind: LEAVE_CREATE,
    userid: input.userid,
    to: to(leaveContracts.file),
    encoding: 'multipart',
    payload,
    files: input.attachment ? [{ field: 'attachment', file: input.attachment, name: input.attachment.name }] : [],
    capturedAt: input.at.format(),
  });
}

export interface LeaveDecisionEnqueue {
  id: string;
  userid: string;
  approvalId: number;
  status: 'A' | 'R';
  keterangan: string;
  at: dayjs.Dayjs;
}

export function enqueueLeaveDecision(input: LeaveDecisionEnqueue): Promise<OutboxRow<typeof LEAVE_DECIDE>> {
  return enqueue({
    id: input.id,
    kind: LEAVE_DECIDE,
    userid: input.userid,
    to: to(leaveContracts.decide),
    encoding: 'json',
    payload: {
      id: input.approvalId,
      status: input.status,
      keterangan: input.keterangan.trim() || null,
      captured_at: input.at.format(),
    },
    capturedAt: input.at.format(),
  });
}

const isCreate = (r: OutboxRow): r is OutboxRow<typeof LEAVE_CREATE> => r.kind === LEAVE_CREATE;
const isDecision = (r: OutboxRow): r is OutboxRow<typeof LEAVE_DECIDE> => r.kind === LEAVE_DECIDE;

/** Filing rows still on the device (waiting, or refused by the server), newest first. */
export function undeliveredRequests(rows: OutboxRow[]): OutboxRow<typeof LEAVE_CREATE>[] {
  return rows
    .filter(isCreate)
    .filter((r) => r.state !== 'done')
    .reverse();
}

/** The latest decision row per approval step that the server has not confirmed into the queue yet. */
export function decisionsByStep(rows: OutboxRow[]): Map<number, OutboxRow<typeof LEAVE_DECIDE>> {
  const out = new Map<number, OutboxRow<typeof LEAVE_DECIDE>>();
  for (const r of rows.filter(isDecision)) out.set(Number(r.payload.id), r);
  return out;
}
