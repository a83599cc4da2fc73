import { and, count, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../server/db/schema/karyawan';
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
