/**
 * POST /api/route-list/upload and its history (spec part 2 §5 "Uploads", §7, §8): a real .xlsx with
 * good and bad rows — every bad row reported with its row and reason, the good ones saved in one go,
 * the same file twice changes nothing, .xlsx only with the spec's message, the permission.
 */
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matrixKunjungan, routeList, store } from '../../../server/db/schema/store';
import type { ListAnswer } from '../../../src/domain/list-query';
import { flagsOfPattern } from '../../../src/domain/route-list/matrix-kunjungan';
import {
  ROUTE_LIST_MESSAGES as RM,
  ROUTE_LIST_UPLOAD_MESSAGES as M,
  type RouteListUploadAnswer,
} from '../../../src/domain/route-list/route-list';
import { ROUTE_LIST_SHEET_COLUMNS } from '../../../src/domain/route-list/route-list-sheet';
import { UPLOAD_FILE_MESSAGES, type UploadLogRow } from '../../../src/domain/upload';
import { createTestContext, type TestContext } from '../helpers';
import { accountWith } from '../karyawan/karyawan-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const KEYS = ROUTE_LIST_SHEET_COLUMNS.map((c) => c.key);
type Row = Record<string, string | number | null>;

async function xlsx(rows: Row[], keys: string[] = KEYS): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Route List');
  ws.addRow(keys);
  for (const row of rows) ws.addRow(keys.map((k) => row[k] ?? null));
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

function upload(bytes: Uint8Array<ArrayBuffer>, token = admin, name = 'route-list.xlsx') {
  const body = new FormData();
  body.append('file', new Blob([bytes]), name);
  return ctx.request('POST', '/api/route-list/upload', { token, body });
}

