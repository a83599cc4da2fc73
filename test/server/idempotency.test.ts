import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys } from '../../server/db/schema/idempotency';
import { kunjungan, kunjunganDetail } from '../../server/db/schema/kunjungan';
import { absensi } from '../../server/db/schema/absensi';
import { purgeIdempotencyKeys } from '../../server/middleware/idempotency';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let spg: string;
let tl: string;
const SPG_NRP = '26000002';
const SPG_USERID = 'U00004';
const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  [spg, tl] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('tl')]);
});
afterAll(async () => {
  await ctx.close();
});

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
let nextDay = 0;
// The server records the day of the device instant (captured_at) in the employee's zone (the demo SPG is
// in Jakarta, WIB): each test checks in on a day of its own, far from the seeded days.
const freshDay = () => `2032-03-${String(++nextDay).padStart(2, '0')}`;

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('photo', new Blob([JPEG]), 'foto.jpg');
  return f;
}
const checkIn = (tanggal: string, over: Record<string, string> = {}) =>
  form({
    tanggal,
    jam_masuk: '08:00:00',
    captured_at: `${tanggal}T08:00:00+07:00`,
    lat: '-6.2',
    long: '106.8',
    ...over,
  });
const checkOut = (tanggal: string) =>
  form({ tanggal, jam_keluar: '17:00:00', captured_at: `${tanggal}T17:00:00+07:00`, lat: '-6.2', long: '106.8' });

const absen = (body: FormData, key?: string, token = spg) =>
  ctx.request('POST', '/api/absensi/new/spg', {
    token,
    body,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
const photos = () => readdirSync(path.join(ctx.uploadsDir, 'photo')).length;
const rows = (tanggal: string) =>
  ctx.database.db
    .select()
    .from(absensi)
    .where(and(eq(absensi.nrp, SPG_NRP), eq(absensi.tanggal, tanggal)));
const keyRow = async (key: string, userid = SPG_USERID) =>
  (
    await ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userid, userid), eq(idempotencyKeys.key, key)))
  )[0];

async function spgLineToday(): Promise<number> {
  const [plan] = await ctx.database.db
    .select({ no_dcp: kunjungan.no_dcp, shift_id: kunjungan.shift_id })
    .from(kunjungan)
    .where(eq(kunjungan.nrp, SPG_NRP))
    .limit(1);
  const [any] = await ctx.database.db
    .select({ cust_code: kunjunganDetail.cust_code })
    .from(kunjunganDetail)
    .where(eq(kunjunganDetail.no_dcp, plan!.no_dcp))
    .limit(1);
  const [row] = await ctx.database.db
    .insert(kunjunganDetail)
    .values({ no_dcp: plan!.no_dcp, tgl_dcp: '2032-03-31', shift_id: plan!.shift_id, cust_code: any!.cust_code })
    .returning({ id: kunjunganDetail.id });
  return row!.id;
}

