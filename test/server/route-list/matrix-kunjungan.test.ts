/**
 * /api/matrix-kunjungan (spec part 2 §3 "Matrix row", §7): read a route list's matrix, add a store,
 * switch days (only the days sent change), remove a store; 400 with the messages, 401, 403 by
 * permission and by scope (the route list's company, the added store's client), 404 and 409.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixKunjungan, routeList, store } from '../../../server/db/schema/store';
import type { ListAnswer } from '../../../src/domain/list-query';
import {
  EMPTY_PATTERN,
  flagsOfPattern,
  MATRIX_KEYS,
  MATRIX_MESSAGES as M,
  type MatrixRow,
} from '../../../src/domain/route-list/matrix-kunjungan';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith } from '../karyawan/karyawan-fixtures';

let ctx: TestContext;
let admin: string;
const RL = 'RMX01';
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
  await ctx.database.db.insert(routeList).values({ id: RL, kode_prsh: 'KM', nama: 'Matrix Uji' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const call = (method: string, path: string, body?: unknown, token = admin) =>
  ctx.request(method, path, { token, body });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
const storedPattern = async (custCode: string) =>
  (
    await db()
      .select()
      .from(matrixKunjungan)
      .where(and(eq(matrixKunjungan.route_list_id, RL), eq(matrixKunjungan.cust_code, custCode)))
  )[0]?.pattern;

async function stores(n: number) {
  return db().select().from(store).orderBy(asc(store.cust_code)).limit(n);
}

describe('GET /api/matrix-kunjungan/route-list/{id}', () => {
  it('answers one row per store with W1_1 … W5_7 as X or null, as stored', async () => {
    const res = await call('GET', '/api/matrix-kunjungan/route-list/RJK01');
    expect(res.status).toBe(200);
    const body = (await res.json()) as ListAnswer<MatrixRow>;
    const stored = await db().select().from(matrixKunjungan).where(eq(matrixKunjungan.route_list_id, 'RJK01'));
    expect(body.totalCount).toBe(stored.length);
    for (const row of body.result) {
      const pattern = stored.find((s) => s.cust_code === row.cust_code)!.pattern;
      expect(row).toMatchObject({ route_list_id: 'RJK01', ...flagsOfPattern(pattern) });
      expect(row.store.cust_name.length).toBeGreaterThan(0);
    }
    expect((await call('GET', '/api/matrix-kunjungan/route-list/NOPE')).status).toBe(404);
    expect((await ctx.request('GET', '/api/matrix-kunjungan/route-list/RJK01')).status).toBe(401);
  });
});

describe('POST, PUT, DELETE /api/matrix-kunjungan', () => {
  it('adds a store with the days sent, refuses it twice (409), unknown ones (404) and bad input (400)', async () => {
    const [a] = await stores(1);
    const res = await call('POST', '/api/matrix-kunjungan', {
      route_list_id: RL,
      cust_code: a!.cust_code,
      W1_1: 'X',
      W5_7: 'X',
      W2_3: null,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as { message: string; result: MatrixRow };
    expect(body.message).toBe(M.added);
    expect(body.result).toMatchObject({
      route_list_id: RL,
      cust_code: a!.cust_code,
      W1_1: 'X',
      W5_7: 'X',
      W2_3: null,
      W1_2: null,
    });
    expect(body.result.store.cust_name).toBe(a!.cust_name);
    expect(await storedPattern(a!.cust_code)).toBe('X' + '.'.repeat(33) + 'X');

    const twice = await call('POST', '/api/matrix-kunjungan', { route_list_id: RL, cust_code: a!.cust_code });
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe(M.alreadyIn(a!.cust_code));
    const noStore = await call('POST', '/api/matrix-kunjungan', { route_list_id: RL, cust_code: 'NOPE1' });
    expect(noStore.status).toBe(404);
    expect(await messageOf(noStore)).toBe(M.storeNotFoundCode('NOPE1'));
    expect(
      (await call('POST', '/api/matrix-kunjungan', { route_list_id: 'NOPE', cust_code: a!.cust_code })).status,
    ).toBe(404);

    const cases: [unknown, string][] = [
      [{ route_list_id: RL }, M.storeRequired],
      [{ route_list_id: RL, cust_code: '' }, M.storeRequired],
      [{ route_list_id: RL, cust_code: 'A\u0000' }, M.storeNotFound],
      [{ route_list_id: RL, cust_code: a!.cust_code, W3_4: 'Y' }, M.flag('W3_4')],
      [{ route_list_id: RL, cust_code: a!.cust_code, W1_1: true }, M.flag('W1_1')],
      [{ route_list_id: 'TOOLONG', cust_code: a!.cust_code }, 'Route list tidak ditemukan'],
    ];
    for (const [input, message] of cases) {
      const bad = await call('POST', '/api/matrix-kunjungan', input);
      expect(bad.status, JSON.stringify(input)).toBe(400);
      expect(await messageOf(bad), JSON.stringify(input)).toBe(message);
    }
  });

  it('changes only the days sent, so two quick switches both hold', async () => {
    const [, b] = await stores(2);
    await call('POST', '/api/matrix-kunjungan', { route_list_id: RL, cust_code: b!.cust_code });
    expect(await storedPattern(b!.cust_code)).toBe(EMPTY_PATTERN);
    const path = `/api/matrix-kunjungan/route-list/${RL}/store/${b!.cust_code}`;
    const [one, two] = await Promise.all([call('PUT', path, { W2_1: 'X' }), call('PUT', path, { W4_6: 'X' })]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const flags = flagsOfPattern((await storedPattern(b!.cust_code))!);
    expect(MATRIX_KEYS.filter((k) => flags[k] === 'X')).toEqual(['W2_1', 'W4_6']);
    const off = await call('PUT', path, { W2_1: null, W1_7: 'x' });
    expect(((await off.json()) as { message: string; result: MatrixRow }).result).toMatchObject({
      W2_1: null,
      W1_7: 'X',
      W4_6: 'X',
    });

    const empty = await call('PUT', path, {});
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toBe(M.noChange);
    const bad = await call('PUT', path, { W6_1: 'X', W1_1: 'Z' });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe(M.flag('W1_1'));
    const [, , c] = await stores(3);
    const notIn = await call('PUT', `/api/matrix-kunjungan/route-list/${RL}/store/${c!.cust_code}`, { W1_1: 'X' });
    expect(notIn.status).toBe(404);
    expect(await messageOf(notIn)).toBe(M.notIn(c!.cust_code));
  });

  it('removes a store from the matrix, 404 the second time', async () => {
    const [, b] = await stores(2);
    const path = `/api/matrix-kunjungan/route-list/${RL}/store/${b!.cust_code}`;
    const res = await call('DELETE', path);
    expect(res.status).toBe(200);
    expect(await messageOf(res)).toBe(M.removed);
    expect(await storedPattern(b!.cust_code)).toBeUndefined();
    expect((await call('DELETE', path)).status).toBe(404);
    expect((await call('DELETE', `/api/matrix-kunjungan/route-list/${RL}/store/%00`)).status).toBe(400);
  });

  it('needs routeList.read to read and routeList.update to write; 401 without a session', async () => {
    const [a] = await stores(1);
    const path = `/api/matrix-kunjungan/route-list/${RL}/store/${a!.cust_code}`;
    const reader = await accountWith(ctx, admin, ['routeList.read']);
    expect((await call('GET', `/api/matrix-kunjungan/route-list/${RL}`, undefined, reader)).status).toBe(200);
    expect((await call('PUT', path, { W1_2: 'X' }, reader)).status).toBe(403);
    expect((await call('DELETE', path, undefined, reader)).status).toBe(403);
    expect((await call('POST', '/api/matrix-kunjungan', { route_list_id: RL, cust_code: 'X1' }, reader)).status).toBe(
      403,
    );
    const picker = await accountWith(ctx, admin, ['karyawan.create']);
    expect((await call('GET', `/api/matrix-kunjungan/route-list/${RL}`, undefined, picker)).status).toBe(403);
    expect((await ctx.request('PUT', path, { body: { W1_2: 'X' } })).status).toBe(401);
    expect((await ctx.request('DELETE', path)).status).toBe(401);
  });

  it('keeps a user to the route lists of their companies and the stores of their clients', async () => {
    await db().insert(routeList).values({ id: 'RSJ98', kode_prsh: 'SJA', nama: 'Surabaya Uji' });
    const all = await db().select().from(store).orderBy(asc(store.cust_code));
    const [mine, other] = [...new Set(all.map((s) => s.client_id).filter((c): c is string => !!c))] as [string, string];
    const token = await accountWith(ctx, admin, ['routeList.read', 'routeList.update'], {
      trustee: { kode_prsh: ['KM'], client: [mine] },
    });
    const foreignList = await call('GET', '/api/matrix-kunjungan/route-list/RSJ98', undefined, token);
    expect(foreignList.status).toBe(403);
    expect(await messageOf(foreignList)).toBe('Route list ini di luar cakupan akses Anda');
    const otherStore = all.find((s) => s.client_id === other && s.cust_code)!;
    const refused = await call(
      'POST',
      '/api/matrix-kunjungan',
      { route_list_id: RL, cust_code: otherStore.cust_code },
      token,
    );
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(M.storeOutOfScope);
    const myStore = all.find((s) => s.client_id === mine && s.cust_code !== all[0]!.cust_code)!;
    expect(
      (await call('POST', '/api/matrix-kunjungan', { route_list_id: RL, cust_code: myStore.cust_code }, token)).status,
    ).toBe(201);
    const [a] = await stores(1);
    expect(
      (await call('PUT', `/api/matrix-kunjungan/route-list/RSJ98/store/${a!.cust_code}`, { W1_1: 'X' }, token)).status,
    ).toBe(403);
  });
});
