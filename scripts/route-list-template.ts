/**
 * Writes public/template/download/routeList/route_list_template.xlsx from the sheet's one column list
 * (src/domain/route-list/route-list-sheet.ts): `npx tsx scripts/route-list-template.ts`. Sheet 1 is the empty
 * sheet the upload reads; sheet 2 explains it (the upload reads only the first sheet).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ROUTE_LIST_SHEET_COLUMNS, ROUTE_LIST_TEMPLATE_PATH } from '../src/domain/route-list/route-list-sheet';

const out = path.join('public', ROUTE_LIST_TEMPLATE_PATH);
mkdirSync(path.dirname(out), { recursive: true });
const wb = new ExcelJS.Workbook();
wb.creator = 'Hadir';
// A fixed date keeps the file byte-stable between runs.
wb.created = wb.modified = new Date(Date.UTC(2026, 0, 1));
const ws = wb.addWorksheet('Route List', { views: [{ state: 'frozen', ySplit: 1 }] });
ws.columns = ROUTE_LIST_SHEET_COLUMNS.map((c) => ({
  header: c.header,
  key: c.key,
  width: c.width,
  style: { numFmt: '@' },
}));
ws.getRow(1).font = { bold: true };
const help = wb.addWorksheet('Petunjuk');
help.columns = [{ width: 110 }];
for (const line of [
  'Satu baris = satu store pada satu route list. Hanya sheet pertama yang dibaca.',
  'route_list_id: ID route list (maksimal 5 karakter). Route list baru dibuat dengan kode perusahaan KM.',
  'nama: nama route list (maksimal 40 karakter); wajib untuk route list baru, kosong = nama tetap.',
  'cust_code: kode store yang sudah terdaftar. Kosong = hanya membuat atau mengganti nama route list.',
  'cust_name: hanya untuk dibaca, tidak diproses.',
  'W1_1 … W5_7: minggu 1–5 × hari 1–7 (Senin–Minggu). Isi X untuk kunjungan, kosongkan bila tidak.',
  'Store yang tidak ada di file tetap di matrix. Upload file yang sama dua kali tidak mengubah apa pun.',
]) {
  help.addRow([line]);
}
await wb.xlsx.writeFile(out);
console.log(`wrote ${out}`);
