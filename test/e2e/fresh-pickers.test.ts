/**
 * Lists a screen picks from are fresh after every write (docs/decisions/030-route-list-change-and-fresh-pickers.md):
 * an admin opens "Generate per Route List" and an employee's Route List select (so both lists are cached),
 * creates a route list, and finds it at once in both, moving through the app's own menu: no reload, no
 * logout. Then a store created on /store is in the matrix editor's store search at once. The employee is
 * a new one of its own; the route list and the store are its own too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiToken, expectVisible, loginAs, setupBrowser, sideMenu, WAIT, waitForPath, waitForText } from './browser';
import { newEmployee } from './field-accounts';

const RUN = Date.now().toString(36).slice(-3).toUpperCase();
const ID = `F${RUN}`;
const NAMA = `Rute Segar ${RUN}`;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

const harness = setupBrowser();

/** Through the side menu: a client-side navigation, the query cache stays as it is. */
async function menu(page: Page, label: string, group?: string) {
  const nav = sideMenu(page);
  const link = nav.getByRole('link', { name: label, exact: true });
  if (group && !(await link.isVisible())) await nav.getByText(group, { exact: true }).click();
  await link.click();
}

async function generateDialogOptions(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Generate per Route List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Kunjungan per Route List' });
  const select = dialog.getByRole('combobox', { name: 'Route List' });
  await expect.poll(() => select.locator('option').count(), { timeout: WAIT }).toBeGreaterThan(1);
  return select.locator('option').allInnerTexts();
}

/**
 * Opens the dialog and waits for `expected` among its route lists: the list refetches as the dialog opens
 * (the write made it stale), and shows the cached one meanwhile. Never with a reload.
 */
