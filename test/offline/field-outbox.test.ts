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
  dayActionOf,
} from '../../src/domain/absensi/absensi';
import {
  KunjunganCheckFieldsSchema,
  KunjunganCheckPayloadSchema,
  type KunjunganLine,
} from '../../src/domain/absensi/kunjungan-checkin';
import {
  enqueueDayAction,
  enqueueReviewNote,
  enqueueVisitAction,
  type Capture,
} from '../../src/features/absensi/outbox';
import { dayStatus, visitStatus } from '../../src/features/absensi/state';
import { OfflineDb, type OutboxRow } from '../../src/lib/offline/db';
import { ofKind, rowsOf } from '../../src/lib/offline/outbox';
import { rememberToken, replayOutbox } from '../../src/lib/offline/replay';

// enqueue() writes to the default database of the context; the tests read it back through their own handle.
let db: OfflineDb;
beforeEach(async () => {
  db = new OfflineDb('hadir-offline');
  await db.outbox.clear();
  await db.tokens.clear();
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
    // The row names its endpoint contract (src/domain/absensi/field-contracts.ts) and its action.
    expect(inRow).toMatchObject({
      contract: 'POST /api/absensi/new/spg',
      method: 'POST',
      path: '/api/absensi/new/spg',
    });
    expect(outRow).toMatchObject({ contract: 'POST /api/absensi/new/spg', path: '/api/absensi/new/spg' });
    expect(inRow.payload).toEqual({
      action: 'check-in',
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
    const inFields = v.parse(AbsensiSpgFieldsSchema, asForm(inRow));
    const outFields = v.parse(AbsensiSpgFieldsSchema, asForm(outRow));
    expect(inFields).toMatchObject({ action: 'check-in', jam_masuk: '08:15:02', lat: -6.2001 });
    expect(outFields).toMatchObject({
      action: 'check-out',
      jam_keluar: '08:15:02',
      location_error: 'Izin lokasi ditolak',
    });
    expect([dayActionOf(inFields), dayActionOf(outFields)]).toEqual(['in', 'out']);
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
    expect(row).toMatchObject({
      contract: 'POST /api/kunjungan/detail/:id/check-in',
      method: 'POST',
      path: '/api/kunjungan/detail/42/check-in',
    });
    const out = await enqueueVisitAction('U1', ref, '2026-11-21', 'out', capture());
    expect(out).toMatchObject({
      contract: 'POST /api/kunjungan/detail/:id/check-out',
      path: '/api/kunjungan/detail/42/check-out',
    });
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

describe("a flagged check-in's note", () => {
  it('names the note contract, its item id in the path', async () => {
    const row = await enqueueReviewNote('U1', 'hari-12', 'Sinyal hilang di basement', AT);
    expect(row).toMatchObject({
      kind: 'tinjau.catatan',
      contract: 'POST /api/absensi/tinjau/:id/catatan',
      method: 'POST',
      path: '/api/absensi/tinjau/hari-12/catatan',
      payload: { catatan: 'Sinyal hilang di basement', tinjau_id: 'hari-12' },
    });
  });
});

describe('rows stored before the field rows named their contract and action', () => {
  interface Seen {
    path: string;
    key: string | null;
    body: BodyInit | null | undefined;
  }
  function server() {
    const seen: Seen[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ path: url, key: new Headers(init.headers).get('Idempotency-Key'), body: init.body });
      return new Response(JSON.stringify({ message: 'ok' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    return { seen, fetchImpl };
  }

  it('a day check-in and check-out without `contract` or `action` replay unchanged, told apart by their time field', async () => {
    const first = capture();
    const second = capture(false);
    await enqueueDayAction('U1', '26000002', 'in', first);
    await enqueueDayAction('U1', '26000002', 'out', second);
    await enqueueVisitAction('U1', { id: 42 }, '2026-11-21', 'in', capture());
    // As a phone stored them before: no `contract` on the row, no `action` in a day row's payload.
    for (const row of await rowsOf('U1', db)) {
      const { contract: _contract, ...old } = row;
      const { action: _action, ...payload } = old.payload as Record<string, unknown>;
      await db.outbox.put({ ...old, payload } as OutboxRow);
    }
    const stored = await rowsOf('U1', db);
    expect(stored.map((r) => 'contract' in r || 'action' in r.payload)).toEqual([false, false, false]);

    await rememberToken('U1', 'token-spg', db);
    const { seen, fetchImpl } = server();
    const report = await replayOutbox({ db, fetchImpl, now: () => Date.now() });
    expect(report?.sent).toBe(3);
    expect(seen.map((x) => [x.path, x.key])).toEqual([
      ['/api/absensi/new/spg', first.id],
      ['/api/absensi/new/spg', second.id],
      ['/api/kunjungan/detail/42/check-in', stored[2]!.id],
    ]);
    // What the server reads from each day row: no action, so its time field says which it is.
    const [inForm, outForm] = seen.slice(0, 2).map((x) => {
      const form = x.body as FormData;
      expect(form.get('action')).toBeNull();
      expect(form.get('photo')).toBeInstanceOf(File);
      return Object.fromEntries([...form.entries()].filter(([k]) => k !== 'photo'));
    });
    const inFields = v.parse(AbsensiSpgFieldsSchema, inForm);
    const outFields = v.parse(AbsensiSpgFieldsSchema, outForm);
    expect(inFields.action).toBeUndefined();
    expect([dayActionOf(inFields), dayActionOf(outFields)]).toEqual(['in', 'out']);
    expect((await rowsOf('U1', db)).map((r) => r.state)).toEqual(['done', 'done', 'done']);
  });
});
