/**
 * Writes the static upload template public/template/download/store/store_template.xlsx (spec part 2
 * §7 "Static template"): row 1 the upload sheet's columns, no data row (an untouched template uploads
 * nothing), and a second sheet explaining the rules. Run after changing STORE_COLUMNS:
 * `node --import tsx server/modules/store/store-template.ts` (test/server/store/store-upload.test.ts checks it).
 */
import ExcelJS from 'exceljs';
import { STORE_COLUMNS } from '../../../src/domain/store/store';
import { STORE_SHEET_COLUMNS } from './store-export';

export const STORE_TEMPLATE_PATH = 'public/template/download/store/store_template.xlsx';

const GUIDE = [
  'Baris 1 sheet pertama berisi nama kolom; setiap baris berikutnya satu store.',
  'cust_code wajib (huruf, angka, titik, garis bawah atau strip; maksimal 20). Store dengan cust_code yang sudah ada akan diubah.',
  'cust_name wajib (maksimal 40). kunnr maksimal 10, sales_office_id maksimal 4, cust_address maksimal 255, cust_zip maksimal 5.',
  'cust_lat -90 sampai 90 dan cust_long -180 sampai 180, angka maksimal 12 karakter (contoh -6.2088 dan 106.8456).',
  'cust_contact maksimal 40, cust_telp maksimal 15, cust_email maksimal 40.',
  'sales_office_id, client_id dan cust_key_account harus kode yang sudah ada.',
  'radius_m: radius check-in dalam meter (10 sampai 100000); kosong = radius bawaan server.',
  'Kolom yang tidak ada di file tidak mengubah data yang tersimpan.',
];

export async function writeStoreTemplate(file = STORE_TEMPLATE_PATH) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Hadir';
  const ws = wb.addWorksheet('Store', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = STORE_SHEET_COLUMNS.map((c, i) => ({
    header: STORE_COLUMNS[i],
    key: STORE_COLUMNS[i],
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  ws.getRow(1).font = { bold: true };
  const guide = wb.addWorksheet('Petunjuk');
  guide.columns = [{ width: 120 }];
  for (const line of GUIDE) guide.addRow([line]);
  await wb.xlsx.writeFile(file);
}

if (import.meta.url === `file://${process.argv[1]}`) await writeStoreTemplate();