async function uploadOk(bytes: Uint8Array<ArrayBuffer>) {
  const res = await upload(bytes);
  const body = (await res.json()) as RouteListUploadAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

const pattern = async (id: string, cust: string) =>
  (
    await db()
      .select()
      .from(matrixKunjungan)
      .where(and(eq(matrixKunjungan.route_list_id, id), eq(matrixKunjungan.cust_code, cust)))
  )[0]?.pattern;

describe('POST /api/route-list/upload with good and bad rows', () => {
  let file: Uint8Array<ArrayBuffer>;
  let first: RouteListUploadAnswer;
  let s: (typeof store.$inferSelect)[];

  beforeAll(async () => {
    s = await db().select().from(store).orderBy(asc(store.cust_code)).limit(4);
    const [a, b, c] = s.map((x) => x.cust_code) as [string, string, string];
    const [existing] = await db()
      .select()
      .from(matrixKunjungan)
      .where(eq(matrixKunjungan.route_list_id, 'RJK01'))
      .limit(1);
    file = await xlsx([
      { route_list_id: 'RU001', nama: 'Rute Upload', cust_code: a, W1_1: 'X', W5_7: 'x' }, // 2: new list + store
      { route_list_id: 'RU001', cust_code: b, W2_3: 'X' }, // 3: same list, another store
      { route_list_id: 'RU001', cust_code: a, W1_2: 'X' }, // 4: store twice for one list
      { route_list_id: 'RU001', nama: 'Nama Lain', cust_code: c }, // 5: other name for the same id
      { route_list_id: 'RU0022', nama: 'Terlalu panjang', cust_code: a }, // 6: id too long
      { route_list_id: 'RU003', cust_code: a }, // 7: new list without a name
      { route_list_id: 'RU004', nama: 'Rute Empat', cust_code: 'NOPE1' }, // 8: unknown store
      { route_list_id: 'RU004', nama: 'Rute Empat', cust_code: c, W3_3: 'Y' }, // 9: bad flag
      { route_list_id: '', nama: 'Tanpa ID', cust_code: c }, // 10: no id
      { route_list_id: 'RU005', nama: 'Hanya Nama' }, // 11: the list alone
      { route_list_id: 'RU006', nama: 'x'.repeat(41) }, // 12: name too long
      { route_list_id: 'RU007', nama: 'Tanpa store', W1_1: 'X' }, // 13: a day without a store
      { route_list_id: 'RJK01', cust_code: existing!.cust_code, W1_1: 'X', W1_2: null }, // 14: existing list, change
    ]);
    first = await uploadOk(file);
  });

  it('reports every bad row with its row number, key and reason', () => {
    expect(first.result).toMatchObject({ total: 13, route_lists: 2, stores: 3, failed: 9, status: 'Sebagian' });
    // New: RU001 with its first store, its second store, RU005; changed: RJK01's days.
    expect(first.result).toMatchObject({ created: 3, updated: 1, unchanged: 0 });
    expect(first.message).toBe(M.done({ total: 13, created: 3, updated: 1, unchanged: 0, failed: 9 }));
    expect(first.message).toBe('Upload selesai: 3 baru, 1 diubah, 0 sama, 9 gagal');
    const [a, , c] = s.map((x) => x.cust_code);
    expect(first.result.nrp_gagal).toEqual([
      { baris: 4, nrp: `RU001/${a}`, alasan: M.duplicateStore(2) },
      { baris: 5, nrp: `RU001/${c}`, alasan: M.namaMismatch(2) },
      { baris: 6, nrp: `RU0022/${a}`, alasan: RM.idFormat },
      { baris: 7, nrp: `RU003/${a}`, alasan: RM.namaRequired },
      { baris: 8, nrp: 'RU004/NOPE1', alasan: M.storeNotFound('NOPE1') },
      { baris: 9, nrp: `RU004/${c}`, alasan: M.flag('W3_3') },
      { baris: 10, nrp: `/${c}`, alasan: RM.idRequired },
      { baris: 12, nrp: 'RU006', alasan: RM.namaTooLong },
      { baris: 13, nrp: 'RU007', alasan: M.storeRequiredForDays },
    ]);
  });

  it('saves the good rows: new route lists of company KM, their matrix rows, the changed days', async () => {
    const [a, b] = s.map((x) => x.cust_code) as [string, string];
    const lists = await db().select().from(routeList).where(eq(routeList.kode_prsh, 'KM')).orderBy(asc(routeList.id));
    expect(lists.filter((l) => l.id.startsWith('RU'))).toEqual([
      { id: 'RU001', kode_prsh: 'KM', nama: 'Rute Upload' },
      { id: 'RU005', kode_prsh: 'KM', nama: 'Hanya Nama' },
    ]);
    const pa = flagsOfPattern((await pattern('RU001', a))!);
    expect(pa).toMatchObject({ W1_1: 'X', W5_7: 'X', W1_2: null });
    expect(flagsOfPattern((await pattern('RU001', b))!).W2_3).toBe('X');
    expect(await pattern('RU004', s[2]!.cust_code)).toBeUndefined();
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await db()
      .select()
      .from(matrixKunjungan)
      .orderBy(asc(matrixKunjungan.route_list_id), asc(matrixKunjungan.cust_code));
    const again = await uploadOk(file);
    expect(again.result).toMatchObject({
      total: 13,
      route_lists: 0,
      stores: 0,
      created: 0,
      updated: 0,
      unchanged: 4,
      failed: 9,
    });
    const after = await db()
      .select()
      .from(matrixKunjungan)
      .orderBy(asc(matrixKunjungan.route_list_id), asc(matrixKunjungan.cust_code));
    expect(after).toEqual(before);
  });

  it('writes the history with every refused row', async () => {
    const res = await ctx.request('GET', '/api/route-list/upload/log', { token: admin });
    const log = (await res.json()) as ListAnswer<UploadLogRow>;
    expect(log.totalCount).toBe(2);
    expect(log.result[0]).toMatchObject({ file_name: 'route-list.xlsx', status: 'Sebagian', jumlah_gagal: 9 });
    const one = await ctx.request('GET', `/api/route-list/upload/log/${log.result[0]!.id}`, { token: admin });
    expect(((await one.json()) as { result: UploadLogRow }).result.nrp_gagal).toHaveLength(9);
    // The employee upload's history does not show it.
    const other = await ctx.request('GET', '/api/karyawan/upload/log', { token: admin });
    expect(
      ((await other.json()) as ListAnswer<UploadLogRow>).result.some((r) => r.file_name === 'route-list.xlsx'),
    ).toBe(false);
  });
});

describe('POST /api/route-list/upload refusals', () => {
  it('accepts .xlsx only, with the spec’s message; a sheet without its header or rows is refused whole', async () => {
    const text = new TextEncoder().encode('route_list_id,nama\nRX1,Uji\n') as Uint8Array<ArrayBuffer>;
    const notXlsx = await upload(text, admin, 'route-list.csv');
    expect(notXlsx.status).toBe(400);
    expect(((await notXlsx.json()) as { message: string }).message).toBe(UPLOAD_FILE_MESSAGES.format);
    const noHeader = await upload(await xlsx([{ nama: 'x' }], ['nama']));
    expect(((await noHeader.json()) as { message: string }).message).toBe(M.noHeader);
    const unknown = await upload(await xlsx([{ route_list_id: 'RX1' }], ['route_list_id', 'W6_1']));
    expect(((await unknown.json()) as { message: string }).message).toBe(M.unknownColumns(['W6_1']));
    const empty = await upload(await xlsx([]));
    expect(((await empty.json()) as { message: string }).message).toBe(M.empty);
  });

  it('needs routeList.create and routeList.update; 401 without a session', async () => {
    const creator = await accountWith(ctx, admin, ['routeList.create']);
    const bytes = await xlsx([{ route_list_id: 'RX1', nama: 'x' }]);
    expect((await upload(bytes, creator)).status).toBe(403);
    expect((await ctx.request('GET', '/api/route-list/upload/log', { token: creator })).status).toBe(403);
    const body = new FormData();
    body.append('file', new Blob([bytes]), 'x.xlsx');
    expect((await ctx.request('POST', '/api/route-list/upload', { body })).status).toBe(401);
  });
});
