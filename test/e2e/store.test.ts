/**
 * Stores through the screens (spec part 2 §2.4): an admin creates a store by dragging the map's marker
 * (tiles intercepted: there is no internet, and a missing tile must not break the screen), edits it
 * after the confirmation, deletes it, uploads a sheet with a bad row (the refused code in the toast) and
 * exports the list.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiRequest, apiToken, expectVisible, loginAs, setupBrowser, snap, waitForPath, waitForText } from './browser';

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const CODE = `S${RUN}1`;
const UP_GOOD = `S${RUN}2`;
const UP_BAD = `S${RUN}3`;

// A 1×1 grey PNG: every tile the map asks for.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/x8AAwMB/6X8bVQAAAAASUVORK5CYII=',
  'base64',
);

async function interceptTiles(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.context().route(/tile\.openstreetmap\.org/, async (route) => {
    asked.push(route.request().url());
    // Every other tile fails: the map stays usable with holes in it.
    if (asked.length % 2) await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
    else await route.abort('failed');
  });
  return asked;
}

async function sheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Store');
  ws.addRow(['cust_code', 'cust_name', 'cust_zip', 'cust_lat', 'cust_long']);
  ws.addRow([UP_GOOD, 'Toko Upload E2E', '10110', -6.2, 106.8]);
  ws.addRow([UP_BAD, 'Kode Pos Salah', '1234567', -6.2, 106.8]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const harness = setupBrowser();

describe('stores', () => {
  test('create by dragging the marker, edit with confirmation, delete', async () => {
    // The service worker fetches tiles itself (its tile cache), out of reach of the context's routes.
    const page = await harness.newPage({ serviceWorkers: 'block' });
    const tiles = await interceptTiles(page);
    await loginAs(page, 'admin');
    await page.goto('/store');
    await expectVisible(page.getByRole('link', { name: 'BDG001' }));
    await snap(page, 'store-list');
    await page.getByRole('button', { name: 'Tambah Store' }).click();
    await waitForPath(page, '/store/new');

    await page.getByLabel('Kode Customer').fill(CODE);
    await page.getByLabel('Nama Customer').fill('Toko Peta E2E');
    const marker = page.locator('.leaflet-marker-icon');
    await expectVisible(marker);
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    await marker.scrollIntoViewIfNeeded();
    const box = (await marker.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height + 40, { steps: 8 });
    await page.mouse.up();
    const lat = page.getByLabel('Latitude');
    const long = page.getByLabel('Longitude');
    await expect.poll(() => lat.inputValue()).not.toBe('');
    const dragged = { lat: Number(await lat.inputValue()), long: Number(await long.inputValue()) };
    // Dragged right and down from the default centre (0.79, 113.92).
    expect(dragged.lat).toBeLessThan(0.79);
    expect(dragged.long).toBeGreaterThan(113.92);
    // The Type offers the category codes (nothing typed and cut), and the map draws the check-in radius.
    const type = page.getByLabel('Type', { exact: true });
    expect(await type.locator('option').allInnerTexts()).toEqual(['—', 'GT', 'MT', 'CP']);
    await type.selectOption('MT');
    await expectVisible(page.locator('path.store-radius'));
    await snap(page, 'store-new');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await waitForPath(page, `/store/${CODE}/edit`);
    await waitForText(page, 'Store berhasil ditambahkan');

    const admin = await apiToken('admin');
    const saved = (await (await apiRequest('GET', `/api/store/${CODE}`, { token: admin })).json()) as {
      result: { cust_lat: number; cust_long: number; cust_type: string | null; deletable: boolean };
    };
    expect(saved.result).toMatchObject({
      cust_lat: dragged.lat,
      cust_long: dragged.long,
      cust_type: 'MT',
      deletable: true,
    });

    // View mode: read-only until Edit; Save asks first.
    const name = page.getByLabel('Nama Customer');
    expect(await name.getAttribute('readonly')).not.toBeNull();
    await snap(page, 'store-detail');
    await page.getByRole('button', { name: 'Edit' }).click();
    await name.fill('Toko Peta Diubah');
    const radius = page.getByLabel('Radius Check-in (meter)');
    await radius.fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForText(page, 'Radius check-in harus bilangan bulat 10 sampai 100.000 meter');
    // Neither Edit's click nor an invalid form asked to save.
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await radius.fill('150');
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('alertdialog');
    await waitForText(confirm, 'Simpan perubahan store');
    await confirm.getByRole('button', { name: 'Simpan' }).click();
    await waitForText(page, 'Store berhasil diubah');
    await expect.poll(() => name.getAttribute('readonly')).not.toBeNull();
    expect(await name.inputValue()).toBe('Toko Peta Diubah');

    await page.getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('alertdialog');
    await waitForText(del, CODE);
    await del.getByRole('button', { name: 'Hapus' }).click();
    await waitForPath(page, '/store');
    await waitForText(page, 'Store berhasil dihapus');
    expect((await apiRequest('GET', `/api/store/${CODE}`, { token: admin })).status).toBe(404);
  });

  test('a store in use offers no Delete', async () => {
    const page = await harness.newPage({ serviceWorkers: 'block' });
    await interceptTiles(page);
    await loginAs(page, 'admin');
    const admin = await apiToken('admin');
    const list = (await (await apiRequest('GET', '/api/store?per_page=100', { token: admin })).json()) as {
      result: { cust_code: string }[];
    };
    let used: string | undefined;
    for (const s of list.result) {
      const d = (await (await apiRequest('GET', `/api/store/${s.cust_code}`, { token: admin })).json()) as {
        result: { deletable: boolean };
      };
      if (!d.result.deletable) {
        used = s.cust_code;
        break;
      }
    }
    expect(used).toBeDefined();
    await page.goto(`/store/${used}/edit`);
    await waitForText(page, 'tidak dapat dihapus');
    await expectVisible(page.getByRole('button', { name: 'Edit' }));
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });

  test('upload with a bad row (listed in the upload dialog, downloadable), then export', async () => {
    const page = await harness.newPage();
    await loginAs(page, 'admin');
    await page.goto('/store');
    await page.getByRole('button', { name: 'Upload Store' }).click();
    await waitForPath(page, '/store/upload');
    await waitForText(page, 'Download Template');
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Template' }).click(),
    ]);
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.readFile(await template.path());
    expect((templateBook.worksheets[0]?.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['cust_code', 'cust_name']);
    const input = page.getByTestId('xlsx-input');
    await input.setInputFiles({ name: 'store.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n') });
    await waitForText(page.getByRole('alert'), 'Format file salah. Silahkan pilih Excel File (.xlsx)');
    await input.setInputFiles({ name: 'store-e2e.xlsx', mimeType: 'application/octet-stream', buffer: await sheet() });
    await snap(page, 'store-upload');
    await page.getByRole('button', { name: 'Submit' }).click();
    // The refused row in the upload dialog's table, and its download to fix and upload again.
    const result = page.getByRole('dialog', { name: 'Hasil Upload' });
    await waitForText(result, 'Upload selesai: 1 baru, 0 diubah, 0 sama, 1 gagal');
    const refused = result.getByRole('table', { name: '1 baris gagal' }).getByRole('row').nth(1);
    await waitForText(refused, UP_BAD);
    await waitForText(refused, 'Kode Pos maksimal 5 karakter');
    await snap(page, 'store-upload-refused');
    const [refusedFile] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Download Baris Gagal' }).click(),
    ]);
    expect(refusedFile.suggestedFilename()).toBe('gagal-store-e2e.xlsx');
    const refusedBook = new ExcelJS.Workbook();
    await refusedBook.xlsx.readFile(await refusedFile.path());
    expect((refusedBook.worksheets[0]?.getRow(2).values as unknown[])[1]).toBe(UP_BAD);
    await result.getByRole('button', { name: 'Tutup' }).first().click();
    await page.getByRole('tab', { name: 'History Upload' }).click();
    const row = page.getByRole('row').filter({ hasText: 'store-e2e.xlsx' }).first();
    await expectVisible(row);
    await waitForText(row, UP_BAD);

    await page.goto(`/store?q=${UP_GOOD}`);
    await waitForText(page, 'Toko Upload E2E');
    // Journeys beside this one add stores: the sheet holds every store from before the export, and none
    // that did not exist after it.
    const admin = await apiToken('admin');
    const storeCount = async () =>
      ((await (await apiRequest('GET', '/api/store?per_page=1', { token: admin })).json()) as { totalCount: number })
        .totalCount;
    const before = await storeCount();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^store_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows = (wb.worksheets[0]?.actualRowCount ?? 0) - 1;
    expect(rows).toBeGreaterThanOrEqual(before);
    expect(rows).toBeLessThanOrEqual(await storeCount());
  });
});
