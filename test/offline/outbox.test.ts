import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OfflineDb, type OutboxRow } from '../../src/lib/offline/db';
import { discardRow, enqueue, retryRow, rowsOf } from '../../src/lib/offline/outbox';
import {
  forgetToken,
  rememberToken,
  replayOutbox,
  requestTimeoutMs,
  TIMEOUT_MESSAGE,
} from '../../src/lib/offline/replay';
import { onOutboxMessage } from '../../src/lib/offline/signal';

let db: OfflineDb;
let clock: number;
let dbName: string;
beforeEach(async () => {
  dbName = `outbox-test-${crypto.randomUUID()}`;
  db = new OfflineDb(dbName);
  clock = 1_000_000;
});
afterEach(async () => {
  db.close();
  await db.delete();
});

interface Seen {
  path: string;
  key: string | null;
  auth: string | null;
  body: BodyInit | null | undefined;
}

/** A server stand-in answering each request with the next scripted status (then 201). */
function server(
  script: (number | 'network' | { status: number; headers?: Record<string, string>; body?: unknown })[] = [],
) {
  const seen: Seen[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    seen.push({ path: url, key: headers.get('Idempotency-Key'), auth: headers.get('Authorization'), body: init.body });
    const step = script.shift() ?? 201;
    if (step === 'network') throw new TypeError('Failed to fetch');
    const s = typeof step === 'number' ? { status: step } : step;
    return new Response(JSON.stringify(s.body ?? { message: `status ${s.status}` }), {
      status: s.status,
      headers: { 'content-type': 'application/json', ...s.headers },
    });
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

const replay = (fetchImpl: typeof fetch) => replayOutbox({ db, fetchImpl, now: () => clock, random: () => 0.5 });

/** A visit check-in's payload, as the field app writes it. */
const visitPayload = (i: number) => ({
  line_id: i + 1,
  tanggal: '2026-11-21',
  jam: '08:00:00',
  captured_at: '2026-11-21T08:00:00+07:00',
  lat: -6.2,
  long: 106.8,
});

async function add(userid: string, n: number, extra: Partial<Parameters<typeof enqueue>[0]> = {}) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    clock += 1;
    rows.push(
      await enqueue(
        {
          kind: 'kunjungan.check-in',
          userid,
          path: `/api/t/${userid}/${i}`,
          payload: visitPayload(i),
          capturedAt: '2026-11-21T08:00:00+07:00',
          ...extra,
        },
        db,
        clock,
      ),
    );
  }
  return rows;
}

describe('enqueue', () => {
  it('is durable: a fresh connection sees the row and its photo bytes', async () => {
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });
    const row = await enqueue(
      {
        kind: 'absensi.check-in',
        userid: 'U1',
        path: '/api/absensi/new/spg',
        payload: { tanggal: '2026-11-21', jam_masuk: '08:00:00', captured_at: '2026-11-21T08:00:00+07:00' },
        files: [{ field: 'photo', file: photo, name: 'in.jpg' }],
        capturedAt: '2026-11-21T08:00:00+07:00',
      },
      db,
      clock,
    );
    const other = new OfflineDb(dbName);
    const stored = await other.outbox.get(row.id);
    other.close();
    expect(stored?.state).toBe('pending');
    expect(stored?.encoding).toBe('multipart');
    expect([...new Uint8Array(stored!.files[0]!.data)]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
  });

  it('makes one row of a double tap that reuses the id', async () => {
    const id = crypto.randomUUID();
    const input = { id, kind: 'kunjungan.check-in' as const, userid: 'U1', path: '/p', payload: visitPayload(0) };
    await enqueue({ ...input, capturedAt: 'x' }, db, clock);
    await enqueue({ ...input, capturedAt: 'x' }, db, clock);
    expect(await rowsOf('U1', db)).toHaveLength(1);
  });
});

