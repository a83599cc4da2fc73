/**
 * Users, roles and data scope end to end (issue 3): `admin` makes a role with exactly two permissions
 * (karyawan.read + karyawan.create) and a user with that role scoped to one location (Bandung) through
 * the screens. Logged in as that user, the menu holds only the role's entries and every list — the
 * employee list, the resigned list, the location list and the employee form's location picker — holds
 * only in-scope data, in the UI and through the API; an out-of-scope employee is neither listed nor
 * opened, forbidden endpoints answer 403. Deactivated by admin on the screen, the user's token stops
 * working at once and the open page goes back to /login.
 *
 * The tests run in order and share the role and user made by the first two.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiLogin,
  apiRequest,
  apiToken,
  expectVisible,
  loginAs,
  menuEntry,
  pathname,
  setupBrowser,
  sideMenu,
  submitLogin,
  WAIT,
  waitForPath,
  waitForText,
} from './browser';

const browser = setupBrowser();

// No "A" in the alphabet: a role id containing "ADM" would mark an administrator (spec part 1 §1).
const ALPHABET = 'BCDEFGHJKLMNPQRSTUVWXYZ23456789';
const rand = (n: number) =>
  Array.from({ length: n }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');
const suffix = rand(3);

const ROLE_ID = `SC${suffix}`; // max 5
const ROLE_NAMA = `Cakupan Bandung ${suffix}`; // no "ADM" in the name either
const PERMISSIONS = ['karyawan.create', 'karyawan.read'] as const;
const USERID = `S${rand(5)}`; // max 6
const USERNAME = `cakupan_${suffix.toLowerCase()}`;
const USER_NAMA = `Uji Cakupan ${suffix}`;
const USER_PASSWORD = 'Cakupan#Data2026';

/** The one location the user is scoped to, and an employee elsewhere (the demo SPG, in Jakarta). */
const SCOPE_LOKASI = 'BDG';
const OUTSIDE_NRP = '26000002';
const OUT_OF_SCOPE_MESSAGE = 'Data karyawan ini di luar cakupan akses Anda';
const TOKEN_KEY = 'hadir.token';

interface KaryawanListRow {
  nrp: string;
  nama: string;
  kode_lokasi: string | null;
}
interface ListAnswer<T> {
  result: T[];
  totalCount: number;
}

