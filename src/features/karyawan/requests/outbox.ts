/**
 * The offline kind profile.change: an employee's profile change request, JSON, sent to
 * POST /api/request/karyawan with the row id as Idempotency-Key. The id is fixed when the form opens,
 * so a double tap is one row and a replay after a lost answer files nothing twice. The payload holds
 * only the fields the employee changed (as typed; '' clears), so the server's rules decide. Each row
 * names its contract (`requestContracts.file`); rows stored before that carry only their path, the
 * same one, and replay alike.
 */
import type dayjs from 'dayjs';
import type { OutboxKind } from '../../../domain/outbox-kinds';
import {
  PROFILE_REQUEST_FIELDS,
  type ProfileField,
  type ProfileRequestFormInput,
} from '../../../domain/karyawan/request';
import { requestContracts } from '../../../domain/karyawan/request-contracts';
import type { OutboxRow } from '../../../lib/offline/db';
import { enqueue, ofKind, to } from '../../../lib/offline/outbox';

export const PROFILE_CHANGE = 'profile.change' satisfies OutboxKind;

export interface ProfileChangeInput {
  id: string;
  userid: string;
  nrp: string;
  changes: Partial<ProfileRequestFormInput>;
  /** Device time of filing. */
  at: dayjs.Dayjs;
}

export function enqueueProfileChange(input: ProfileChangeInput): Promise<OutboxRow<typeof PROFILE_CHANGE>> {
  return enqueue({
    id: input.id,
    kind: PROFILE_CHANGE,
    userid: input.userid,
    to: to(requestContracts.file),
    encoding: 'json',
    payload: { ...input.changes, nrp: input.nrp, captured_at: input.at.format() },
    capturedAt: input.at.format(),
  });
}

/** Requests filed on this device that the server has not confirmed (waiting or refused), newest first. */
export function undeliveredProfileChanges(rows: OutboxRow[]): OutboxRow<typeof PROFILE_CHANGE>[] {
  return rows
    .filter(ofKind(PROFILE_CHANGE))
    .filter((r) => r.state !== 'done')
    .reverse();
}

/** The fields a waiting row asks to change, in the form's order. */
export function changesOf(row: OutboxRow<typeof PROFILE_CHANGE>): [ProfileField, string][] {
  return PROFILE_REQUEST_FIELDS.flatMap((f) => {
    const value = row.payload[f];
    return value === undefined ? [] : [[f, value] as [ProfileField, string]];
  });
}