describe('replay', () => {
  it('sends oldest first with the row id as Idempotency-Key and the account token', async () => {
    const rows = await add('U1', 3);
    await rememberToken('U1', 'tok-1', db);
    const { seen, fetchImpl } = server();
    const report = await replay(fetchImpl);
    expect(report?.sent).toBe(3);
    expect(seen.map((s) => s.path)).toEqual(rows.map((r) => r.path));
    expect(seen.map((s) => s.key)).toEqual(rows.map((r) => r.id));
    expect(seen.every((s) => s.auth === 'Bearer tok-1')).toBe(true);
    expect((await rowsOf('U1', db)).map((r) => r.state)).toEqual(['done', 'done', 'done']);
  });

  it('sends multipart with the stored file', async () => {
    await enqueue(
      {
        kind: 'kunjungan.check-in',
        userid: 'U1',
        path: '/api/x',
        payload: { ...visitPayload(0), accuracy: undefined },
        files: [{ field: 'photo', file: new Blob(['abc'], { type: 'image/png' }), name: 'p.png' }],
        capturedAt: 'x',
      },
      db,
      clock,
    );
    await rememberToken('U1', 't', db);
    const { seen, fetchImpl } = server();
    await replay(fetchImpl);
    const form = seen[0]!.body as FormData;
    expect(form.get('jam')).toBe('08:00:00');
    expect(form.get('lat')).toBe('-6.2');
    expect(form.has('accuracy')).toBe(false);
    const file = form.get('photo') as File;
    expect(file.name).toBe('p.png');
    expect(await file.text()).toBe('abc');
  });

  it('replays a row stored by an earlier version as it was stored (null fields left out)', async () => {
    // Exactly what the app wrote before payloads were typed: rows on phones must still go out unchanged.
    const stored = {
      id: crypto.randomUUID(),
      kind: 'absensi.check-in',
      userid: 'U1',
      method: 'POST',
      path: '/api/absensi/new/spg',
      encoding: 'multipart',
      payload: { tanggal: '2026-11-21', jam_masuk: '08:00:00', captured_at: 'x', nrp: '26000002', note: null },
      files: [{ field: 'photo', name: 'in.jpg', type: 'image/jpeg', data: new Uint8Array([0xff, 0xd8, 0xff]).buffer }],
      capturedAt: '2026-11-21T08:00:00+07:00',
      createdAt: clock,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: clock,
      lastError: null,
      lastStatus: null,
      response: null,
      doneAt: null,
    };
    await db.outbox.add(stored as unknown as OutboxRow);
    await rememberToken('U1', 't', db);
    const { seen, fetchImpl } = server();
    await replay(fetchImpl);
    expect(seen.map((s) => [s.path, s.key])).toEqual([['/api/absensi/new/spg', stored.id]]);
    const form = seen[0]!.body as FormData;
    expect([...form.keys()].sort()).toEqual(['captured_at', 'jam_masuk', 'nrp', 'photo', 'tanggal']);
    expect(form.get('jam_masuk')).toBe('08:00:00');
    expect((await db.outbox.get(stored.id))!.state).toBe('done');
  });

  it('backs off on a network error or 5xx and keeps the order (later rows wait)', async () => {
    await add('U1', 2);
    await rememberToken('U1', 't', db);
    const { seen, fetchImpl } = server(['network']);
    const report = await replay(fetchImpl);
    expect(report?.failed).toBe(1);
    expect(seen).toHaveLength(1);
    const [first, second] = await rowsOf('U1', db);
    expect(first).toMatchObject({ state: 'pending', attempts: 1 });
    expect(first!.nextAttemptAt).toBeGreaterThan(clock);
    expect(second).toMatchObject({ state: 'pending', attempts: 0 });

    // Before the backoff has passed nothing is sent; after it, both go, in order.
    const again = server();
    await replay(again.fetchImpl);
    expect(again.seen).toHaveLength(0);
    clock = first!.nextAttemptAt;
    await replay(again.fetchImpl);
    expect(again.seen.map((s) => s.key)).toEqual([first!.id, second!.id]);
  });

  it('gives up a send that never answers, backs off, and keeps the order', async () => {
    await add('U1', 2);
    await rememberToken('U1', 't', db);
    // A connection that stalls without failing: only the replayer's timeout ends the request.
    let stalled = 0;
    const never = ((_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        stalled++;
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as unknown as typeof fetch;
    const report = await replayOutbox({
      db,
      fetchImpl: never,
      now: () => clock,
      random: () => 0.5,
      requestTimeoutMs: 50,
    });
    expect(report?.failed).toBe(1);
    expect(stalled).toBe(1);
    const [first, second] = await rowsOf('U1', db);
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: TIMEOUT_MESSAGE });
    expect(first!.nextAttemptAt).toBeGreaterThan(clock);
    expect(second).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('allows a slow upload its time: 30 s plus the body at 4 KB/s', () => {
    const photo = { field: 'photo', name: 'p.jpg', type: 'image/jpeg', data: new ArrayBuffer(300 * 1024) };
    expect(requestTimeoutMs({ payload: {}, files: [photo] })).toBe(30_000 + 76_800 + 1);
    expect(requestTimeoutMs({ payload: { a: 1 }, files: [] })).toBe(30_000 + 2);
  });

  it('honours Retry-After on 429 and 503', async () => {
    const [row] = await add('U1', 1);
    await rememberToken('U1', 't', db);
    await replay(server([{ status: 429, headers: { 'retry-after': '120' } }]).fetchImpl);
    expect((await db.outbox.get(row!.id))!.nextAttemptAt).toBe(clock + 120_000);
    clock += 120_000;
    await replay(server([{ status: 503, headers: { 'retry-after': '600' } }]).fetchImpl);
    expect((await db.outbox.get(row!.id))!.nextAttemptAt).toBe(clock + 600_000);
  });

  it('grows the backoff with each attempt and never drops the row', async () => {
    const [row] = await add('U1', 1);
    await rememberToken('U1', 't', db);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      await replay(server([500]).fetchImpl);
      const r = (await db.outbox.get(row!.id))!;
      waits.push(r.nextAttemptAt - clock);
      clock = r.nextAttemptAt;
    }
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(Math.max(...waits)).toBeLessThanOrEqual(5 * 60_000);
    expect(await db.outbox.get(row!.id)).toMatchObject({ state: 'pending', attempts: 12 });
  });

  it('pauses on 401, keeps every row, and resumes after a new login', async () => {
    await add('U1', 2);
    await rememberToken('U1', 'expired', db);
    const first = server([401]);
    const report = await replay(first.fetchImpl);
    expect(report?.paused).toEqual(['U1']);
    expect(first.seen).toHaveLength(1);
    expect((await rowsOf('U1', db)).map((r) => r.state)).toEqual(['pending', 'pending']);

    const whilePaused = server();
    await replay(whilePaused.fetchImpl);
    expect(whilePaused.seen).toHaveLength(0);

    await rememberToken('U1', 'fresh', db);
    const after = server();
    await replay(after.fetchImpl);
    expect(after.seen.map((s) => s.auth)).toEqual(['Bearer fresh', 'Bearer fresh']);
    expect((await rowsOf('U1', db)).every((r) => r.state === 'done')).toBe(true);
  });

  it('moves a refused row to needs-action with the server message and goes on', async () => {
    await add('U1', 2);
    await rememberToken('U1', 't', db);
    const { seen, fetchImpl } = server([{ status: 409, body: { message: 'Anda sudah check in hari ini' } }]);
    const report = await replay(fetchImpl);
    expect(report?.needsAction).toBe(1);
    expect(seen).toHaveLength(2);
    const [refused, next] = await rowsOf('U1', db);
    expect(refused).toMatchObject({
      state: 'needs-action',
      lastStatus: 409,
      lastError: 'Anda sudah check in hari ini',
    });
    expect(next!.state).toBe('done');

    // Retry by the user sends it again; discard removes it only when asked.
    await retryRow(refused!.id, db, clock);
    const again = server([201]);
    await replay(again.fetchImpl);
    expect((await db.outbox.get(refused!.id))!.state).toBe('done');
    await discardRow(refused!.id, db);
    expect(await db.outbox.get(refused!.id)).toBeUndefined();
  });

  it("ends a row the server already held as delivered, with the server's note, and goes on", async () => {
    await add('U1', 2);
    await rememberToken('U1', 't', db);
    const already = { message: 'Check in kunjungan ini sudah tercatat sebelumnya', already_recorded: true, result: {} };
    const { seen, fetchImpl } = server([
      { status: 200, body: already },
      { status: 200, body: { message: 'ok' } },
    ]);
    const report = await replay(fetchImpl);
    expect(report).toMatchObject({ sent: 2, needsAction: 0, failed: 0 });
    expect(seen).toHaveLength(2);
    const [first, second] = await rowsOf('U1', db);
    expect(first).toMatchObject({
      state: 'done',
      lastStatus: 200,
      lastError: null,
      note: 'Check in kunjungan ini sudah tercatat sebelumnya',
      response: already,
    });
    expect(second).toMatchObject({ state: 'done', note: null });
  });

  it("never sends one account's rows with another account's token", async () => {
    await add('U1', 2);
    await add('U2', 1);
    await rememberToken('U2', 'tok-2', db);
    const { seen, fetchImpl } = server();
    await replay(fetchImpl);
    expect(seen.map((s) => [s.path, s.auth])).toEqual([['/api/t/U2/0', 'Bearer tok-2']]);
    expect((await rowsOf('U1', db)).map((r) => r.state)).toEqual(['pending', 'pending']);

    // U1 logs in again later on this phone: its rows go with its own token.
    await rememberToken('U1', 'tok-1', db);
    const later = server();
    await replay(later.fetchImpl);
    expect(later.seen.map((s) => s.auth)).toEqual(['Bearer tok-1', 'Bearer tok-1']);
  });

  it('keeps rows through a logout (forgetToken) and sends nothing for that account', async () => {
    await add('U1', 1);
    await rememberToken('U1', 't', db);
    await forgetToken('U1', db);
    const { seen, fetchImpl } = server();
    await replay(fetchImpl);
    expect(seen).toHaveLength(0);
    expect(await rowsOf('U1', db)).toHaveLength(1);
  });

  it('wakes the replayer when an account may send again (a login after a logout or a 401), not on every start', async () => {
    const heard: string[] = [];
    const stop = onOutboxMessage((m) => heard.push(m.type));
    try {
      await rememberToken('U1', 't', db); // a login: nothing was known of U1
      expect(heard).toEqual(['changed']);
      await rememberToken('U1', 't2', db); // a signed-in start or a refreshed token: it could send already
      expect(heard).toEqual(['changed']);
      await forgetToken('U1', db);
      await rememberToken('U1', 't3', db); // the next login after a logout
      expect(heard).toEqual(['changed', 'changed']);
      await db.tokens.update('U1', { paused: true }); // a 401 paused it
      await rememberToken('U1', 't4', db);
      expect(heard).toEqual(['changed', 'changed', 'changed']);
    } finally {
      stop();
    }
  });

  it('recovers a row left "sending" by a replayer that died mid-request', async () => {
    const [row] = await add('U1', 1);
    await db.outbox.update(row!.id, { state: 'sending' });
    await rememberToken('U1', 't', db);
    const { seen, fetchImpl } = server();
    await replay(fetchImpl);
    expect(seen).toHaveLength(1);
    expect((await db.outbox.get(row!.id))!.state).toBe('done');
  });

  it('runs one replayer at a time', async () => {
    await add('U1', 3);
    await rememberToken('U1', 't', db);
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = (async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight--;
      return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const [a, b] = await Promise.all([replay(slow), replay(slow)]);
    expect([a, b].filter((r) => r === null)).toHaveLength(1);
    expect(maxInFlight).toBe(1);
  });
});

describe('order', () => {
  it('keeps the order of actions recorded in the same millisecond', async () => {
    const ids = [];
    for (let i = 0; i < 20; i++) {
      ids.push(
        (
          await enqueue(
            { kind: 'kunjungan.check-in', userid: 'U1', path: `/p/${i}`, payload: visitPayload(i), capturedAt: 'x' },
            db,
            clock,
          )
        ).id,
      );
    }
    await rememberToken('U1', 't', db);
    const { seen, fetchImpl } = server();
    await replay(fetchImpl);
    expect(seen.map((s) => s.key)).toEqual(ids);
  });
});
