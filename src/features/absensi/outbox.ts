/**
 * The field app's offline kinds: check-in/out of the day and of each store visit. Each action is one
 * outbox row (multipart, with the photo) whose id is fixed when the capture opens, so a double tap
 * cannot make two records and a replay after a lost answer is recognised by the server.
 */
import type dayjs from 'dayjs';
import type { OutboxKind } from '../../domain/outbox-kinds';
import { enqueue } from '../../lib/offline/outbox';
import type { LocationFix } from './capture';

export interface Capture {
  /** Fixed when the capture opens: the row id and Idempotency-Key. */
  id: string;
  photo: File;
  location: LocationFix;
  /** Device time of the action. */
  at: dayjs.Dayjs;
}

function evidence(c: Capture): Record<string, string | number> {
  return c.location.ok
    ? { lat: c.location.lat, long: c.location.long, accuracy: Math.round(c.location.accuracy * 10) / 10 }
    : { location_error: c.location.reason };
}

export function enqueueDayAction(userid: string, nrp: string | null, action: 'in' | 'out', c: Capture) {
  const kind: OutboxKind = action === 'in' ? 'absensi.check-in' : 'absensi.check-out';
  return enqueue({
    id: c.id,
    kind,
    userid,
    path: '/api/absensi/new/spg',
    encoding: 'multipart',
    payload: {
      tanggal: c.at.format('YYYY-MM-DD'),
      [action === 'in' ? 'jam_masuk' : 'jam_keluar']: c.at.format('HH:mm:ss'),
      captured_at: c.at.format(),
      ...(nrp ? { nrp } : {}),
      ...evidence(c),
    },
    files: [{ field: 'photo', file: c.photo, name: c.photo.name }],
    capturedAt: c.at.format(),
  });
}

export function enqueueVisitAction(userid: string, lineId: number, tanggal: string, action: 'in' | 'out', c: Capture) {
  const kind: OutboxKind = action === 'in' ? 'kunjungan.check-in' : 'kunjungan.check-out';
  return enqueue({
    id: c.id,
    kind,
    userid,
    path: `/api/kunjungan/detail/${lineId}/${action === 'in' ? 'check-in' : 'check-out'}`,
    encoding: 'multipart',
    payload: { line_id: lineId, tanggal, jam: c.at.format('HH:mm:ss'), captured_at: c.at.format(), ...evidence(c) },
    files: [{ field: 'photo', file: c.photo, name: c.photo.name }],
    capturedAt: c.at.format(),
  });
}
