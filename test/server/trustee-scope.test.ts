import { and, count, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type Trustee } from '../../server/db/schema/auth';
import { karyawan } from '../../server/db/schema/karyawan';
import { hashPassword } from '../../server/lib/password';
import { loadActor } from '../../server/middleware/auth';
import { karyawanScope } from '../../server/middleware/trustee-scope';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function countKaryawan(where?: SQL): Promise<number> {
  const [row] = await db().select({ n: count() }).from(karyawan).where(where);
  return row?.n ?? 0;
}

let serial = 0;
/** Creates an account through the API and answers the actor the auth middleware would load for it. */
async function actorWithTrustee(trustee?: Record<string, string[]>) {
  serial += 1;
  const userid = `S0000${serial}`;
  const res = await ctx.request('POST', '/api/users', {
    token: admin,
    body: { userid, username: `scope${serial}`, nama: 'Cakupan', password: 'Kuat#Sekali2026', role: 'HR', trustee },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const actor = await loadActor(db(), userid);
  if (!actor) throw new Error('actor not loaded');
  return actor;
}

/** The busiest (lokasi, client) pair that is a strict subset of both its lokasi and its client. */
async function overlappingPair() {
  const rows = await db()
    .select({ lokasi: karyawan.kode_lokasi, client: karyawan.client_id, n: count() })
    .from(karyawan)
    .groupBy(karyawan.kode_lokasi, karyawan.client_id);
  const byLokasi = new Map<string, number>();
  const byClient = new Map<string, number>();
  for (const r of rows) {
    byLokasi.set(r.lokasi, (byLokasi.get(r.lokasi) ?? 0) + r.n);
    if (r.client) byClient.set(r.client, (byClient.get(r.client) ?? 0) + r.n);
  }
  const pair = rows
    .filter((r) => r.client && r.n < byLokasi.get(r.lokasi)! && r.n < byClient.get(r.client)!)
    .sort((a, b) => b.n - a.n)[0];
  if (!pair?.client) throw new Error('seed has no overlapping lokasi/client pair');
  return { lokasi: pair.lokasi, client: pair.client, n: pair.n };
}

describe('karyawanScope (trustee data scope)', () => {
  it('restricts a karyawan query to the one lokasi of the trustee', async () => {
    const actor = await actorWithTrustee({ lokasi: ['JKT'] });
    expect(actor.trustee?.lokasi).toEqual(['JKT']);
    const scope = karyawanScope(actor);
    expect(scope).toBeDefined();

    const total = await countKaryawan();
    const inScope = await db().select({ nrp: karyawan.nrp, lokasi: karyawan.kode_lokasi }).from(karyawan).where(scope);
    expect(inScope.length).toBeGreaterThan(0);
    expect(inScope.length).toBeLessThan(total);
    expect(new Set(inScope.map((r) => r.lokasi))).toEqual(new Set(['JKT']));
    expect(inScope.length).toBe(await countKaryawan(eq(karyawan.kode_lokasi, 'JKT')));
  });

  it('leaves everything visible with an empty trustee, or none at all', async () => {
    const total = await countKaryawan();
    const empty = await actorWithTrustee({ lokasi: [], client: [] });
    expect(karyawanScope(empty)).toBeUndefined();
    expect(await countKaryawan(karyawanScope(empty))).toBe(total);
    const none = await actorWithTrustee();
    expect(await countKaryawan(karyawanScope(none))).toBe(total);
    expect(karyawanScope({ trustee: null })).toBeUndefined();
  });

  it('combines two dimensions with AND', async () => {
    const pair = await overlappingPair();
    const actor = await actorWithTrustee({ lokasi: [pair.lokasi], client: [pair.client] });
    const rows = await db()
      .select({ lokasi: karyawan.kode_lokasi, client: karyawan.client_id })
      .from(karyawan)
      .where(karyawanScope(actor));
    expect(rows.length).toBe(pair.n);
    expect(rows.every((r) => r.lokasi === pair.lokasi && r.client === pair.client)).toBe(true);
    expect(rows.length).toBeLessThan(await countKaryawan(eq(karyawan.kode_lokasi, pair.lokasi)));
    expect(rows.length).toBeLessThan(await countKaryawan(eq(karyawan.client_id, pair.client)));
  });

  it('adds to a service filter instead of replacing it', async () => {
    const actor = await actorWithTrustee({ lokasi: ['JKT'] });
    const own = eq(karyawan.nrp, '26000001');
    expect(await countKaryawan(and(own, karyawanScope(actor)))).toBe(1);
    const elsewhere = await actorWithTrustee({ lokasi: ['BDG'] });
    expect(await countKaryawan(and(own, karyawanScope(elsewhere)))).toBe(0);
  });
});

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json & { message: string; result: Json & Json[] };

describe('master lists under a trustee scope', () => {
  const NONE: Trustee = { kode_prsh: [], sales_office: [], lokasi: [], client: [], jabatan: [], spg_type: [] };
  const PASSWORD = 'Cakupan#Uji2026';

  async function scopedUser(userid: string, trustee: Partial<Trustee>): Promise<string> {
    await ctx.database.db.insert(users).values({
      userid,
      username: userid.toLowerCase(),
      nama: `Uji ${userid}`,
      passwordHash: await hashPassword(PASSWORD),
      role: 'ADMIN',
      trustee: { ...NONE, ...trustee },
    });
    return ctx.tokenFor(userid.toLowerCase(), PASSWORD);
  }

  it('limits lokasi to the trustee list: list, detail and writes', async () => {
    const all = await json(await ctx.request('GET', '/api/lokasi?per_page=1000', { token: admin }));
    const ids = all.result.map((r) => String(r.id));
    const [mine, other] = ids;
    expect(mine && other).toBeTruthy();
    const token = await scopedUser('LIMIT1', { lokasi: [mine!] });

    const list = await json(await ctx.request('GET', '/api/lokasi', { token }));
    expect(list.result.map((r) => r.id)).toEqual([mine]);
    expect(list.totalCount).toBe(1);
    expect((await ctx.request('GET', `/api/lokasi?q=${other}`, { token }).then(json)).totalCount).toBe(0);
    expect((await ctx.request('GET', `/api/lokasi/${mine}`, { token })).status).toBe(200);
    const outside = await ctx.request('GET', `/api/lokasi/${other}`, { token });
    expect(outside.status).toBe(403);
    expect((await json(outside)).message).toBe('Lokasi ini di luar cakupan akses Anda');
    expect(
      (await ctx.request('PUT', `/api/lokasi/${other}`, { token, body: { kode_prsh: 'KM', nama: 'X' } })).status,
    ).toBe(403);
    expect((await ctx.request('DELETE', `/api/lokasi/${other}`, { token })).status).toBe(403);
    expect(
      (await ctx.request('POST', '/api/lokasi', { token, body: { id: 'LUAR', kode_prsh: 'KM', nama: 'Luar' } })).status,
    ).toBe(403);

    // Lists that are not a lokasi dimension are not limited by it.
    const jabatan = await json(await ctx.request('GET', '/api/jabatan?per_page=1000', { token }));
    const jabatanAll = await json(await ctx.request('GET', '/api/jabatan?per_page=1000', { token: admin }));
    expect(jabatan.totalCount).toBe(jabatanAll.totalCount);
  });

  it('limits company-owned lists by kode_prsh, and each dimension list by its own trustee list', async () => {
    const token = await scopedUser('LIMIT2', { kode_prsh: ['SJA'], client: ['NSF'], spg_type: ['REG'] });
    const companies = await json(await ctx.request('GET', '/api/perusahaan', { token }));
    expect(companies.result.map((r) => r.kode_prsh)).toEqual(['SJA']);
    const offices = await json(await ctx.request('GET', '/api/sales-office?per_page=1000', { token }));
    expect(offices.totalCount).toBeGreaterThan(0);
    expect(offices.result.every((r) => r.kode_prsh === 'SJA')).toBe(true);
    expect((await ctx.request('GET', '/api/perusahaan/KM', { token })).status).toBe(403);
    // Seeded clients and types belong to KM: outside a user limited to SJA, whatever the client list says.
    expect((await json(await ctx.request('GET', '/api/client', { token }))).totalCount).toBe(0);
    expect((await json(await ctx.request('GET', '/api/karyawan-type', { token }))).totalCount).toBe(0);
    // Lists without a company are not limited.
    const umr = await json(await ctx.request('GET', '/api/umr', { token }));
    expect(umr.totalCount).toBe((await json(await ctx.request('GET', '/api/umr', { token: admin }))).totalCount);

    const token3 = await scopedUser('LIMIT3', { client: ['NSF'], spg_type: ['REG', 'MOB'], jabatan: ['SPG'] });
    expect(
      (await json(await ctx.request('GET', '/api/client?per_page=100', { token: token3 }))).result.map((r) => r.id),
    ).toEqual(['NSF']);
    expect(
      (await json(await ctx.request('GET', '/api/karyawan-type?per_page=100', { token: token3 }))).result
        .map((r) => r.id)
        .sort(),
    ).toEqual(['MOB', 'REG']);
    expect(
      (await json(await ctx.request('GET', '/api/jabatan?per_page=100', { token: token3 }))).result.map((r) => r.id),
    ).toEqual(['SPG']);
    expect((await ctx.request('GET', '/api/client/BRV', { token: token3 })).status).toBe(403);
  });
});
