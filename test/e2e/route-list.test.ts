/**
 * Route list and its weekly visit matrix through the screens: an admin creates a route list, adds a
 * store with the store picker, switches days on, and a reload shows the same days; a failed matrix call
 * reloads the matrix from the server, so the grid never shows a state the server does not hold.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ROUTE_LIST_SHEET_COLUMNS, ROUTE_LIST_TEMPLATE_PATH } from '../../src/domain/route-list/route-list-sheet';
import {
  apiRequest,
  apiToken,
  BASE_URL,
  expectVisible,
  loginAs,
  setupBrowser,
  snap,
  WAIT,
  waitForPath,
  waitForText,
} from './browser';
import { newRouteList, newStore } from './field-accounts';

const RUN = Date.now().toString(36).slice(-3).toUpperCase();
const ID = `E${RUN}`;
const NAMA = `Rute E2E ${RUN}`;

const harness = setupBrowser();

const day = (page: Page, store: string, label: string) =>
  page.getByRole('switch', { name: `${store}: minggu ${label}` });

async function switchesSettled(page: Page) {
  await expect.poll(() => page.locator('[role="switch"][aria-busy="true"]').count(), { timeout: WAIT }).toBe(0);
}

describe('route list and matrix', () => {
  test('create, add a store, switch days, reload; a failed call reloads the matrix', async () => {
    const admin = await apiToken('admin');
    const stores = (await (await apiRequest('GET', '/api/store?per_page=2', { token: admin })).json()) as {
      result: { cust_code: string; cust_name: string }[];
    };
    const [store] = stores.result;
    expect(store).toBeDefined();

    const page = await harness.newPage();
    await loginAs(page, 'admin');
    await page.goto('/route-list');
    await waitForText(page, 'Route List');
    await page.getByRole('button', { name: 'Tambah Route List' }).click();
    await waitForPath(page, '/route-list/new');
    const form = page.getByRole('form', { name: 'Tambah Route List' });
    await form.getByLabel('ID').fill(ID);
    await form.getByLabel('Nama').fill(NAMA);
    expect(await form.getByLabel('Kode Perusahaan').inputValue()).toBe('KM');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await waitForPath(page, `/route-list/${ID}/edit`);
    await waitForText(page, 'Belum ada store di route list ini.');

    await page.getByRole('button', { name: 'Tambah Store' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Cari kode atau nama store').fill(store!.cust_code);
    await dialog.getByRole('button', { name: `Tambah ${store!.cust_name}` }).click();
    await expectVisible(day(page, store!.cust_name, '1 Senin'));

    await day(page, store!.cust_name, '1 Senin').click();
    await day(page, store!.cust_name, '2 Rabu').click();
    await day(page, store!.cust_name, '5 Minggu').click();
    await switchesSettled(page);
    await snap(page, 'route-list-matrix');

    await page.reload();
    await expectVisible(day(page, store!.cust_name, '1 Senin'));
    for (const [label, on] of [
      ['1 Senin', 'true'],
      ['2 Rabu', 'true'],
      ['5 Minggu', 'true'],
      ['1 Selasa', 'false'],
    ] as const) {
      expect(await day(page, store!.cust_name, label).getAttribute('aria-checked'), label).toBe(on);
    }
    const saved = (await (
      await apiRequest('GET', `/api/matrix-kunjungan/route-list/${ID}`, { token: admin })
    ).json()) as { result: Record<string, unknown>[] };
    expect(saved.result[0]).toMatchObject({ W1_1: 'X', W2_3: 'X', W5_7: 'X', W1_2: null });

    // A server error on a switch: the switch goes back to what the server holds.
    await page.route('**/api/matrix-kunjungan/route-list/*/store/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Gagal uji', error: { code: 'internal', message: 'Gagal uji' } }),
          })
        : route.continue(),
    );
    await day(page, store!.cust_name, '3 Kamis').click();
    await waitForText(page, 'Gagal uji');
    await switchesSettled(page);
    expect(await day(page, store!.cust_name, '3 Kamis').getAttribute('aria-checked')).toBe('false');
    await page.unroute('**/api/matrix-kunjungan/route-list/*/store/*');

    // The store was removed elsewhere: the refused switch reloads the matrix, and the row is gone.
    const removed = await apiRequest('DELETE', `/api/matrix-kunjungan/route-list/${ID}/store/${store!.cust_code}`, {
      token: admin,
    });
    expect(removed.status).toBe(200);
    await day(page, store!.cust_name, '4 Jumat').click();
    await waitForText(page, `Store ${store!.cust_code} tidak ada di matrix route list ini`);
    await waitForText(page, 'Belum ada store di route list ini.');

    // The list shows it, 20 a page, with its Excel export.
    await page.goto(`/route-list?q=${ID}`);
    const row = page.getByRole('row').filter({ hasText: NAMA });
    await expectVisible(row);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Export ${ID} ke Excel` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`route-list-${ID}.xlsx`);
    await snap(page, 'route-list-list');
  });

  test('/matrix-kunjungan: the same editor for the route list picked; the upload screen', async () => {
    const admin = await apiToken('admin');
    // A route list of its own with two stores on every day (the matrix other journeys never change).
    const stores = [await newStore(admin), await newStore(admin)];
    const list = await newRouteList(
      admin,
      stores.map((st) => st.cust_code),
    );
    const matrix = (await (
      await apiRequest('GET', `/api/matrix-kunjungan/route-list/${list.id}`, { token: admin })
    ).json()) as {
      result: { store: { cust_name: string } }[];
    };
    expect(matrix.result).toHaveLength(2);
    const page = await harness.newPage();
    await loginAs(page, 'admin');
    await page.goto('/matrix-kunjungan');
    await waitForText(page, 'Pilih route list untuk melihat dan mengubah matrix kunjungannya.');
    await expect
      .poll(() => page.getByLabel('Route List').locator('option').count(), { timeout: WAIT })
      .toBeGreaterThan(1);
    await page.getByLabel('Route List').selectOption(list.id);
    await waitForPath(page, '/matrix-kunjungan');
    const table = page.getByRole('table', { name: 'Matrix kunjungan' });
    await expectVisible(table);
    expect(await table.locator('tbody tr').count()).toBe(matrix.result.length);
    // 35 days per store, and its "Semua hari" switch.
    expect(await page.getByRole('switch').count()).toBe(matrix.result.length * 36);
    await snap(page, 'matrix-kunjungan');
    await page.goto('/route-list/upload');
    await waitForText(page, 'Upload Route List');
    await snap(page, 'route-list-upload');

    // The template the screen links to is served as it is.
    const template = await fetch(new URL(ROUTE_LIST_TEMPLATE_PATH, BASE_URL));
    expect(template.status).toBe(200);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Route List');
    const keys = ROUTE_LIST_SHEET_COLUMNS.map((c) => c.key);
    ws.addRow(keys);
    const at = (values: Record<string, string>) => keys.map((k) => values[k] ?? null);
    ws.addRow(at({ route_list_id: `U${RUN}`, nama: `Upload ${RUN}`, cust_code: 'JKT001', W1_1: 'X' }));
    ws.addRow(at({ route_list_id: `U${RUN}`, cust_code: 'JKT002', W1_1: 'Y' }));
    await page.getByTestId('xlsx-input').setInputFiles({
      name: 'route-list-e2e.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const result = page.getByRole('dialog', { name: 'Hasil Upload' });
    await waitForText(result, 'Upload selesai: 1 baru, 0 diubah, 0 sama, 1 gagal');
    const refused = result.getByRole('table', { name: '1 baris gagal' }).getByRole('row').nth(1);
    await waitForText(refused, `U${RUN}/JKT002`);
    await waitForText(refused, 'W1_1 harus X atau kosong');
    const saved = await apiRequest('GET', `/api/matrix-kunjungan/route-list/U${RUN}`, { token: admin });
    expect(((await saved.json()) as { result: Record<string, unknown>[] }).result).toMatchObject([
      { cust_code: 'JKT001', W1_1: 'X' },
    ]);
  });
});
