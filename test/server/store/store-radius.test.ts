/**
 * A store's own check-in radius (radius_m) decides the field check-in's out-of-radius flag; a store
 * without one uses the server's VISIT_RADIUS_M (default 300 m).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import type { KunjunganCheckAnswer } from '../../../src/domain/absensi/kunjungan-checkin';
import { createTestContext, type TestContext } from '../helpers';
import { visitFlagsOf } from '../reviewer-flags';

let ctx: TestContext;
let spg: string;
let tl: string;
let plan: { no_dcp: string; shift_id: string; cust_code: string; lat: number; long: number };

const today = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
})();

beforeAll(async () => {
  ctx = await createTestContext();
  [spg, tl] = await Promise.all([ctx.tokenFor('spg'), ctx.tokenFor('tl')]);
  const [line] = await ctx.database.db
    .select({
      no_dcp: kunjunganDetail.no_dcp,
      shift_id: kunjunganDetail.shift_id,
      cust_code: store.cust_code,
      lat: store.cust_lat,
      long: store.cust_long,
    })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
    .where(and(eq(kunjungan.nrp, '26000002'), eq(kunjunganDetail.tgl_dcp, today)))
    .limit(1);
  if (!line || line.lat === null || line.long === null) throw new Error('seed: no visit line today');
  plan = { ...line, lat: line.lat, long: line.long };
});
afterAll(() => ctx.close());

async function checkInAt(offsetDeg: number) {
  const [row] = await ctx.database.db
    .insert(kunjunganDetail)
    .values({ no_dcp: plan.no_dcp, tgl_dcp: today, shift_id: plan.shift_id, cust_code: plan.cust_code })
    .returning({ id: kunjunganDetail.id });
  const body = new FormData();
  body.append('jam', '09:00:00');
  body.append('captured_at', new Date().toISOString());
  body.append('lat', String(plan.lat + offsetDeg));
  body.append('long', String(plan.long));
  body.append('accuracy', '8');
  body.append('photo', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0xff, 0xd9])]), 'foto.jpg');
  const res = await ctx.request('POST', `/api/kunjungan/detail/${row!.id}/check-in`, { token: spg, body });
  expect(res.status, await res.clone().text()).toBe(200);
  // Her answer names no flag (issue 41 item 3): the line's flags as her team leader reads them.
  expect(((await res.json()) as KunjunganCheckAnswer).result.flags).toEqual([]);
  return visitFlagsOf(ctx, tl, '26000002', today, row!.id);
}

const setRadius = (radius_m: number | null) =>
  ctx.database.db.update(store).set({ radius_m }).where(eq(store.cust_code, plan.cust_code));

describe('the store radius of the check-in', () => {
  it('flags by the store’s radius when it has one, by the server’s otherwise', async () => {
    // About 1.1 km north of the store.
    await setRadius(null);
    expect(await checkInAt(0.01)).toContain('outside_radius_in');
    await setRadius(2_000);
    expect(await checkInAt(0.01)).not.toContain('outside_radius_in');
    // About 110 m: inside the default 300 m, outside a 50 m store radius.
    await setRadius(null);
    expect(await checkInAt(0.001)).not.toContain('outside_radius_in');
    await setRadius(50);
    expect(await checkInAt(0.001)).toContain('outside_radius_in');
  });
});