describe('Idempotency-Key on the outbox endpoints', () => {
  it('stores the answer with the write and replays it without writing again', async () => {
    const day = freshDay();
    const key = randomUUID();
    const before = photos();
    const first = await absen(checkIn(day), key);
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(await keyRow(key)).toMatchObject({ method: 'POST', path: '/api/absensi/new/spg', status: 201, body });

    // A replay may carry a different captured_at (or anything): the first answer stands.
    const replay = await absen(checkIn(day, { jam_masuk: '09:00:00' }), key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(body);
    expect(await rows(day)).toHaveLength(1);
    expect((await rows(day))[0]!.jam_masuk).toBe('08:00:00');
    expect(photos()).toBe(before + 1);
  });

  it('makes concurrent repeats wait for the first and replay its answer', async () => {
    const day = freshDay();
    const key = randomUUID();
    const before = photos();
    const answers = await Promise.all([absen(checkIn(day), key), absen(checkIn(day), key), absen(checkIn(day), key)]);
    // The key row is claimed first: a repeat blocks on it until the first commits, then replays.
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(answers.map((a) => a.headers.get('idempotent-replayed')).sort()).toEqual([null, 'true', 'true'].sort());
    expect(await rows(day)).toHaveLength(1);
    expect(photos()).toBe(before + 1);
  });

  it('refuses the same key on another path or method with 422', async () => {
    const key = randomUUID();
    expect((await absen(checkIn(freshDay()), key)).status).toBe(201);
    const line = await spgLineToday();
    const before = photos();
    const res = await ctx.request('POST', `/api/kunjungan/detail/${line}/check-in`, {
      token: spg,
      body: form({ jam: '09:00:00', captured_at: new Date().toISOString(), lat: '-6.2', long: '106.8' }),
      headers: { 'Idempotency-Key': key },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: 'Idempotency-Key sudah dipakai untuk permintaan lain' });
    expect(photos()).toBe(before);
    const [l] = await ctx.database.db.select().from(kunjunganDetail).where(eq(kunjunganDetail.id, line));
    expect(l!.in_jam).toBeNull();
  });

  it('scopes keys per user: the same key from two accounts is two actions', async () => {
    const day = freshDay();
    const key = randomUUID();
    expect((await absen(checkIn(day), key, spg)).status).toBe(201);
    const other = await absen(checkIn(day), key, tl);
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(((await other.json()) as { result: { nrp: string } }).result.nrp).toBe('26000001');
  });

  it('does not keep the key when the action fails, so a later retry runs', async () => {
    const day = freshDay();
    const key = randomUUID();
    const early = await absen(checkOut(day), key);
    expect(early.status).toBe(409);
    expect(await keyRow(key)).toBeUndefined();

    // Same key, same path, now valid: it runs (it was not stored as a 409).
    expect((await absen(checkIn(day))).status).toBe(201);
    const retried = await absen(checkOut(day), key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('rolls back the row, the key and the written photo when the transaction fails', async () => {
    const day = freshDay();
    const key = randomUUID();
    const before = photos();
    // Make the insert itself fail after the photo is on disk.
    await ctx.database.db.execute(
      sql`alter table absensi add constraint t_refuse check (masuk_location_note is distinct from 'TOLAK')`,
    );
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // A database that fails on purpose answers 500, which no contract declares: sent past the contract check.
      const res = await ctx.app.request('/api/absensi/new/spg', {
        method: 'POST',
        body: checkIn(day, { location_error: 'TOLAK' }),
        headers: { Authorization: `Bearer ${spg}`, 'Idempotency-Key': key },
      });
      expect(res.status).toBe(500);
    } finally {
      quiet.mockRestore();
      await ctx.database.db.execute(sql`alter table absensi drop constraint t_refuse`);
    }
    expect(await rows(day)).toHaveLength(0);
    expect(await keyRow(key)).toBeUndefined();
    expect(photos()).toBe(before);
    expect((await absen(checkIn(day), key)).status).toBe(201);
  });

  it('refuses a malformed key with 400 and works without a key', async () => {
    for (const bad of ['short', 'x'.repeat(65), 'has space in it', 'semi;colon-123', '']) {
      const res = await absen(checkIn(freshDay()), bad);
      expect(res.status, bad).toBe(400);
    }
    const day = freshDay();
    expect((await absen(checkIn(day))).status).toBe(201);
    // Without a key a repeat is still recognised: the day's record as it stands, nothing written twice.
    const repeat = await absen(checkIn(day));
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toMatchObject({ already_recorded: true });
    expect(await rows(day)).toHaveLength(1);
  });

  it('keeps answers 30 days and more; purgeIdempotencyKeys drops those older than 45 days', async () => {
    const day = freshDay();
    const key = randomUUID();
    const first = await absen(checkIn(day), key);
    const body = await first.json();
    const old = randomUUID();
    await ctx.database.db.insert(idempotencyKeys).values({
      userid: SPG_USERID,
      key: old,
      method: 'POST',
      path: '/api/absensi/new/spg',
      status: 201,
      body: {},
      created_at: new Date(Date.now() - 46 * DAY_MS),
    });

    const now = new Date();
    expect(await purgeIdempotencyKeys(ctx.database.db, now)).toBe(1);
    expect(await keyRow(old)).toBeUndefined();
    expect(await purgeIdempotencyKeys(ctx.database.db, new Date(now.getTime() + 30 * DAY_MS))).toBe(0);
    const replay = await absen(checkIn(day), key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(body);
    expect(await purgeIdempotencyKeys(ctx.database.db, new Date(now.getTime() + 46 * DAY_MS))).toBeGreaterThan(0);
    expect(await keyRow(key)).toBeUndefined();
  });
});