async function getJson<T>(urlPath: string, token: string): Promise<T> {
  const res = await apiRequest('GET', urlPath, { token });
  if (res.status !== 200) throw new Error(`GET ${urlPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every active (resigned=0) or resigned (resigned=1) employee the token may see, in one page. */
function employees(token: string, resigned: 0 | 1): Promise<ListAnswer<KaryawanListRow>> {
  return getJson(`/api/karyawan?resigned=${resigned}&per_page=1000`, token);
}

const sorted = (xs: Iterable<string>) => [...xs].sort();

/** The side menu as the user sees it: group headers, and every link once all groups are opened. */
async function readMenu(page: Page): Promise<{ groups: string[]; links: string[] }> {
  const nav = sideMenu(page);
  await expectVisible(nav);
  const triggers = nav.locator('button');
  const groups: string[] = [];
  for (let i = 0; i < (await triggers.count()); i++) {
    const trigger = triggers.nth(i);
    groups.push((await trigger.locator('p').innerText()).trim());
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
  }
  const links = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
  return { groups, links };
}

/** The NRP links of the employee table currently shown. */
async function listedNrps(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Daftar karyawan' });
  await expect.poll(() => table.getAttribute('aria-busy')).not.toBe('true');
  return (await table.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/** Waits until a toast (or any text) matching is visible. */
async function toast(page: Page, text: RegExp | string): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** What the first two tests made; the later ones need both. */
const state = { roleCreated: false, userCreated: false };

function needsSetup(): void {
  if (!state.roleCreated || !state.userCreated) {
    throw new Error('the role and user of the first two tests were not created (see their failure)');
  }
}

describe('a role with two permissions and a user scoped to one location', () => {
  test('admin creates the role on /roles/new with exactly karyawan.read and karyawan.create', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    await page.goto('/roles/new');
    await waitForText(page, 'Tambah Role');

    await page.getByLabel(/^ID Role\*?$/).fill(ROLE_ID);
    await page.getByLabel(/^Nama Role\*?$/).fill(ROLE_NAMA);
    const form = page.getByRole('form', { name: 'Tambah Role' });
    // Nothing chosen yet: the form warns that an empty role means full access.
    await expectVisible(form.getByTestId('full-access-note'));
    for (const id of PERMISSIONS) {
      const label = form.getByText(id, { exact: true });
      await expectVisible(label);
      await label.click();
      await expect.poll(() => form.getByRole('checkbox', { name: id, exact: true }).isChecked()).toBe(true);
    }
    await expect.poll(() => form.getByTestId('permission-count').innerText()).toMatch(/^2 dari \d+ dipilih$/);
    expect(await form.getByTestId('full-access-note').count()).toBe(0);
    // The Karyawan category is only partly chosen: its select-all is not on.
    expect(await form.getByRole('checkbox', { name: 'Karyawan', exact: true }).isChecked()).toBe(false);

    await form.getByRole('button', { name: 'Simpan', exact: true }).click();
    await toast(page, 'Role berhasil ditambahkan');
    await waitForPath(page, `/roles/${ROLE_ID}/edit`);

    const admin = await apiToken('admin');
    const role = await getJson<{ result: { id: string; nama: string; permissions: Record<string, boolean> } }>(
      `/api/roles/${ROLE_ID}`,
      admin,
    );
    expect(role.result.nama).toBe(ROLE_NAMA);
    expect(sorted(Object.keys(role.result.permissions).filter((k) => role.result.permissions[k]))).toEqual([
      ...PERMISSIONS,
    ]);
    state.roleCreated = true;
  });

  test('admin creates the user on /users/new with that role, scoped to Lokasi BDG, no forced change', async () => {
    if (!state.roleCreated) throw new Error('the role of the first test was not created (see its failure)');
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    await page.goto('/users/new');
    const form = page.getByRole('form', { name: 'Tambah User' });
    await expectVisible(form);

    await form.getByLabel(/^User ID\*?$/).fill(USERID);
    await form.getByLabel(/^Username\*?$/).fill(USERNAME);
    await form.getByLabel(/^Nama\*?$/).fill(USER_NAMA);
    const roleSelect = form.getByLabel(/^Role\*?$/);
    await expect.poll(() => roleSelect.locator(`option[value="${ROLE_ID}"]`).count()).toBe(1);
    await roleSelect.selectOption(ROLE_ID);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(USER_PASSWORD);
    await form.getByRole('textbox', { name: 'Konfirmasi Password', exact: true }).fill(USER_PASSWORD);

    // The form asks for a password change at the next login by default: untick it.
    const reset = form.getByRole('checkbox', { name: 'Wajib ganti password saat login berikutnya' });
    expect(await reset.isChecked()).toBe(true);
    await form.getByText('Wajib ganti password saat login berikutnya', { exact: true }).click();
    await expect.poll(() => reset.isChecked()).toBe(false);

    // Trustee: one location in the Lokasi multi-select; every other dimension stays "Semua".
    const lokasi = form.getByRole('combobox', { name: 'Lokasi', exact: true });
    await lokasi.click();
    const option = page.getByRole('option', { name: new RegExp(`^${SCOPE_LOKASI}\\b`) });
    await expectVisible(option);
    await option.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => lokasi.innerText()).toMatch(new RegExp(`^${SCOPE_LOKASI}\\b`));

    await form.getByRole('button', { name: 'Simpan', exact: true }).click();
    await toast(page, 'User berhasil ditambahkan');
    await waitForPath(page, `/users/${USERID}/edit`);
    await waitForText(page, USER_NAMA);

    const admin = await apiToken('admin');
    const user = await getJson<{
      result: { role: string; is_active: boolean; reset_password: boolean; trustee: Record<string, string[]> };
    }>(`/api/users/${USERID}`, admin);
    expect(user.result.role).toBe(ROLE_ID);
    expect(user.result.is_active).toBe(true);
    expect(user.result.reset_password).toBe(false);
    expect(user.result.trustee).toEqual({
      kode_prsh: [],
      sales_office: [],
      lokasi: [SCOPE_LOKASI],
      client: [],
      jabatan: [],
      spg_type: [],
    });
    state.userCreated = true;
  });

  test('the user sees only the menu of the role and only Bandung in every list, on screen and through the API', async () => {
    needsSetup();
    const admin = await apiToken('admin');
    const allActive = await employees(admin, 0);
    const allResigned = await employees(admin, 1);
    const inScope = allActive.result.filter((r) => r.kode_lokasi === SCOPE_LOKASI);
    const inScopeResigned = allResigned.result.filter((r) => r.kode_lokasi === SCOPE_LOKASI);
    // The control: the seed has employees on both sides of the scope.
    expect(inScope.length).toBeGreaterThan(0);
    expect(allActive.totalCount).toBeGreaterThan(inScope.length);
    expect(allActive.result.length).toBe(allActive.totalCount);

    const page = await browser.newPage();
    await loginAs(page, USERNAME, USER_PASSWORD);
    await expect.poll(() => page.getByTestId('user-name').textContent()).toContain(USER_NAMA);

    // ---- The menu: My Profile (everyone) and the Karyawan group with List and New, nothing else.
    const menu = await readMenu(page);
    expect(menu.groups).toEqual(['Karyawan']);
    expect(menu.links).toEqual(['My Profile', 'List', 'New']);
    for (const label of ['Home', 'Users', 'Roles', 'Master Data', 'Kunjungan', 'Leave', 'Absensi', 'Laporan']) {
      expect(await menuEntry(page, label).count(), `menu entry ${label}`).toBe(0);
    }

    // ---- The employee list, reached through the menu: Bandung's employees only.
    await sideMenu(page).getByRole('link', { name: 'List', exact: true }).click();
    await waitForPath(page, '/karyawan');
    await waitForText(page, new RegExp(`^${inScope.length} data · Halaman 1 dari`));
    await page.goto('/karyawan?per_page=100');
    await waitForText(page, `${inScope.length} data · Halaman 1 dari 1`);
    expect(sorted(await listedNrps(page))).toEqual(sorted(inScope.map((r) => r.nrp)));

    // The same through the API with the user's own token.
    const token = await apiToken(USERNAME, USER_PASSWORD);
    const detail = await getJson<{ result: { role: string; permissions: string[] } }>('/auth/login/detail', token);
    expect(detail.result.role).toBe(ROLE_NAMA); // the session carries the role name
    expect(sorted(detail.result.permissions)).toEqual([...PERMISSIONS]);
    const active = await employees(token, 0);
    expect(active.totalCount).toBe(inScope.length);
    expect(sorted(active.result.map((r) => r.nrp))).toEqual(sorted(inScope.map((r) => r.nrp)));
    expect(active.result.every((r) => r.kode_lokasi === SCOPE_LOKASI)).toBe(true);
    const resigned = await employees(token, 1);
    expect(resigned.totalCount).toBe(inScopeResigned.length);
    expect(resigned.result.every((r) => r.kode_lokasi === SCOPE_LOKASI)).toBe(true);

    // The location list: admin sees every city, the user only Bandung (the API; the screen needs master.read).
    const allLokasi = await getJson<ListAnswer<{ id: string }>>('/api/lokasi?per_page=1000', admin);
    expect(allLokasi.result.length).toBeGreaterThan(1);
    const ownLokasi = await getJson<ListAnswer<{ id: string }>>('/api/lokasi?per_page=1000', token);
    expect(ownLokasi.result.map((r) => r.id)).toEqual([SCOPE_LOKASI]);
    expect(ownLokasi.totalCount).toBe(1);

    // ---- An in-scope employee opens from the list.
    const first = inScope[0]!;
    await page.getByRole('link', { name: first.nrp, exact: true }).click();
    await waitForPath(page, `/karyawan/${first.nrp}/edit`);
    await waitForText(page, `${first.nrp} - ${first.nama}`);
    expect((await apiRequest('GET', `/api/karyawan/${first.nrp}`, { token })).status).toBe(200);

    // ---- The New form (karyawan.create) through the menu: its location picker offers Bandung only.
    await sideMenu(page).getByRole('link', { name: 'New', exact: true }).click();
    await waitForPath(page, '/karyawan/create/new');
    await waitForText(page, 'Karyawan Baru');
    await page.getByRole('tab', { name: 'Pegawai' }).click();
    const picker = page.getByLabel(/^Kode Lokasi\*?$/);
    await expect.poll(() => picker.locator('option').count(), { timeout: WAIT }).toBeGreaterThan(1);
    const offered = await picker
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(offered).toEqual([SCOPE_LOKASI]);
  });

  test('out-of-scope employees are neither listed nor opened; forbidden screens and endpoints say no', async () => {
    needsSetup();
    const admin = await apiToken('admin');
    // The control: admin finds the Jakarta employee, in the list and in the detail.
    const outside = await getJson<{ result: { nrp: string; nama: string; kode_lokasi: string } }>(
      `/api/karyawan/${OUTSIDE_NRP}`,
      admin,
    );
    expect(outside.result.kode_lokasi).not.toBe(SCOPE_LOKASI);
    expect((await getJson<ListAnswer<KaryawanListRow>>(`/api/karyawan?q=${OUTSIDE_NRP}`, admin)).totalCount).toBe(1);

    const page = await browser.newPage();
    await loginAs(page, USERNAME, USER_PASSWORD);
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(token).toBeTruthy();

    // ---- Not listed: searching the list for the NRP finds nobody, on screen and through the API.
    await page.goto(`/karyawan?q=${OUTSIDE_NRP}`);
    await waitForText(page, '0 data · Halaman 1 dari 1');
    await waitForText(page, 'Tidak ada data');
    expect(await page.getByText(outside.result.nama).count()).toBe(0);
    const searched = await getJson<ListAnswer<KaryawanListRow>>(`/api/karyawan?q=${OUTSIDE_NRP}`, token!);
    expect(searched.totalCount).toBe(0);
    expect(searched.result).toEqual([]);

    // ---- Not opened: the detail address typed in shows the server's refusal, not the employee.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/karyawan/${OUTSIDE_NRP}`);
    await page.goto(`/karyawan/${OUTSIDE_NRP}/edit`);
    expect((await answer).status()).toBe(403);
    await waitForText(page, OUT_OF_SCOPE_MESSAGE);
    expect(pathname(page)).toBe(`/karyawan/${OUTSIDE_NRP}/edit`);
    expect(await page.getByText(outside.result.nama).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'EDIT' }).count()).toBe(0);
    const direct = await apiRequest('GET', `/api/karyawan/${OUTSIDE_NRP}`, { token: token! });
    expect(direct.status).toBe(403);
    expect(JSON.stringify(await direct.json())).not.toContain(outside.result.nama);

    // ---- Screens outside the role: Not Allowed when typed in.
    for (const path of ['/users', '/roles', '/lokasi', '/karyawan/posting']) {
      await page.goto(path);
      await waitForText(page, 'Not Allowed');
      await waitForText(page, 'Anda tidak memiliki izin untuk membuka halaman ini.');
      expect(pathname(page)).toBe(path);
    }

    // ---- Endpoints outside the role: 403 (and 401 without a token).
    for (const path of [
      '/api/users',
      `/api/users/${USERID}`,
      '/api/roles',
      `/api/roles/${ROLE_ID}`,
      '/api/karyawan/posting/list',
      `/api/karyawan/${OUTSIDE_NRP}/resign-detail`,
    ]) {
      const res = await apiRequest('GET', path, { token: token! });
      expect(res.status, `GET ${path}`).toBe(403);
    }
    const write = await apiRequest('PUT', `/api/roles/${ROLE_ID}`, {
      token: token!,
      body: { nama: ROLE_NAMA, permissions: ['user.read'] },
    });
    expect(write.status, 'PUT /api/roles/{own role}').toBe(403);
    expect((await apiRequest('GET', '/api/karyawan')).status).toBe(401);
  });

  test('deactivated by admin on the screen: the held token gets 401 and the open page returns to /login', async () => {
    needsSetup();
    const userPage = await browser.newPage();
    await loginAs(userPage, USERNAME, USER_PASSWORD);
    const token = await userPage.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(token).toBeTruthy();
    expect((await apiRequest('GET', '/api/karyawan', { token: token! })).status).toBe(200);
    await userPage.goto('/karyawan');
    await waitForText(userPage, 'Data Karyawan');

    const adminPage = await browser.newPage();
    await loginAs(adminPage, 'admin');
    await adminPage.goto(`/users/${USERID}/edit`);
    await waitForText(adminPage, USER_NAMA);
    await expectVisible(adminPage.getByText('Aktif', { exact: true }));
    await adminPage.getByRole('button', { name: 'Ubah', exact: true }).click();
    const form = adminPage.getByRole('form', { name: 'Ubah User' });
    await expectVisible(form);
    const activeSwitch = form.getByLabel('User aktif', { exact: true });
    expect(await activeSwitch.isChecked()).toBe(true);
    await form.getByText('User aktif', { exact: true }).click();
    await expect.poll(() => activeSwitch.isChecked()).toBe(false);
    await form.getByRole('button', { name: 'Simpan', exact: true }).click();
    await toast(adminPage, 'User berhasil diperbarui');
    await expectVisible(adminPage.getByText('Tidak Aktif', { exact: true }));

    // The token the user already holds stops working at once.
    for (const path of ['/api/karyawan', '/auth/login/detail', `/api/karyawan/${OUTSIDE_NRP}`]) {
      expect((await apiRequest('GET', path, { token: token! })).status, `GET ${path}`).toBe(401);
    }

    // The open page: its next call (a reload) ends the session.
    await userPage.reload();
    await waitForPath(userPage, '/login');
    await expectVisible(userPage.getByRole('button', { name: 'Login', exact: true }));
    expect(await userPage.getByTestId('user-name').count()).toBe(0);
    await expect.poll(() => userPage.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // And a new login is refused, through the form and the API.
    expect((await apiLogin(USERNAME, USER_PASSWORD)).status).toBe(401);
    await submitLogin(userPage, USERNAME, USER_PASSWORD);
    await waitForText(userPage, 'Akun tidak aktif. Hubungi administrator');
    expect(pathname(userPage)).toBe('/login');
  });
});