async function generateDialogShows(page: Page, expected: string): Promise<void> {
  await page.getByRole('button', { name: 'Generate per Route List' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Kunjungan per Route List' });
  const select = dialog.getByRole('combobox', { name: 'Route List' });
  await expect.poll(() => select.locator('option').allInnerTexts(), { timeout: WAIT }).toContain(expected);
}

async function closeDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Batal' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

async function employeeRouteListOptions(page: Page, nrp: string) {
  await menu(page, 'List', 'Karyawan');
  await waitForPath(page, '/karyawan');
  await page.getByRole('searchbox', { name: 'Cari NRP atau nama' }).fill(nrp);
  await page.getByRole('link', { name: nrp }).click();
  await waitForPath(page, `/karyawan/${nrp}/edit`);
  await page.getByRole('button', { name: 'EDIT' }).click();
  await page.getByRole('tab', { name: 'Pegawai' }).click();
  const select = page.getByRole('combobox', { name: 'Route List' });
  await expectVisible(select);
  return select.locator('option');
}

describe('pickers are fresh after a write', () => {
  test('a route list created a minute ago is in "Generate per Route List" and the employee’s Route List', async () => {
    const employee = await newEmployee(await apiToken('admin'), today);
    const page = await harness.newPage();
    await loginAs(page, 'admin');
    // Gone after a reload: proves every step below ran in the one page the login opened.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument);

    // Both pickers have read the route lists once: the new one is not there yet.
    await menu(page, 'Kunjungan');
    await waitForPath(page, '/kunjungan');
    expect((await generateDialogOptions(page)).some((o) => o.startsWith(ID))).toBe(false);
    await closeDialog(page);
    const before = await employeeRouteListOptions(page, employee.nrp);
    await expect.poll(() => before.count()).toBeGreaterThan(1);
    expect((await before.allInnerTexts()).some((o) => o.startsWith(ID))).toBe(false);
    await page.getByRole('button', { name: 'CANCEL' }).click();

    // Created through its form.
    await menu(page, 'Route List', 'Master Data');
    await waitForPath(page, '/route-list');
    await page.getByRole('button', { name: 'Tambah Route List' }).click();
    await waitForPath(page, '/route-list/new');
    const form = page.getByRole('form', { name: 'Tambah Route List' });
    await form.getByLabel('ID').fill(ID);
    await form.getByLabel('Nama').fill(NAMA);
    await form.getByRole('button', { name: 'Simpan' }).click();
    await waitForPath(page, `/route-list/${ID}/edit`);

    // At once in both pickers, with no reload and no logout in between.
    await menu(page, 'Kunjungan');
    await waitForPath(page, '/kunjungan');
    await generateDialogShows(page, `${ID} – ${NAMA}`);
    await closeDialog(page);
    const after = await employeeRouteListOptions(page, employee.nrp);
    await expect.poll(() => after.allInnerTexts()).toContain(`${ID} - ${NAMA}`);
    await page.getByRole('button', { name: 'CANCEL' }).click();

    // Renamed: the picker shows the new name at once.
    await menu(page, 'Route List', 'Master Data');
    await waitForPath(page, '/route-list');
    await page.getByRole('searchbox', { name: 'Cari ID atau nama route list' }).fill(ID);
    await page.getByRole('link', { name: ID, exact: true }).click();
    await waitForPath(page, `/route-list/${ID}/edit`);
    const data = page.getByRole('form', { name: 'Data Route List' });
    await data.getByLabel('Nama').fill(`${NAMA} Baru`);
    await data.getByRole('button', { name: 'Simpan Nama' }).click();
    await waitForText(page, /berhasil/);
    await menu(page, 'Kunjungan');
    await waitForPath(page, '/kunjungan');
    await generateDialogShows(page, `${ID} – ${NAMA} Baru`);
    await closeDialog(page);
    expect(await sameDocument()).toBe(true);
  });

  test('a store created on /store is in the matrix editor’s store search at once', async () => {
    const page = await harness.newPage({ serviceWorkers: 'block' });
    await page.context().route(/tile\.openstreetmap\.org/, (route) => route.abort('failed'));
    await loginAs(page, 'admin');
    const code = `SF${RUN}`;
    const name = `Toko Segar ${RUN}`;

    // The matrix editor's store search, asked once for the code: nothing.
    await menu(page, 'Matrix Kunjungan', 'Master Data');
    await waitForPath(page, '/matrix-kunjungan');
    const routeLists = page.getByLabel('Route List');
    await expect.poll(() => routeLists.locator('option').count(), { timeout: WAIT }).toBeGreaterThan(1);
    await routeLists.selectOption('RJK01');
    await expectVisible(page.getByRole('table', { name: 'Matrix kunjungan' }));
    await page.getByRole('button', { name: 'Tambah Store' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByLabel('Cari kode atau nama store').fill(code);
    await waitForText(picker, 'Tidak ada store');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await menu(page, 'Store');
    await waitForPath(page, '/store');
    // The address changes before the store screen replaces the matrix editor, which has a "Tambah Store"
    // button of its own: wait for the store list's search first.
    await expectVisible(page.getByPlaceholder('Cari kode atau nama customer'));
    await page.getByRole('button', { name: 'Tambah Store' }).click();
    await waitForPath(page, '/store/new');
    await page.getByLabel('Kode Customer').fill(code);
    await page.getByLabel('Nama Customer').fill(name);
    await page.getByRole('button', { name: /^(Save|Simpan)$/ }).click();
    await waitForPath(page, `/store/${code}/edit`);

    await menu(page, 'Matrix Kunjungan', 'Master Data');
    await waitForPath(page, '/matrix-kunjungan');
    if (!(await page.getByRole('table', { name: 'Matrix kunjungan' }).isVisible())) {
      await expect.poll(() => routeLists.locator('option').count(), { timeout: WAIT }).toBeGreaterThan(1);
      await routeLists.selectOption('RJK01');
    }
    await expectVisible(page.getByRole('table', { name: 'Matrix kunjungan' }));
    await page.getByRole('button', { name: 'Tambah Store' }).click();
    await page.getByRole('dialog').getByLabel('Cari kode atau nama store').fill(code);
    await expectVisible(page.getByRole('dialog').getByRole('button', { name: `Tambah ${name}` }));
  });
});
