/**
 * The store form's calls (spec part 2 §2.4, §5 "Store", §7): create, change and delete with the spec's
 * rules and messages, permissions, the trustee scope, the 409 of a store in use; the narrowed reads
 * (an SPG reads only the stores of her own plans); the export; and the store's own check-in radius.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kunjungan, kunjunganDetail } from '../../../server/db/schema/kunjungan';
import { store } from '../../../server/db/schema/store';
import type { ListAnswer } from '../../../src/domain/list-query';
import { STORE_COLUMNS, STORE_MESSAGES, type StoreDetail, type StoreRow } from '../../../src/domain/store/store';
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

const db = () => ctx.database.db;
const body = (over: Record<string, unknown> = {}) => ({
  cust_code: 'UJI001',
  cust_name: 'Toko Uji Satu',
  kunnr: '1000001',
  sales_office_id: null,
  cust_address: 'Jl. Sudirman No. 1',
  cust_zip: '10220',
  cust_lat: '-6.2088',
  cust_long: '106.8456',
  cust_contact: 'Bu Sari',
  cust_telp: '0812345678',
  cust_email: 'sari@toko.id',
  ...over,
});
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('POST /api/store', () => {
  it('creates a store, answers 201 with the row, and refuses the same code twice (409)', async () => {
    const res = await ctx.request('POST', '/api/store', { token: admin, body: body() });
    expect(res.status, await res.clone().text()).toBe(201);
    const saved = (await res.json()) as { message: string; result: StoreRow };
    expect(saved.message).toBe(STORE_MESSAGES.created);
    expect(saved.result).toMatchObject({ cust_code: 'UJI001', cust_lat: -6.2088, cust_long: 106.8456, radius_m: null });
    const again = await ctx.request('POST', '/api/store', { token: admin, body: body() });
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(STORE_MESSAGES.duplicate('UJI001'));
  });

  it('checks every rule of the form with its message (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cust_name: '' }, STORE_MESSAGES.custNameRequired],
      [{ cust_name: 'N'.repeat(41) }, STORE_MESSAGES.custName],
      [{ kunnr: '1'.repeat(11) }, STORE_MESSAGES.kunnr],
      [{ sales_office_id: 'ABCDE' }, STORE_MESSAGES.salesOffice],
      [{ cust_address: 'A'.repeat(256) }, STORE_MESSAGES.address],
      [{ cust_zip: '123456' }, STORE_MESSAGES.zip],
      [{ cust_lat: 'abc' }, STORE_MESSAGES.latitude],
      [{ cust_lat: '-6.1234567890' }, STORE_MESSAGES.latitude],
      [{ cust_lat: 91 }, STORE_MESSAGES.latitude],
      [{ cust_long: '181' }, STORE_MESSAGES.longitude],
      [{ cust_contact: 'C'.repeat(41) }, STORE_MESSAGES.contact],
      [{ cust_telp: '1'.repeat(16) }, STORE_MESSAGES.phone],
      [{ cust_email: `${'e'.repeat(35)}@x.com` }, STORE_MESSAGES.email],
      [{ cust_email: 'bukan-email' }, STORE_MESSAGES.emailFormat],
      [{ radius_m: 5 }, STORE_MESSAGES.radius],
      [{ cust_code: '' }, STORE_MESSAGES.custCodeRequired],
      [{ cust_code: 'A B' }, STORE_MESSAGES.custCodeFormat],
      [{ cust_name: 'a\u0000b' }, STORE_MESSAGES.control],
      [{ cust_address: 'a\u0000b' }, STORE_MESSAGES.control],
      [{ sales_office_id: 'ZZZZ' }, STORE_MESSAGES.missingRef],
      [{ client_id: 'TIDAKADA' }, STORE_MESSAGES.missingRef],
    ];
    for (const [over, text] of cases) {
      const res = await ctx.request('POST', '/api/store', {
        token: admin,
        body: body({ cust_code: 'UJI999', ...over }),
      });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await message(res), JSON.stringify(over)).toBe(text);
    }
  });

  it('needs store.create (403), a session (401), and keeps a limited user inside their scope', async () => {
    expect((await ctx.request('POST', '/api/store', { body: body({ cust_code: 'UJI002' }) })).status).toBe(401);
    expect((await ctx.request('POST', '/api/store', { token: spg, body: body({ cust_code: 'UJI002' }) })).status).toBe(
      403,
    );
    const [one] = await db().select().from(store).where(eq(store.cust_code, 'UJI001'));
    const [other] = await db().select({ client_id: store.client_id }).from(store).limit(1);
    const limited = await accountWith(ctx, admin, ['store.create', 'store.read'], {
      trustee: { client: [other!.client_id!] },
    });
    const outside = await ctx.request('POST', '/api/store', { token: limited, body: body({ cust_code: 'UJI003' }) });
    expect(outside.status).toBe(403);
    const inside = await ctx.request('POST', '/api/store', {
      token: limited,
      body: body({ cust_code: 'UJI003', client_id: other!.client_id }),
    });
    expect(inside.status).toBe(201);
    expect(one).toBeTruthy();
  });
});

describe('GET/PUT/DELETE /api/store/{id}', () => {
  it('changes a store and answers the new row; the code stays', async () => {
    const res = await ctx.request('PUT', '/api/store/UJI001', {
      token: admin,
      body: body({ cust_code: undefined, cust_name: 'Toko Uji Baru', radius_m: 150, cust_lat: '', cust_long: null }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { result } = (await res.json()) as { result: StoreRow };
    expect(result).toMatchObject({ cust_code: 'UJI001', cust_name: 'Toko Uji Baru', radius_m: 150, cust_lat: null });
    const bad = await ctx.request('PUT', '/api/store/UJI001', { token: admin, body: body({ cust_zip: '1234567' }) });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe(STORE_MESSAGES.zip);
    expect((await ctx.request('PUT', '/api/store/TIDAKADA', { token: admin, body: body() })).status).toBe(404);
    expect((await ctx.request('PUT', '/api/store/UJI001', { token: spg, body: body() })).status).toBe(403);
  });

  it('says whether a store may be deleted; deletes an unused one, refuses one in use with 409', async () => {
    const fresh = (await (await ctx.request('GET', '/api/store/UJI001', { token: admin })).json()) as {
      result: StoreDetail;
    };
    expect(fresh.result).toMatchObject({ deletable: true, default_radius_m: 300 });
    const [used] = await db().select({ cust_code: kunjunganDetail.cust_code }).from(kunjunganDetail).limit(1);
    const inUse = (await (await ctx.request('GET', `/api/store/${used!.cust_code}`, { token: admin })).json()) as {
      result: StoreDetail;
    };
    expect(inUse.result.deletable).toBe(false);
    const refused = await ctx.request('DELETE', `/api/store/${used!.cust_code}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe(STORE_MESSAGES.inUse);

    expect((await ctx.request('DELETE', '/api/store/UJI001', { token: spg })).status).toBe(403);
    const done = await ctx.request('DELETE', '/api/store/UJI001', { token: admin });
    expect(done.status).toBe(200);
    expect(await message(done)).toBe(STORE_MESSAGES.deleted);
    expect((await ctx.request('GET', '/api/store/UJI001', { token: admin })).status).toBe(404);
    expect((await ctx.request('DELETE', '/api/store/UJI001', { token: admin })).status).toBe(404);
  });
});

describe('narrowed reads', () => {
  it('an SPG reads only the stores of her own plans, in the list and the detail', async () => {
    const own = await db()
      .selectDistinct({ cust_code: kunjunganDetail.cust_code })
      .from(kunjunganDetail)
      .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
      .where(eq(kunjungan.nrp, '26000002'));
    expect(own.length).toBeGreaterThan(0);
    const res = await ctx.request('GET', '/api/store?per_page=1000', { token: spg });
    const seen = (await res.json()) as ListAnswer<StoreRow>;
    expect(seen.result.map((s) => s.cust_code).sort()).toEqual(own.map((o) => o.cust_code).sort());
    expect((await ctx.request('GET', `/api/store/${own[0]!.cust_code}`, { token: spg })).status).toBe(200);
    const codes = new Set(own.map((o) => o.cust_code));
    const [foreign] = (await db().select({ c: store.cust_code }).from(store)).filter((s) => !codes.has(s.c));
    const refused = await ctx.request('GET', `/api/store/${foreign!.c}`, { token: spg });
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe(STORE_MESSAGES.outOfScope);
  });

  it('a store picker permission (kunjungan.create) reads the whole scope', async () => {
    const token = await accountWith(ctx, admin, ['kunjungan.create']);
    const all = await db().select({ c: store.cust_code }).from(store);
    const res = await ctx.request('GET', '/api/store?per_page=1', { token });
    expect(((await res.json()) as ListAnswer<StoreRow>).totalCount).toBe(all.length);
  });
});

describe('GET /api/store/export/excel', () => {
  it('streams every store in the upload sheet’s columns; needs store.export', async () => {
    expect((await ctx.request('GET', '/api/store/export/excel', { token: spg })).status).toBe(403);
    const res = await ctx.request('GET', '/api/store/export/excel', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/store_\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...STORE_COLUMNS]);
    const all = await db().select({ c: store.cust_code }).from(store);
    expect(ws.actualRowCount - 1).toBe(all.length);
  });

  it('names the file with the caller’s local day: at 06:30 WIB it is already that day', async () => {
    // 23:30 UTC is 06:30 WIB and 08:30 WIT of the next day.
    const utcDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(`${utcDay}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    ctx.clock.offsetMs = Date.parse(`${utcDay}T23:30:00Z`) - Date.now();
    try {
      const name = async (zone?: string) => {
        const res = await ctx.request('GET', '/api/store/export/excel', {
          token: admin,
          headers: zone ? { 'X-Time-Zone': zone } : {},
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
      };
      expect(await name('Asia/Jakarta')).toBe(`store_${next}.xlsx`);
      expect(await name('Asia/Jayapura')).toBe(`store_${next}.xlsx`);
      // A desktop set to UTC sees its own day; no zone, or one nobody knows, is read as WIB.
      expect(await name('UTC')).toBe(`store_${utcDay}.xlsx`);
      expect(await name()).toBe(`store_${next}.xlsx`);
      expect(await name('Mars/Olympus')).toBe(`store_${next}.xlsx`);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });
});
