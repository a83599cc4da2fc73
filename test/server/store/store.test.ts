/**
 * GET /api/store and /api/route-list (the reads the employee form's pickers use): paging, search, the
 * client filter, the trustee scope (a store by its client and sales office, a route list by its
 * company), 404 and 403 on a single row, 400 on a bad query, 401 without a session.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../../server/db/schema/store';
import type { ListAnswer } from '../../../src/domain/list-query';
import type { StoreRow } from '../../../src/domain/store/store';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith } from '../karyawan/karyawan-fixtures';

let ctx: TestContext;
let admin: string;
let spg: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, spg] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('spg')]);
});
afterAll(() => ctx.close());

const get = (path: string, token = admin) => ctx.request('GET', path, { token });
async function list<T>(path: string, token = admin): Promise<ListAnswer<T>> {
  const res = await get(path, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListAnswer<T>;
}

describe('GET /api/store', () => {
  it('pages every store in code order, and answers the stores of one client', async () => {
    const all = await ctx.database.db.select().from(store).orderBy(asc(store.cust_code));
    const first = await list<StoreRow>('/api/store?per_page=5&page=2');
    expect(first.totalCount).toBe(all.length);
    expect(first.result.map((s) => s.cust_code)).toEqual(all.slice(5, 10).map((s) => s.cust_code));
    expect(first.result[0]).toMatchObject({ cust_name: all[5]!.cust_name, cust_lat: all[5]!.cust_lat });

    const clientId = all.find((s) => s.client_id)!.client_id!;
    const ofClient = await list<StoreRow>(`/api/store?client_id=${clientId}&per_page=1000`);
    const expected = all.filter((s) => s.client_id === clientId).map((s) => s.cust_code);
    expect(expected.length).toBeGreaterThan(0);
    expect(ofClient.result.map((s) => s.cust_code)).toEqual(expected);
    expect(ofClient.totalCount).toBe(expected.length);
  });

  it('searches code and name, case aside', async () => {
    const [one] = await ctx.database.db.select().from(store).orderBy(asc(store.cust_code)).limit(1).offset(7);
    const word = one!.cust_name.split(' ').at(-1)!;
    const found = await list<StoreRow>(`/api/store?q=${encodeURIComponent(word.toUpperCase())}&per_page=1000`);
    expect(found.result.map((s) => s.cust_code)).toContain(one!.cust_code);
    expect(found.result.every((s) => `${s.cust_code} ${s.cust_name}`.toLowerCase().includes(word.toLowerCase()))).toBe(
      true,
    );
    expect((await list<StoreRow>(`/api/store?q=${one!.cust_code}`)).result.map((s) => s.cust_code)).toEqual([
      one!.cust_code,
    ]);
  });

  it('keeps a user limited to one client to that client, in the list and the detail', async () => {
    const all = await ctx.database.db.select().from(store).orderBy(asc(store.cust_code));
    const clients = [...new Set(all.map((s) => s.client_id).filter((c): c is string => !!c))];
    expect(clients.length).toBeGreaterThan(1);
    const [mine, other] = clients as [string, string];
    const token = await accountWith(ctx, admin, ['store.read'], { trustee: { client: [mine] } });
    const seen = await list<StoreRow>('/api/store?per_page=1000', token);
    expect(seen.result.length).toBe(all.filter((s) => s.client_id === mine).length);
    expect(seen.result.every((s) => s.client_id === mine)).toBe(true);
    // Asking for another client's stores gives nothing, not those stores.
    expect((await list<StoreRow>(`/api/store?client_id=${other}`, token)).totalCount).toBe(0);

    const outside = all.find((s) => s.client_id === other)!;
    const inside = all.find((s) => s.client_id === mine)!;
    expect((await get(`/api/store/${inside.cust_code}`, token)).status).toBe(200);
    const refused = await get(`/api/store/${outside.cust_code}`, token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Store ini di luar cakupan akses Anda');
  });

  it('answers one store, 404 for an unknown code, 400 for a bad query, 401 without a session', async () => {
    const [one] = await ctx.database.db.select().from(store).limit(1);
    const res = await get(`/api/store/${one!.cust_code}`);
    expect(((await res.json()) as { result: StoreRow }).result).toMatchObject({ cust_code: one!.cust_code });
    const missing = await get('/api/store/TIDAKADA');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Store TIDAKADA tidak ditemukan');
    const bad = await get(`/api/store?client_id=${'X'.repeat(11)}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Kode client tidak valid');
    expect((await get('/api/store?per_page=0')).status).toBe(400);
    expect((await ctx.request('GET', '/api/store')).status).toBe(401);
  });
});

describe('hostile input on the store and route-list reads', () => {
  it('answers a 400 with an Indonesian message, never a 500', async () => {
    const cases: [string, string][] = [
      ['/api/store?page=99999999999999999999', 'Nomor halaman tidak valid'],
      ['/api/store?per_page=1e3', 'Jumlah baris per halaman harus 1 sampai 1000'],
      ['/api/store?q=a%00b', 'Teks mengandung karakter yang tidak diperbolehkan'],
      ['/api/store?client_id=%00', 'Kode client tidak valid'],
      ['/api/store/%00', 'Store tidak ditemukan'],
      ['/api/store/JKT001%00', 'Store tidak ditemukan'],
      ['/api/store/' + 'X'.repeat(21), 'Store tidak ditemukan'],
    ];
    for (const [path, message] of cases) {
      const res = await get(path, spg);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message, path).toBe(message);
    }
  });
});
