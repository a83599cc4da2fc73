/**
 * The offline kind profile.change: an employee's profile change request, JSON, sent to
 * POST /api/request/karyawan with the row id as Idempotency-Key. The id is fixed when the form opens,
 * so a double tap is one row and a replay after a lost answer files nothing twice. The payload holds
 * only the fields the employee changed (as typed; '' clears), so the server's rules decide.
 */
import type dayjs from 'dayjs';
import type { OutboxKind } from '../../../domain/outbox-kinds';
import { isProfileField, type ProfileField } from '../../../domain/request';
import type { OutboxRow } from '../../../lib/offline/db';
import { enqueue } from '../../../lib/offline/outbox';

export const PROFILE_CHANGE: OutboxKind = 'profile.change';

export interface ProfileChangeInput {
  id: string;
  userid: string;
  nrp: string;
  changes: Partial<Record<ProfileField, string>>;
  /** Device time of filing. */
  at: dayjs.Dayjs;
}

export function enqueueProfileChange(input: ProfileChangeInput): Promise<OutboxRow> {
  return enqueue({
    id: input.id,
    kind: PROFILE_CHANGE,
    userid: input.userid,
    path: '/api/request/karyawan',
    encoding: 'json',
    payload: { ...input.changes, nrp: input.nrp, captured_at: input.at.format() },
    capturedAt: input.at.format(),
  });
}

/** Requests filed on this device that the server has not confirmed (waiting or refused), newest first. */
export function undeliveredProfileChanges(rows: OutboxRow[]): OutboxRow[] {
  return rows.filter((r) => r.kind === PROFILE_CHANGE && r.state !== 'done').reverse();
}

/** The fields a waiting row asks to change, in the form's order. */
export function changesOf(row: OutboxRow): [ProfileField, string][] {
  return Object.entries(row.payload)
    .filter((e): e is [ProfileField, string] => isProfileField(e[0]))
    .map(([f, value]) => [f, String(value ?? '')]);
}
