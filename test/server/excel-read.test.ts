/**
 * readFirstSheet (server/lib/excel.ts) reads a workbook whatever the order of the parts in its zip.
 * ExcelJS's streaming reader parses a worksheet as soon as it has the shared strings and the workbook's
 * relationships; when xl/workbook.xml came after the worksheet it failed, and the upload was refused as
 * "Format file salah" (ExcelJS's own writer sometimes orders the parts so, which made upload tests flaky).
 */
import { describe, expect, it } from 'vitest';
import { readFirstSheet, type SheetRow } from '../../server/lib/excel';
import { workbookParts, zipOf } from './zip-bomb';

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

  it('reads the sheet in the order ExcelJS usually writes', async () => {
    expect(text(await rows(zipOf(await workbookParts())))).toEqual([
      ['nrp', 'nama'],
      ['BOMB0001', 'Bom Zip'],
    ]);
  });
});
