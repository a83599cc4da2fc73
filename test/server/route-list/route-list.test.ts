/**
 * /api/route-list (spec part 2 §2.5, §5 "Route list new", §7): the reads the screens and the pickers
 * use (narrowed to routeList.read or a screen that picks route lists, limited to the user's companies),
 * the form's create / rename / delete (409 while employees or plans use it), the per-row download and
 * outlet_count, which is always the matrix's real number of stores.
 */
import { readFileSync } from 'node:fs';
import { asc, count, eq, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { karyawan } from '../../../server/db/schema/karyawan';
import { matrixKunjungan, routeList, store } from '../../../server/db/schema/store';
import type { ListAnswer } from '../../../src/domain/list-query';
import { flagsOfPattern, MATRIX_KEYS } from '../../../src/domain/route-list/matrix-kunjungan';
import { ROUTE_LIST_MESSAGES as M, type RouteListRow } from '../../../src/domain/route-list/route-list';
import { ROUTE_LIST_SHEET_COLUMNS, ROUTE_LIST_TEMPLATE_PATH } from '../../../src/domain/route-list/route-list-sheet';
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
const get = (path: string, token = admin) => ctx.request('GET', path, { token });
const send = (method: string, path: string, body: unknown, token = admin) => ctx.request(method, path, { token, body });
async function list<T>(path: string, token = admin): Promise<ListAnswer<T>> {
  const res = await get(path, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListAnswer<T>;
}
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

async function withCounts() {
  const rows = await db().select().from(routeList).orderBy(asc(routeList.id));
  const counts = await db()
    .select({ id: matrixKunjungan.route_list_id, n: count() })
    .from(matrixKunjungan)
    .groupBy(matrixKunjungan.route_list_id);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({ ...r, outlet_count: byId.get(r.id) ?? 0 }));
}

describe('GET /api/route-list', () => {
  it('pages and searches the route lists with their store counts, limited to the user’s companies', async () => {
    // The seed's route lists all belong to KM: one of the other company, written as its screen would.
    await db().insert(routeList).values({ id: 'RSJ99', kode_prsh: 'SJA', nama: 'Surabaya Uji' });
    const all = await withCounts();
    const page = await list<RouteListRow>('/api/route-list?per_page=1000');
    expect(page.result).toEqual(all);
    expect(all.some((r) => r.outlet_count > 0)).toBe(true);
    // Spec §9: 20 rows a page by default.
    expect((await list<RouteListRow>('/api/route-list')).result).toEqual(all.slice(0, 20));
    const one = all[3]!;
    expect((await list<RouteListRow>(`/api/route-list?q=${one.id.toLowerCase()}`)).result.map((r) => r.id)).toEqual([
      one.id,
    ]);
    expect(((await (await get(`/api/route-list/${one.id}`)).json()) as { result: RouteListRow }).result).toEqual(one);
    const missing = await get('/api/route-list/NOPE');
    expect(missing.status).toBe(404);
    expect(await messageOf(missing)).toBe(M.notFoundId('NOPE'));

    const token = await accountWith(ctx, admin, ['routeList.read'], { trustee: { kode_prsh: ['KM'] } });
    const scoped = await list<RouteListRow>('/api/route-list?per_page=1000', token);
    expect(scoped.result).toEqual(all.filter((r) => r.kode_prsh === 'KM'));
    expect(scoped.result.length).toBe(all.length - 1);
    const refused = await get('/api/route-list/RSJ99', token);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(M.outOfScope);
  });

  it('answers routeList.read and the screens that pick a route list, nobody else', async () => {
    for (const permission of ['karyawan.create', 'karyawan.update', 'kunjungan.create'] as const) {
      const token = await accountWith(ctx, admin, [permission]);
      expect((await get('/api/route-list', token)).status, permission).toBe(200);
    }
    const reader = await accountWith(ctx, admin, ['karyawan.read']);
    expect((await get('/api/route-list', reader)).status).toBe(403);
    expect((await get('/api/route-list/RJK01', reader)).status).toBe(403);
    // The SPG checks in against her plan: she never needs the route lists themselves.
    expect((await get('/api/route-list', spg)).status).toBe(403);
    expect((await ctx.request('GET', '/api/route-list')).status).toBe(401);
  });
});

describe('POST, PUT, DELETE /api/route-list', () => {
  it('creates a route list of company KM, refuses a taken id (409) and bad input with the form’s messages', async () => {
    const res = await send('POST', '/api/route-list', { id: 'RT001', nama: '  Rute Uji  ' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({
      message: M.created,
      result: { id: 'RT001', kode_prsh: 'KM', nama: 'Rute Uji', outlet_count: 0 },
    });
    const again = await send('POST', '/api/route-list', { id: 'RT001', nama: 'Lain' });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(M.exists('RT001'));

    const cases: [unknown, string][] = [
      [{ id: 'RT0012', nama: 'x' }, M.idFormat],
      [{ id: '', nama: 'x' }, M.idRequired],
      [{ id: 'R/1', nama: 'x' }, M.idFormat],
      [{ id: 'RT002', nama: '' }, M.namaRequired],
      [{ id: 'RT002', nama: 'x'.repeat(41) }, M.namaTooLong],
      [{ id: 'RT002', nama: 'a\u0000b' }, 'Teks mengandung karakter yang tidak diperbolehkan'],
      [{ id: 'RT002', nama: 'x', kode_prsh: 'SJA' }, M.company],
      [{ id: 12345, nama: 'x' }, 'Harus berupa teks'],
    ];
    for (const [body, message] of cases) {
      const bad = await send('POST', '/api/route-list', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(bad), JSON.stringify(body)).toBe(message);
    }
    expect((await db().select().from(routeList).where(eq(routeList.id, 'RT002'))).length).toBe(0);
  });

  it('needs routeList.create / update / delete, and a user of another company may not create for KM', async () => {
    const reader = await accountWith(ctx, admin, ['routeList.read']);
    expect((await send('POST', '/api/route-list', { id: 'RT003', nama: 'x' }, reader)).status).toBe(403);
    expect((await send('PUT', '/api/route-list/RT001', { nama: 'x' }, reader)).status).toBe(403);
    expect((await ctx.request('DELETE', '/api/route-list/RT001', { token: reader })).status).toBe(403);
    expect((await ctx.request('POST', '/api/route-list', { body: { id: 'RT003', nama: 'x' } })).status).toBe(401);
    const sja = await accountWith(ctx, admin, ['routeList.create', 'routeList.update'], {
      trustee: { kode_prsh: ['SJA'] },
    });
    const refused = await send('POST', '/api/route-list', { id: 'RT003', nama: 'x' }, sja);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(M.outOfScope);
    expect((await send('PUT', '/api/route-list/RT001', { nama: 'x' }, sja)).status).toBe(403);
  });

  it('renames, and deletes only a route list nobody uses (its matrix goes with it)', async () => {
    const renamed = await send('PUT', '/api/route-list/RT001', { nama: 'Rute Uji Baru' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { result: RouteListRow }).result.nama).toBe('Rute Uji Baru');
    expect((await send('PUT', '/api/route-list/NOPE', { nama: 'x' })).status).toBe(404);
    expect((await send('PUT', '/api/route-list/RT001', { nama: '' })).status).toBe(400);

    const [used] = await db()
      .select({ id: karyawan.route_list_id })
      .from(karyawan)
      .where(isNotNull(karyawan.route_list_id))
      .limit(1);
    const inUse = await ctx.request('DELETE', `/api/route-list/${used!.id}`, { token: admin });
    expect(inUse.status).toBe(409);
    expect(await messageOf(inUse)).toMatch(
      new RegExp(
        `^Route list ${used!.id} tidak dapat dihapus: masih dipakai oleh \\d+ karyawan dan \\d+ rencana kunjungan$`,
      ),
    );

    const [st] = await db().select().from(store).limit(1);
    await db()
      .insert(matrixKunjungan)
      .values({ route_list_id: 'RT001', cust_code: st!.cust_code, pattern: 'X'.repeat(35) });
    const gone = await ctx.request('DELETE', '/api/route-list/RT001', { token: admin });
    expect(gone.status).toBe(200);
    expect(await messageOf(gone)).toBe(M.deleted);
    expect((await db().select().from(matrixKunjungan).where(eq(matrixKunjungan.route_list_id, 'RT001'))).length).toBe(
      0,
    );
    expect((await ctx.request('DELETE', '/api/route-list/RT001', { token: admin })).status).toBe(404);
  });
});

async function workbook(res: Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /api/route-list/{id}/download', () => {
  it('answers the route list with its matrix in the upload layout, named by content-disposition', async () => {
    const id = 'RJK01';
    const res = await get(`/api/route-list/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename="route-list-${id}.xlsx"`);
    const rows = await workbook(res);
    expect(rows[0]).toEqual(ROUTE_LIST_SHEET_COLUMNS.map((c) => c.header));
    const matrix = await db()
      .select()
      .from(matrixKunjungan)
      .where(eq(matrixKunjungan.route_list_id, id))
      .orderBy(asc(matrixKunjungan.cust_code));
    expect(rows.slice(1).map((r) => r[2])).toEqual(matrix.map((m) => m.cust_code));
    const flags = flagsOfPattern(matrix[0]!.pattern);
    const first = rows[1]!;
    MATRIX_KEYS.forEach((k, i) => expect(first[4 + i] ?? null, k).toBe(flags[k]));

    expect((await get('/api/route-list/NOPE/download')).status).toBe(404);
    const picker = await accountWith(ctx, admin, ['karyawan.create']);
    expect((await get(`/api/route-list/${id}/download`, picker)).status).toBe(403);
  });

  it('the static template has the same columns', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(readFileSync(`public${ROUTE_LIST_TEMPLATE_PATH}`)).buffer);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(ROUTE_LIST_SHEET_COLUMNS.map((c) => c.header));
  });
});

describe('hostile input on the route-list routes', () => {
  it('answers a 400 with an Indonesian message, never a 500', async () => {
    const cases: [string, string][] = [
      ['/api/route-list?page=99999999999999999999', 'Nomor halaman tidak valid'],
      ['/api/route-list?q=%00', 'Teks mengandung karakter yang tidak diperbolehkan'],
      ['/api/route-list/a%00b', 'Route list tidak ditemukan'],
      ['/api/route-list/9007199254740993', 'Route list tidak ditemukan'],
      ['/api/route-list/%00/download', 'Route list tidak ditemukan'],
    ];
    for (const [path, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(await messageOf(res), path).toBe(message);
    }
  });
});

describe('missing fields', () => {
  it('read as blank: the form’s own messages', async () => {
    const noId = await send('POST', '/api/route-list', { nama: 'x' });
    expect(await messageOf(noId)).toBe(M.idRequired);
    const noNama = await send('POST', '/api/route-list', { id: 'RT009' });
    expect(await messageOf(noNama)).toBe(M.namaRequired);
    const rename = await send('PUT', '/api/route-list/RJK01', {});
    expect(rename.status).toBe(400);
    expect(await messageOf(rename)).toBe(M.namaRequired);
  });
});
