/**
 * The plain sheet writer (server/lib/xlsx-plain.ts, decision 047) writes a file Excel's readers and
 * LibreOffice Calc open with the same content: texts (XML specials, accents, other scripts, leading
 * zeros kept), numbers as numbers, empty cells, a bold frozen header, text columns formatted '@', the
 * column widths; and it stops reading rows when the download is cancelled.
 *
 * The Calc check needs `soffice` (as test/server/files-libreoffice.test.ts): without it that one test is
 * skipped with a notice, unless REQUIRE_LIBREOFFICE=1.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { columnName, plainXlsxStream, type PlainCell } from '../../server/lib/xlsx-plain';

const run = promisify(execFile);
const soffice = ['soffice', 'libreoffice']
  .flatMap((name) => (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)))
  .find((file) => existsSync(file));
if (!soffice && process.env.REQUIRE_LIBREOFFICE === '1') throw new Error('REQUIRE_LIBREOFFICE=1 but no soffice');
if (!soffice) console.warn('[xlsx-plain] soffice not on PATH: the LibreOffice check is skipped');

const COLUMNS = [
  { header: 'Kode', width: 12, numFmt: '@' },
  { header: 'Nama & <Alamat>', width: 30, numFmt: '@' },
  { header: 'Lat', width: 11 },
];
const ROWS: PlainCell[][] = [
  ['00123', 'Siti "Ani" & <Toko> \'Maju\'', -6.1234567],
  ['A-2', 'Café Ümlaut 日本 ☕', 106.5],
  ['A-3', null, null],
  ['A-4', 'tab\there\u0001', 0],
];
const MANY: PlainCell[][] = Array.from({ length: 3000 }, (_, i) => [`K${i}`, `nama ${i}`, i / 8]);

async function bytesOf(rows: PlainCell[][][]): Promise<Buffer> {
  const body = plainXlsxStream({
    name: 'Aktifitas',
    columns: COLUMNS,
    fill: async (add) => {
      for (const batch of rows) await add(batch);
    },
  });
  return Buffer.from(await new Response(body).arrayBuffer());
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-xlsx-plain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('plainXlsxStream', () => {
  it('names columns as Excel does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes what ExcelJS reads back: values, empty cells, header style, text format, widths, frozen header', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await bytesOf([ROWS, MANY])) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Aktifitas');
    const values: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(COLUMNS.map((c) => c.header));
    // A control character XML cannot carry is dropped; a tab is kept.
    expect(values.slice(1, 5)).toEqual([ROWS[0], ROWS[1], ['A-3'], ['A-4', 'tab\there', 0]]);
    expect(values.slice(5)).toEqual(MANY);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getCell('A2').numFmt).toBe('@');
    expect(ws.getCell('C2').numFmt).toBeUndefined();
    expect(ws.getColumn(2).width).toBe(30);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it.skipIf(!soffice)(
    'opens in LibreOffice Calc with the same content (converted to CSV)',
    async () => {
      const file = path.join(dir, 'plain.xlsx');
      writeFileSync(file, await bytesOf([ROWS, MANY]));
      const home = path.join(dir, 'home');
      mkdirSync(home, { recursive: true });
      await run(
        soffice!,
        [
          '--headless',
          '--norestore',
          '--nolockcheck',
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--convert-to',
          // Comma-separated, quoted with ", UTF-8 (76).
          'csv:Text - txt - csv (StarCalc):44,34,76',
          '--outdir',
          dir,
          file,
        ],
        { env: { ...process.env, HOME: home, TMPDIR: dir }, timeout: 240_000 },
      );
      const lines = readFileSync(path.join(dir, 'plain.csv'), 'utf8').trimEnd().split('\n');
      expect(lines.slice(0, 5)).toEqual([
        'Kode,Nama & <Alamat>,Lat',
        '00123,"Siti ""Ani"" & <Toko> \'Maju\'",-6.1234567',
        'A-2,Café Ümlaut 日本 ☕,106.5',
        'A-3,,',
        'A-4,tab\there,0',
      ]);
      expect(lines.length).toBe(1 + ROWS.length + MANY.length);
      expect(lines.at(-1)).toBe(`K2999,nama 2999,${2999 / 8}`);
    },
    300_000,
  );

  it('stops reading rows once the download is cancelled', async () => {
    let batches = 0;
    let sawAbort = false;
    const body = plainXlsxStream({
      name: 'A',
      columns: COLUMNS,
      fill: async (add, aborted) => {
        for (let i = 0; i < 1000; i++) {
          if (aborted()) {
            sawAbort = true;
            return;
          }
          batches++;
          await add(MANY);
        }
      },
    });
    // Into the sheet's rows (the parts before them are small), then the client goes away.
    const reader = body.getReader();
    for (let got = 0; got < 100_000;) got += (await reader.read()).value?.byteLength ?? Infinity;
    await reader.cancel();
    await expect.poll(() => sawAbort).toBe(true);
    expect(batches).toBeLessThan(1000);
  });
});
