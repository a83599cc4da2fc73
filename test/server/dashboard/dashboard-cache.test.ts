/**
 * The dashboard's shared answers (decision 042), with the cache on as the server runs it: an answer is
 * kept for its time to live by the server's clock and shared by the users of one trustee scope (another
 * scope or query gets its own); then served once more while a new one is computed behind it; past its
 * longest staleness, computed while the viewer waits. Moving the server's clock stands for the seconds.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardMapAnswer } from '../../../src/domain/dashboard/dashboard';
import { dateIn } from '../../../src/domain/time-zone';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith } from '../karyawan/karyawan-fixtures';

const TTL_MS = 15_000;
const SPG_NRP = '26000002';
const day = dateIn('Asia/Jakarta', new Date());

let ctx: TestContext;
let admin: string;
let jktA: string;
let jktB: string;
let lineId: number;
let shop: { lat: number; long: number };

const db = () => ctx.database.db;
async function json<T>(path: string, token: string): Promise<T> {
  const res = await ctx.request('GET', path, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const markerOf = async (token: string, query = '') =>
  (await json<DashboardMapAnswer>(`/api/dashboard/map/last-position?date=${day}${query}`, token)).result.find(
    (p) => p[0] === SPG_NRP,
  );

beforeAll(async () => {
  ctx = await createTestContext({ dashboardCacheMs: TTL_MS });
  admin = await ctx.tokenFor('admin');
  // Two users of the same scope (their lists in another order) and the SPG's one visit line of today.
  jktA = await accountWith(ctx, admin, ['dashboard.read'], { trustee: { lokasi: ['JKT'], client: [] } });
  jktB = await accountWith(ctx, admin, ['dashboard.read'], { trustee: { client: [], lokasi: ['JKT'] } });
  const [plan] = await db().select().from(kunjungan).where(eq(kunjungan.nrp, SPG_NRP)).limit(1);
  const [s] = await db().select().from(store).orderBy(asc(store.cust_code)).limit(1);
  shop = { lat: s!.cust_lat!, long: s!.cust_long! };
  await db()
    .delete(kunjunganDetail)
    .where(and(eq(kunjunganDetail.no_dcp, plan!.no_dcp), eq(kunjunganDetail.tgl_dcp, day)));
  const [row] = await db()
    .insert(kunjunganDetail)
    .values({ no_dcp: plan!.no_dcp, tgl_dcp: day, shift_id: plan!.shift_id, cust_code: s!.cust_code })
    .returning({ id: kunjunganDetail.id });
  lineId = row!.id;
});
afterAll(() => ctx.close());

describe('dashboard answers shared for their time to live', () => {
  it('keeps an answer for its scope until it is 15 s old, shares it within the scope, never across', async () => {
    expect(await markerOf(jktA)).toBeUndefined();

    // She checks in: the JKT answer computed a moment ago stands, for both JKT users.
    await db()
      .update(kunjunganDetail)
      .set({ in_jam: '08:05:00', in_lat: shop.lat, in_long: shop.long })
      .where(eq(kunjunganDetail.id, lineId));
    ctx.clock.offsetMs = 5_000;
    expect(await markerOf(jktA)).toBeUndefined();
    expect(await markerOf(jktB)).toBeUndefined();

    // Another scope (the admin's: all) or another query is computed on its own and sees her.
    expect(await markerOf(admin)).toBeDefined();
    expect(await markerOf(jktA, '&lokasi_id=JKT')).toBeDefined();

    // Past 15 s, the next viewer still gets the kept answer at once while a new one is computed behind
    // it; the viewers after that get the new one.
    ctx.clock.offsetMs = TTL_MS + 1;
    expect(await markerOf(jktB)).toBeUndefined();
    await expect.poll(() => markerOf(jktA)).toBeDefined();
    expect(await markerOf(jktB)).toBeDefined();
  });

  it('one employee (?nrp=) is its own key, answered for the caller scope', async () => {
    ctx.clock.offsetMs = 10 * TTL_MS;
    const one = await json<DashboardMapAnswer>(`/api/dashboard/map/last-position?date=${day}&nrp=${SPG_NRP}`, jktA);
    expect(one.result.map((p) => p[0])).toEqual([SPG_NRP]);
  });

  it('an answer older than its longest staleness (8 × 15 s) is computed while the viewer waits', async () => {
    ctx.clock.offsetMs = 20 * TTL_MS;
    expect(await markerOf(jktA)).toBeDefined();
    await db()
      .update(kunjunganDetail)
      .set({ in_jam: null, in_lat: null, in_long: null })
      .where(eq(kunjunganDetail.id, lineId));
    ctx.clock.offsetMs = 20 * TTL_MS + 9 * TTL_MS;
    expect(await markerOf(jktA)).toBeUndefined();
  });
});
