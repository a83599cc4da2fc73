/**
 * The field app's offline kinds: check-in/out of the day and of each store visit. Each action is one
 * outbox row (multipart, with the photo) whose id is fixed when the capture opens, so a double tap
 * cannot make two records and a replay after a lost answer is recognised by the server. The payloads
 * are typed by the route's schemas (src/domain/outbox-kinds.ts). Each row names its endpoint contract
 * (src/domain/absensi/field-contracts.ts, tinjau-contracts.ts), and a day row its action (`action`)
 * rather than leaving the server to tell it by its time field; rows stored before carry only their
 * path, the same one, and no action, and replay alike (the server still reads their jam_masuk or
 * jam_keluar).
 */
import type dayjs from 'dayjs';
import { fieldContracts } from '../../domain/absensi/field-contracts';
import { tinjauContracts } from '../../domain/absensi/tinjau-contracts';
import { enqueue, to } from '../../lib/offline/outbox';
import type { TimeZone } from '../../domain/time-zone';
import type { LocationFix } from './capture';
import { fieldDayTime } from './zone';
import { signCheckIn } from '../../lib/device/signing';
import type { SignedPayload } from '../../domain/device/device';

export interface Capture {
  /** Fixed when the capture opens: the row id and Idempotency-Key. */
  id: string;
  photo: File;
  location: LocationFix;
  /** Device time of the action. */
  at: dayjs.Dayjs;
}

/** The position fields of a row, as numbers (what the passkey signs and the form sends). */
interface Evidence {
  lat?: number;
  long?: number;
  accuracy?: number;
  location_error?: string;
}

function evidence(c: Capture): Evidence {
  return c.location.ok
    ? { lat: c.location.lat, long: c.location.long, accuracy: Math.round(c.location.accuracy * 10) / 10 }
    : { location_error: c.location.reason };
}

/**
 * Her passkey's signature over what the server will record (the phone's own unlock prompt, decision 032);
 * undefined, and the check-in goes unsigned, when the account is no employee's or the phone cannot sign.
 */
function signed(
  userid: string,
  nrp: string | null,
  c: Capture,
  ev: Evidence,
  what: Pick<SignedPayload, 'action' | 'tanggal' | 'jam' | 'line_id'>,
): Promise<string | undefined> {
  if (!nrp) return Promise.resolve(undefined);
  const payload = { nrp, ...what, captured_at: c.at.format(), lat: ev.lat, long: ev.long, accuracy: ev.accuracy };
  return signCheckIn(userid, payload, c.photo);
}

/**
 * `zone`: the employee's (her location's), so the row's day and time are hers as the screen shows them;
 * the server records the day and time of `captured_at` in her zone whatever the row says.
 */
export async function enqueueDayAction(
  userid: string,
  nrp: string | null,
  action: 'in' | 'out',
  c: Capture,
  zone: TimeZone | null = null,
) {
  const { tanggal, jam } = fieldDayTime(zone, c.at.toDate());
  const ev = evidence(c);
  const assertion = await signed(userid, nrp, c, ev, {
    action: action === 'in' ? 'absensi.check-in' : 'absensi.check-out',
    tanggal,
    jam,
  });
  const common = {
    tanggal,
    captured_at: c.at.format(),
    ...(nrp ? { nrp } : {}),
    ...ev,
    ...(assertion ? { assertion } : {}),
  };
  const rest = {
    id: c.id,
    userid,
    to: to(fieldContracts.dayAction),
    encoding: 'multipart' as const,
    files: [{ field: 'photo', file: c.photo, name: c.photo.name }],
    capturedAt: c.at.format(),
  };
  return action === 'in'
    ? enqueue({ ...rest, kind: 'absensi.check-in', payload: { action: 'check-in', ...common, jam_masuk: jam } })
    : enqueue({ ...rest, kind: 'absensi.check-out', payload: { action: 'check-out', ...common, jam_keluar: jam } });
}

/** The visit line as the phone holds it: the server re-makes it from this if the office removed it. */
export interface VisitLineRef {
  id: number;
  cust_code?: string;
  shift_id?: string;
}

export async function enqueueVisitAction(
  userid: string,
  line: VisitLineRef,
  tanggal: string,
  action: 'in' | 'out',
  c: Capture,
  zone: TimeZone | null = null,
  nrp: string | null = null,
) {
  const lineId = line.id;
  const copy = line.cust_code && line.shift_id ? { cust_code: line.cust_code, shift_id: line.shift_id } : {};
  const jam = fieldDayTime(zone, c.at.toDate()).jam;
  const ev = evidence(c);
  const assertion = await signed(userid, nrp, c, ev, {
    action: action === 'in' ? 'kunjungan.check-in' : 'kunjungan.check-out',
    line_id: lineId,
    jam,
  });
  return enqueue({
    id: c.id,
    kind: action === 'in' ? 'kunjungan.check-in' : 'kunjungan.check-out',
    userid,
    to: to(action === 'in' ? fieldContracts.visitCheckIn : fieldContracts.visitCheckOut, { id: lineId }),
    encoding: 'multipart',
    payload: {
      line_id: lineId,
      tanggal,
      ...copy,
      jam,
      captured_at: c.at.format(),
      ...ev,
      ...(assertion ? { assertion } : {}),
    },
    files: [{ field: 'photo', file: c.photo, name: c.photo.name }],
    capturedAt: c.at.format(),
  });
}

/**
 * Her note on a flagged check-in (issue 28 item 5): a JSON row for POST /api/absensi/tinjau/{id}/catatan,
 * sent when there is signal; the server keeps the newest note.
 */
export function enqueueReviewNote(userid: string, tinjauId: string, catatan: string, at: dayjs.Dayjs) {
  return enqueue({
    kind: 'tinjau.catatan',
    userid,
    to: to(tinjauContracts.note, { id: tinjauId }),
    encoding: 'json',
    payload: { catatan, tinjau_id: tinjauId },
    capturedAt: at.format(),
  });
}
