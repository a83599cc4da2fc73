/**
 * The leave kinds of the outbox: filing a request (leave.create, multipart with the attachment kept
 * as bytes) and an approver's decision (leave.decide, JSON). Each row's id is fixed when the form or
 * dialog opens, so a double tap is one row, and it is the Idempotency-Key the server recognises.
 * A decision on a step someone else already decided comes back 409: the row turns needs-action with
 * the server's message, never a silent overwrite.
 */
import type dayjs from 'dayjs';
import type { OutboxKind } from '../../domain/outbox-kinds';
import type { OutboxRow } from '../../lib/offline/db';
import { enqueue } from '../../lib/offline/outbox';

export const LEAVE_CREATE: OutboxKind = 'leave.create';
export const LEAVE_DECIDE: OutboxKind = 'leave.decide';

/** The form's fields as sent (blank ones are left out). */
export type LeaveFormPayload = Record<string, string>;

export interface LeaveCreateInput {
  id: string;
  userid: string;
  fields: LeaveFormPayload;
  attachment: File | null;
  /** Device time of filing. */
  at: dayjs.Dayjs;
  /** What the own list shows while the row waits: the kind's name. */
  jenisLabel: string;
}

export function enqueueLeaveCreate(input: LeaveCreateInput): Promise<OutboxRow> {
  const payload: OutboxRow['payload'] = {};
  for (const [k, v] of Object.entries(input.fields)) if (v !== '') payload[k] = v;
  return enqueue({
    id: input.id,
    kind: LEAVE_CREATE,
    userid: input.userid,
    path: '/api/leave',
    encoding: 'multipart',
    payload: {
      ...payload,
      tanggal: input.at.format('YYYY-MM-DD'),
      captured_at: input.at.format(),
      // Not a form field: the server ignores it; the own list shows it while the row waits.
      jenis_label: input.jenisLabel,
    },
    files: input.attachment ? [{ field: 'attachment', file: input.attachment, name: input.attachment.name }] : [],
    capturedAt: input.at.format(),
  });
}

export interface LeaveDecisionInput {
  id: string;
  userid: string;
  approvalId: number;
  status: 'A' | 'R';
  keterangan: string;
  at: dayjs.Dayjs;
}

export function enqueueLeaveDecision(input: LeaveDecisionInput): Promise<OutboxRow> {
  return enqueue({
    id: input.id,
    kind: LEAVE_DECIDE,
    userid: input.userid,
    path: '/api/leave/approved/status',
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

/** Filing rows still on the device (waiting, or refused by the server), newest first. */
export function undeliveredRequests(rows: OutboxRow[]): OutboxRow[] {
  return rows.filter((r) => r.kind === LEAVE_CREATE && r.state !== 'done').reverse();
}

/** The latest decision row per approval step that the server has not confirmed into the queue yet. */
export function decisionsByStep(rows: OutboxRow[]): Map<number, OutboxRow> {
  const out = new Map<number, OutboxRow>();
  for (const r of rows) if (r.kind === LEAVE_DECIDE) out.set(Number(r.payload.id), r);
  return out;
}
