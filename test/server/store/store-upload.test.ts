/**
 * POST /api/store/upload and its history (spec part 2 §2.4, §5 "Uploads", §8): a real .xlsx with good
 * and bad rows — every bad row reported with its code and reason, every good one saved, the same file
 * twice without duplicates (upsert by cust_code), the content check, the permission; and the static
 * template's columns.
 */
import { readFileSync } from 'node:fs';
import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../../server/db/schema/store';
import { uploadLog } from '../../../server/db/schema/upload';
import type { ListAnswer } from '../../../src/domain/list-query';
import { STORE_COLUMNS, STORE_MESSAGES, STORE_UPLOAD_MESSAGES, type StoreUploadAnswer } from '../../../src/domain/store/store';
import { UPLOAD_FILE_MESSAGES, type UploadLogRow } from '../../../src/domain/upload';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let admin: string;
let spg: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [admin, spg] = await Promise.all([ctx.tokenFor('admin'), ctx.tokenFor('spg')]);
});
afterAll(() => ctx.close());

type Row = Record<string, string | number | null>;

async function xlsx(rows: Row[], keys: readonly string[] = STORE_COLUMNS) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Store');
  ws.addRow([...keys]);
  for (const row of rows) ws.addRow(keys.map((k) => row[k] ?? null));
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const upload = (bytes: Uint8Array<ArrayBuffer>, token = admin, name = 'store.xlsx') => {
  const body = new FormData();
  body.append('file', new Blob([bytes]), name);
  return ctx.request('POST', '/api/store/upload', { token, body });
};

const good = (code: string, over: Row = {}): Row => ({
  cust_code: code,
  cust_name: `Toko ${code}`,
  cust_address: 'Jl. Merdeka 1',
  cust_zip: '40111',
  cust_lat: -6.9175,
  cust_long: 107.6191,
  cust_telp: '0224200000',
  ...over,
});

describe('POST /api/store/upload', () => {
  it('saves the good rows, reports every bad one, and is safe to upload twice', async () => {
    const [existing] = await ctx.database.db.select().from(store).limit(1);
    const rows: Row[] = [
      good('UPL001'),
      good('UPL002', { cust_name: null }),
      good('UPL003', { cust_zip: '123456' }),
      good('UPL004', { cust_lat: 'utara' }),
      good('UPL001'),
      good('UPL005', { client_id: 'TIDAKADA' }),
      good('UPL006', { radius_m: 120 }),
      { cust_code: existing!.cust_code, cust_name: 'Nama Baru Dari Upload' },
    ];
    const bytes = await xlsx(rows);
    const res = await upload(bytes);
    const answer = (await res.json()) as StoreUploadAnswer;
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer.result).toMatchObject({
      total: 8,
      created: 2,
      updated: 1,
      unchanged: 0,
      failed: 5,
      status: 'Sebagian',
    });
    expect(answer.message).toBe(
      STORE_UPLOAD_MESSAGES.done({ total: 8, created: 2, updated: 1, unchanged: 0, failed: 5 }),
    );
    expect(answer.result.nrp_gagal).toEqual([
      { baris: 3, nrp: 'UPL002', alasan: `cust_name: ${STORE_MESSAGES.custNameRequired}` },
      { baris: 4, nrp: 'UPL003', alasan: `cust_zip: ${STORE_MESSAGES.zip}` },
      { baris: 5, nrp: 'UPL004', alasan: `cust_lat: ${STORE_MESSAGES.latitude}` },
      { baris: 6, nrp: 'UPL001', alasan: STORE_UPLOAD_MESSAGES.duplicateCode(2) },
      { baris: 7, nrp: 'UPL005', alasan: STORE_MESSAGES.unknownClient('TIDAKADA') },
    ]);
    const saved = await ctx.database.db
      .select()
      .from(store)
      .where(inArray(store.cust_code, ['UPL001', 'UPL006', existing!.cust_code]));
    expect(saved.find((s) => s.cust_code === 'UPL006')).toMatchObject({ radius_m: 120, cust_lat: -6.9175 });
    // Columns the row leaves blank are blank; the existing store's other fields are the sheet's (null here).
    expect(saved.find((s) => s.cust_code === existing!.cust_code)?.cust_name).toBe('Nama Baru Dari Upload');

    const [{ n: before }] = (await ctx.database.db.select({ n: count() }).from(store)) as [{ n: number }];
    const again = (await (await upload(bytes)).json()) as StoreUploadAnswer;
    // The same rows again are "sama": nothing is written.
    expect(again.result).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 5 });
    const [{ n: after }] = (await ctx.database.db.select({ n: count() }).from(store)) as [{ n: number }];
    expect(after).toBe(before);

    const log = (await (
      await ctx.request('GET', '/api/store/upload/log', { token: admin })
    ).json()) as ListAnswer<UploadLogRow>;
    expect(log.result[0]).toMatchObject({ file_name: 'store.xlsx', status: 'Sebagian', jumlah_gagal: 5 });
    const [logged] = await ctx.database.db.select().from(uploadLog).where(eq(uploadLog.id, answer.result.log_id));
    expect(logged?.jenis).toBe('store');
    const one = await ctx.request('GET', `/api/store/upload/log/${answer.result.log_id}`, { token: admin });
    expect(((await one.json()) as { result: UploadLogRow }).result.nrp_gagal).toHaveLength(5);
  });

  it('keeps stored values of the columns a sheet leaves out', async () => {
    const res = await upload(
      await xlsx([{ cust_code: 'UPL006', cust_name: 'Hanya Nama' }], ['cust_code', 'cust_name']),
    );
    expect(res.status).toBe(200);
    const [row] = await ctx.database.db.select().from(store).where(eq(store.cust_code, 'UPL006'));
    expect(row).toMatchObject({ cust_name: 'Hanya Nama', radius_m: 120, cust_zip: '40111' });
  });

  it('refuses what is not an .xlsx, a sheet without cust_code, unknown columns; needs store.upload', async () => {
    const notXlsx = await upload(new TextEncoder().encode('cust_code,cust_name\nA,B') as Uint8Array<ArrayBuffer>);
    expect(notXlsx.status).toBe(400);
    expect(((await notXlsx.json()) as { message: string }).message).toBe(UPLOAD_FILE_MESSAGES.format);
    const noCode = await upload(await xlsx([{ cust_name: 'X' }], ['cust_name']));
    expect(((await noCode.json()) as { message: string }).message).toBe(STORE_UPLOAD_MESSAGES.noHeader);
    const unknown = await upload(await xlsx([good('UPL009')], [...STORE_COLUMNS, 'warna']));
    expect(((await unknown.json()) as { message: string }).message).toBe(
      STORE_UPLOAD_MESSAGES.unknownColumns(['warna']),
    );
    expect((await upload(await xlsx([good('UPL010')]), spg)).status).toBe(403);
    expect((await ctx.request('POST', '/api/store/upload', { body: new FormData() })).status).toBe(401);
  });
});

describe('the static template', () => {
  it('names the upload sheet’s columns in row 1', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(readFileSync('public/template/download/store/store_template.xlsx')).buffer);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...STORE_COLUMNS]);
  });
});
