/**
 * Employee upload and export through the screens: HR goes from the list to Upload Employee Data, a
 * wrong file is refused in red, a real .xlsx with bad rows goes up and the failed NRP are listed in the
 * toast, the good row is saved and the history shows the upload; Export to Excel downloads the list.
 */
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { apiRequest, apiToken, expectVisible, loginAs, setupBrowser, snap, waitForPath, waitForText } from './browser';

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const GOOD = `E${RUN}1`;
const NO_NAME = `E${RUN}2`;
const BAD_LOKASI = `E${RUN}3`;

async function sheet(): Promise<Buffer> {
  const keys = [
    'nrp',
    'nama',
    'jenis_kelamin',
    'jumlah_anak',
    'kode_prsh',
    'kode_lokasi',
    'type_spg_id',
    'departemen_id',
  ];
  const more = ['lama_kontrak', 'mulai_kontrak', 'kode_umr', 'gapok'];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Karyawan');
  ws.addRow([...keys, ...more]);
  const umr = `JKT${new Date().getFullYear()}`;
  const base = ['P', 0, 'KM', 'JKT', 'REG', 'SLS', 6, '2026-01-05', umr, 5_000_000];
  ws.addRow([GOOD, 'Uji Upload E2E', ...base]);
  ws.addRow([NO_NAME, '', ...base]);
  ws.addRow([BAD_LOKASI, 'Salah Lokasi', 'P', 0, 'KM', 'NOPE', 'REG', 'SLS', 6, '2026-01-05', umr, 5_000_000]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const harness = setupBrowser();

describe('employee upload and export', () => {
  test('upload through the screen: wrong file refused, refused rows in the dialog, good row saved, history', async () => {
    const page = await harness.newPage();
    await loginAs(page, 'admin');
    await page.goto('/karyawan');
    await page.getByRole('button', { name: 'Upload Employee Data' }).click();
    await waitForPath(page, '/karyawan/upload');
    await waitForText(page, 'Upload dan Download Data Karyawan');

    const input = page.getByTestId('xlsx-input');
    await input.setInputFiles({ name: 'karyawan.csv', mimeType: 'text/csv', buffer: Buffer.from('nrp,nama\n1,A\n') });
    await waitForText(page.getByRole('alert'), 'Format file salah. Silahkan pilih Excel File (.xlsx)');
    expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);

    const file = await sheet();
    await input.setInputFiles({ name: 'karyawan-e2e.xlsx', mimeType: 'application/octet-stream', buffer: file });
    await waitForText(page.getByTestId('xlsx-file'), `${Math.floor(file.length / 1000)} KB`);
    await snap(page, 'karyawan-upload-file');
    await page.getByRole('button', { name: 'Submit' }).click();
    const result = page.getByRole('dialog', { name: 'Hasil Upload' });
    await waitForText(result, 'Upload selesai: 1 baru, 0 diubah, 0 sama, 2 gagal');
    const refused = result.getByRole('table', { name: '2 baris gagal' }).getByRole('row');
    expect(await refused.count()).toBe(3);
    await waitForText(refused.nth(1), NO_NAME);
    await waitForText(refused.nth(2), BAD_LOKASI);
    await result.getByRole('button', { name: 'Tutup' }).first().click();

    const admin = await apiToken('admin');
    const saved = await apiRequest('GET', `/api/karyawan/${GOOD}`, { token: admin });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { result: { nama: string } }).result.nama).toBe('Uji Upload E2E');
    expect((await apiRequest('GET', `/api/karyawan/${NO_NAME}`, { token: admin })).status).toBe(404);

    await page.getByRole('tab', { name: 'History Upload' }).click();
    const row = page.getByRole('row').filter({ hasText: 'karyawan-e2e.xlsx' }).first();
    await expectVisible(row);
    await waitForText(row, 'Sebagian');
    await row.getByRole('button', { name: 'Lihat semua (2)' }).click();
    await waitForText(page.getByRole('dialog'), 'Kode Lokasi NOPE tidak ditemukan');
    await snap(page, 'karyawan-upload-history');
  });

  test('Export to Excel downloads the active list with every row', async () => {
    const page = await harness.newPage();
    await loginAs(page, 'admin');
    await page.goto('/karyawan');
    // Journeys beside this one add employees: the sheet holds every active employee from before the
    // export, and none that did not exist after it.
    const admin = await apiToken('admin');
    const activeCount = async () =>
      ((await (await apiRequest('GET', '/api/karyawan?per_page=1', { token: admin })).json()) as { totalCount: number })
        .totalCount;
    const before = await activeCount();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^karyawan-aktif-\d{8}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows = (wb.worksheets[0]?.actualRowCount ?? 0) - 1;
    expect(rows).toBeGreaterThanOrEqual(before);
    expect(rows).toBeLessThanOrEqual(await activeCount());
  });
});
