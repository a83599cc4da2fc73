/**
 * readFirstSheet (server/lib/excel.ts) reads a workbook whatever the order of the parts in its zip.
 * ExcelJS's streaming reader parses a worksheet as soon as it has the shared strings and the workbook's
 * relationships; when xl/workbook.xml came after the worksheet it failed, and the upload was refused as
 * "Format file salah". ExcelJS's reader also now and then loses the parts after a worksheet that comes
 * before the shared strings (as Excel writes them), which made the upload tests flaky: such a read is
 * started again, and a sheet whose shared strings are missing is refused, not read with blank text.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, type SheetRow } from '../../server/lib/excel';
import { HttpError } from '../../server/lib/errors';
import { UPLOAD_FILE_MESSAGES } from '../../src/domain/upload';
import { readParts, workbookParts, zipOf } from './zip-bomb';

async function rows(bytes: Uint8Array): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const row of readFirstSheet(bytes)) out.push(row);
  return out;
}

const text = (r: SheetRow[]) => r.map((row) => row.values.slice(1));

describe('readFirstSheet', () => {
  it('reads the sheet when xl/workbook.xml comes after it in the zip', async () => {
    const parts = await workbookParts();
    const last = ['xl/workbook.xml'];
    const first = ['xl/sharedStrings.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml'];
    const reordered = [
      ...parts.filter((p) => first.includes(p.name)),
      ...parts.filter((p) => !first.includes(p.name) && !last.includes(p.name)),
      ...parts.filter((p) => last.includes(p.name)),
    ];
    const names = reordered.map((p) => p.name);
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/workbook.xml'));
    expect(names.indexOf('xl/sharedStrings.xml')).toBeLessThan(names.indexOf('xl/worksheets/sheet1.xml'));

    expect(text(await rows(zipOf(reordered)))).toEqual([
      ['nrp', 'nama'],
      ['BOMB0001', 'Bom Zip'],
    ]);
  });

  it("reads the workbook's first sheet when the zip holds another sheet before it, as Calc writes", async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Data').addRow(['nrp', 'nama']);
    wb.getWorksheet('Data')!.addRow(['A0001', 'Ani']);
    wb.addWorksheet('Petunjuk').addRow(['Isi mulai baris 2']);
    const parts = readParts(Buffer.from(await wb.xlsx.writeBuffer()));
    // Calc's order: the workbook and styles first, sheet2.xml before sheet1.xml, the shared strings after.
    const order = [
      'xl/workbook.xml',
      'xl/styles.xml',
      'xl/worksheets/sheet2.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
    ];
    const calc = [
      ...parts.filter((p) => !order.includes(p.name)),
      ...order.map((name) => parts.find((p) => p.name === name)!),
    ];
    expect(text(await rows(zipOf(calc)))).toEqual([
      ['nrp', 'nama'],
      ['A0001', 'Ani'],
    ]);
  });

  it('reads the sheet in the order ExcelJS usually writes', async () => {
    expect(text(await rows(zipOf(await workbookParts())))).toEqual([
      ['nrp', 'nama'],
      ['BOMB0001', 'Bom Zip'],
    ]);
  });

  it('reads the same workbook whole every time (ExcelJS alone loses its shared strings about 1 read in 300)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Karyawan');
    ws.addRow(['nrp', 'nama']);
    ws.addRow(['A0001', 'Ani']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const wrong: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const got = JSON.stringify(text(await rows(bytes)));
      if (got !== '[["nrp","nama"],["A0001","Ani"]]') wrong.push(got);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('refuses a sheet whose shared strings cannot be read, rather than reading its text cells as blank', async () => {
    const parts = (await workbookParts()).filter((p) => p.name !== 'xl/sharedStrings.xml');
    const refused = await rows(zipOf(parts)).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).message).toBe(UPLOAD_FILE_MESSAGES.format);
  });
});
