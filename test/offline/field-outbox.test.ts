/**
 * The field app's outbox rows (day and visit check-in/out): what the phone stores is what the server's
 * schema takes once multipart has turned every value into text, and the screen reads its waiting rows
 * back by their typed payload.
 */
import 'fake-indexeddb/auto';
import dayjs from 'dayjs';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AbsensiCheckInPayloadSchema,
  AbsensiCheckOutPayloadSchema,
  AbsensiSpgFieldsSchema,
} from '../../src/domain/absensi/absensi';
import {
  KunjunganCheckFieldsSchema,
  KunjunganCheckPayloadSchema,
  type KunjunganLine,
} from '../../src/domain/absensi/kunjungan-checkin';
import { enqueueDayAction, enqueueVisitAction, type Capture } from '../../src/features/absensi/outbox';
import { dayStatus, visitStatus } from '../../src/features/absensi/state';
import { OfflineDb, type OutboxRow } from '../../src/lib/offline/db';
import { ofKind, rowsOf } from '../../src/lib/offline/outbox';

// enqueue() writes to the default database of the context; the tests read it back through their own handle.
let db: OfflineDb;
beforeEach(async () => {
  db = new OfflineDb('hadir-offline');
  await db.outbox.clear();
});
afterEach(() => db.close());

// The device's local time, whatever the machine's zone.
const AT = dayjs('2026-11-21T08:15:02');
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'foto.jpg', { type: 'image/jpeg' });
const capture = (located = true): Capture => ({
  id: crypto.randomUUID(),
  photo: photo(),
  location: located
    ? { ok: true, lat: -6.2001, long: 106.8166, accuracy: 12.345, fixAt: AT.toISOString() }
    : { ok: false, reason: 'Izin lokasi ditolak' },
  at: AT,
});

/** What the server reads from the row: multipart sends every value as text. */
const asForm = (row: OutboxRow) =>
  Object.fromEntries(Object.entries(row.payload).map(([k, value]) => [k, String(value)]));

describe('day check-in/out rows', () => {
  it('hold a payload the server schema takes, typed by kind', async () => {
    const inRow = await enqueueDayAction('U1', '26000002', 'in', capture());
    const outRow = await enqueueDayAction('U1', '26000002', 'out', capture(false));
    expect(inRow.kind).toBe('absensi.check-in');
    expect(inRow.payload).toEqual({
      tanggal: '2026-11-21',
      jam_masuk: '08:15:02',
      captured_at: AT.format(),
      nrp: '26000002',
      lat: -6.2001,
      long: 106.8166,
      accuracy: 12.3,
    });
    expect(v.is(AbsensiCheckInPayloadSchema, inRow.payload)).toBe(true);
    expect(v.is(AbsensiCheckOutPayloadSchema, outRow.payload)).toBe(true);
    expect(v.parse(AbsensiSpgFieldsSchema, asForm(inRow))).toMatchObject({ jam_masuk: '08:15:02', lat: -6.2001 });
    expect(v.parse(AbsensiSpgFieldsSchema, asForm(outRow))).toMatchObject({
      jam_keluar: '08:15:02',
      location_error: 'Izin lokasi ditolak',
    });
  });

  it('show as done and waiting on the screen until the server confirms', async () => {
    await enqueueDayAction('U1', null, 'in', capture());
    const rows = await rowsOf('U1', db);
    const status = dayStatus(null, rows, '2026-11-21');
    expect(status.in).toEqual({ done: true, jam: '08:15:02', pending: true, refused: null });
    expect(status.out.done).toBe(false);
    // Another day's screen does not count it.
    expect(dayStatus(null, rows, '2026-11-22').in.done).toBe(false);
  });

  it('count as done once delivered until the server is read again, then follow the server', async () => {
    await enqueueDayAction('U1', null, 'in', capture());
    const [row] = await rowsOf('U1', db);
    const delivered = { ...row!, state: 'done' as const, doneAt: 2_000 };
    // The copy read before the delivery cannot hold it yet: the phone keeps showing her check-in.
    expect(dayStatus(null, [delivered], '2026-11-21', 1_000).in).toMatchObject({ done: true, jam: '08:15:02' });
    // Read after it and without it (HR deleted the day, or the server never kept it): the server wins,
    // so she sees Check In again instead of a check-in that is not there.
    expect(dayStatus(null, [delivered], '2026-11-21', 3_000).in.done).toBe(false);
    // The server's day as it stands: HR's correction shows, not what the phone sent.
    const corrected = { jam_masuk: '07:30:00', jam_keluar: null } as Parameters<typeof dayStatus>[0];
    expect(dayStatus(corrected, [delivered], '2026-11-21', 3_000).in.jam).toBe('07:30:00');
    // A day HR entered as Sakit still shows her own check-in beneath it.
    const sick = { jam_masuk: null, jam_keluar: null, field_jam_masuk: '08:15:02', field_jam_keluar: null };
    expect(dayStatus(sick as Parameters<typeof dayStatus>[0], [], '2026-11-21', 3_000).in).toMatchObject({
      done: true,
      jam: '08:15:02',
    });
  });
});

describe('visit check-in/out rows', () => {
  it('hold the line and the fields the server takes', async () => {
    const ref = { id: 42, cust_code: 'C0042', shift_id: 'S1' };
    const row = await enqueueVisitAction('U1', ref, '2026-11-21', 'in', capture());
    expect(row.path).toBe('/api/kunjungan/detail/42/check-in');
    expect(v.is(KunjunganCheckPayloadSchema, row.payload)).toBe(true);
    // The phone's copy of the line travels along: the server re-makes a line the office removed.
    expect(v.parse(KunjunganCheckFieldsSchema, asForm(row))).toMatchObject({
      jam: '08:15:02',
      lat: -6.2001,
      tanggal: '2026-11-21',
      cust_code: 'C0042',
      shift_id: 'S1',
    });

    const rows = await rowsOf('U1', db);
    expect(rows.filter(ofKind('kunjungan.check-in')).map((r) => r.payload.line_id)).toEqual([42]);
    expect(rows.filter(ofKind('absensi.check-in'))).toEqual([]);
    const line = { id: 42, in_jam: null, out_jam: null } as KunjunganLine;
    expect(visitStatus(line, rows).in).toMatchObject({ done: true, jam: '08:15:02', pending: true });
    expect(visitStatus({ ...line, id: 43 }, rows).in.done).toBe(false);
  });
});
