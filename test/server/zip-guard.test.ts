/**
 * Uploads inflate safely (issue 10 item 4, docs/decisions/012-upload-inflate-limits.md): an .xlsx that
 * unfolds beyond XLSX_LIMITS is refused before ExcelJS parses it — whether its headers say so or lie —
 * and so is a zip the guard cannot account for; real workbooks, ours and ExcelJS's, still pass.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkXlsxZip, XLSX_LIMIT_MESSAGES, XLSX_LIMITS, xlsxStream } from '../../server/lib/excel';
import { checkZip, ZipRefused } from '../../server/lib/zip-guard';
import { KARYAWAN_UPLOAD_COLUMNS } from '../../src/domain/karyawan/karyawan-upload';
import { UPLOAD_FILE_MESSAGES } from '../../src/domain/upload';
import { createTestContext, type TestContext } from './helpers';
import { part, sharedStringsBomb, workbookParts, zipOf } from './zip-bomb';

const MB = 1024 * 1024;
const BOMB_SIZE = 200 * MB;

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

function upload(bytes: Uint8Array<ArrayBuffer>) {
  const body = new FormData();
  body.append('file', new Blob([bytes]), 'bom.xlsx');
  return ctx.request('POST', '/api/karyawan/upload', { token: admin, body });
}

async function refused(bytes: Uint8Array<ArrayBuffer>) {
  const res = await upload(bytes);
  return { status: res.status, body: (await res.json()) as { message: string; error: { code: string } } };
}

describe('POST /api/karyawan/upload of a zip bomb', () => {
  it('refuses a 200 KB file whose shared strings declare 200 MB: 413, before inflating it', async () => {
    const bomb = await sharedStringsBomb(BOMB_SIZE);
    expect(bomb.length).toBeLessThan(300 * 1024);
    const { status, body } = await refused(bomb);
    expect(status).toBe(413);
    expect(body.message).toBe(XLSX_LIMIT_MESSAGES.tooBig(XLSX_LIMITS.otherPartBytes));
    expect(body.error.code).toBe('too_large');
  }, 60_000);

  it('refuses the same part when its headers lie (declared 1,000 bytes): counted while inflating', async () => {
    const { status, body } = await refused(await sharedStringsBomb(BOMB_SIZE, 1000));
    expect(status).toBe(413);
    expect(body.message).toBe(XLSX_LIMIT_MESSAGES.tooBig(XLSX_LIMITS.otherPartBytes));
  }, 60_000);

  it('refuses a worksheet that would unfold beyond its own limit', async () => {
    const parts = await workbookParts();
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
    const big = { ...sheet, declaredSize: XLSX_LIMITS.worksheetBytes + 1 };
    const { status, body } = await refused(zipOf(parts.map((p) => (p === sheet ? big : p))));
    expect(status).toBe(413);
    expect(body.message).toBe(XLSX_LIMIT_MESSAGES.tooBig(XLSX_LIMITS.worksheetBytes));
  });

  it('refuses more parts than a workbook has', async () => {
    const filler = Array.from({ length: XLSX_LIMITS.maxEntries }, (_, i) => part(`xl/media/x${i}.xml`, '<x/>'));
    const { status, body } = await refused(zipOf([...(await workbookParts()), ...filler]));
    expect(status).toBe(413);
    expect(body.message).toBe(XLSX_LIMIT_MESSAGES.tooManyParts(XLSX_LIMITS.maxEntries));
  });

  it('refuses a part that declares more than it holds, and an entry hidden from the directory: 400', async () => {
    const parts = await workbookParts();
    const shrunk = parts.map((p) => (p.name === 'xl/styles.xml' ? { ...p, declaredSize: p.size + 10 } : p));
    for (const bytes of [zipOf(shrunk), zipOf(parts, { hidden: part('xl/sharedStrings.xml', '<sst/>') })]) {
      const { status, body } = await refused(bytes);
      expect(status).toBe(400);
      expect(body.message).toBe(UPLOAD_FILE_MESSAGES.format);
    }
  });

  it('still reads a sound hand-built workbook (the guard is not what refuses the others)', async () => {
    const res = await upload(zipOf(await workbookParts()));
    // One data row without the required fields: read, then reported row by row (not refused as a file).
    expect(res.status).toBe(200);
  });
});

describe('checkZip on real workbooks and odd zips', () => {
  const cell = (c: (typeof KARYAWAN_UPLOAD_COLUMNS)[number], i: number) =>
    c.kind === 'number' ? 1000 + i : c.kind === 'date' ? new Date(Date.UTC(2026, 0, 1 + (i % 300))) : `${c.key} ${i}`;

  it('passes a 10,000-row employee sheet as ExcelJS writes it (shared strings)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Karyawan');
    ws.addRow(KARYAWAN_UPLOAD_COLUMNS.map((c) => c.key));
    for (let i = 0; i < 10_000; i++) ws.addRow(KARYAWAN_UPLOAD_COLUMNS.map((c) => cell(c, i)));
    await expect(checkXlsxZip(new Uint8Array(await wb.xlsx.writeBuffer()))).resolves.toBeUndefined();
  }, 60_000);

  it('passes a 10,000-row data download as the server streams it (data descriptors, inline strings)', async () => {
    const stream = xlsxStream([
      {
        name: 'Karyawan',
        columns: KARYAWAN_UPLOAD_COLUMNS.map((c) => ({ header: c.key, width: c.width })),
        fill: async (add) => {
          for (let i = 0; i < 10_000; i += 1000)
            await add(Array.from({ length: 1000 }, (_, j) => KARYAWAN_UPLOAD_COLUMNS.map((c) => cell(c, i + j))));
        },
      },
    ]);
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    await expect(checkXlsxZip(bytes)).resolves.toBeUndefined();
  }, 60_000);

  it('refuses encryption, unknown compression, zip64 and trailing bytes as malformed', async () => {
    const base = Buffer.from(zipOf(await workbookParts()));
    const end = base.length - 22;
    const firstCentral = base.readUInt32LE(end + 16);
    const limits = { maxEntries: 100, maxTotalBytes: MB, maxEntryBytes: () => MB };
    const variants: [string, (b: Buffer) => Buffer][] = [
      ['encrypted', (b) => (b.writeUInt16LE(b.readUInt16LE(firstCentral + 8) | 1, firstCentral + 8), b)],
      ['bzip2', (b) => (b.writeUInt16LE(12, firstCentral + 10), b)],
      ['zip64 size', (b) => (b.writeUInt32LE(0xffffffff, firstCentral + 24), b)],
      ['after the end record', (b) => Buffer.concat([b, Buffer.from('x')])],
    ];
    for (const [label, change] of variants) {
      const err = await checkZip(change(Buffer.from(base)), limits).catch((e: unknown) => e);
      expect(err, label).toBeInstanceOf(ZipRefused);
      expect((err as ZipRefused).refusal.reason, label).toBe('malformed');
    }
  });
});
