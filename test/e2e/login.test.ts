/**
 * Login, landing page per role, the side menu per permission, the route guard, the login redirect and
 * logout — in Chromium against the real server and its demo accounts.
 * The demo accounts are only logged in to and read here; no journey locks or changes them.
 */
import { describe, expect, test } from 'vitest';
import {
  expectVisible,
  loginAs,
  logout,
  menuEntry,
  pathname,
  PHONE,
  sideMenu,
  snap,
  submitLogin,
  setupBrowser,
  waitForPath,
  waitForText,
} from './browser';

const ADMIN_NAME = 'Administrator';

const browser = setupBrowser();

describe('login and the menu per role', () => {
  test('admin lands on / with its name in the top bar and the admin menu', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await waitForText(page, 'Silakan login untuk melanjutkan');
    await snap(page, 'login');
    await loginAs(page, 'admin');

    expect(pathname(page)).toBe('/');
    await expect.poll(() => page.getByTestId('user-name').textContent()).toContain(ADMIN_NAME);
    await expectVisible(menuEntry(page, 'Home'));
    for (const label of ['Users', 'Roles', 'Master Data', 'Karyawan', 'My Profile']) {
      expect(await menuEntry(page, label).count(), `menu entry ${label}`).toBe(1);
    }
    await snap(page, 'admin-home');
  });

  test('spg (role USER) lands on /profile with its role badge and the small menu', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'spg');

    expect(pathname(page)).toBe('/profile');
    await expectVisible(page.getByTestId('role-badge'));
    expect((await page.getByTestId('role-badge').textContent())?.trim()).toBe('USER');
    await waitForText(page, 'Akun Saya');
    await expectVisible(menuEntry(page, 'My Profile'));
    await expectVisible(menuEntry(page, 'Leave'));
    for (const label of ['Users', 'Roles', 'Master Data', 'Karyawan', 'Home']) {
      expect(await menuEntry(page, label).count(), `menu entry ${label}`).toBe(0);
    }
    await snap(page, 'spg-profile');
  });

  test('hr sees Karyawan and Master Data but not Users or Roles, and /users is Not Allowed', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'hr');

    expect(pathname(page)).toBe('/');
    await expectVisible(menuEntry(page, 'Karyawan'));
    await expectVisible(menuEntry(page, 'Master Data'));
    expect(await menuEntry(page, 'Users').count()).toBe(0);
    expect(await menuEntry(page, 'Roles').count()).toBe(0);

    // Typed into the address bar: the guard answers, not the menu.
    await page.goto('/users');
    await waitForText(page, 'Not Allowed');
    expect(pathname(page)).toBe('/users');
    await waitForText(page, 'Anda tidak memiliki izin untuk membuka halaman ini.');
  });

  test('spg on a phone: the menu is a drawer behind "Buka menu"', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await loginAs(page, 'spg');
    expect(pathname(page)).toBe('/profile');

    // The permanent column is hidden on phones: no visible menu until the drawer opens.
    expect(await sideMenu(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await expectVisible(sideMenu(page));
    await expectVisible(menuEntry(page, 'My Profile'));
    await expectVisible(menuEntry(page, 'Leave'));
    expect(await menuEntry(page, 'Users').count()).toBe(0);
    expect(await menuEntry(page, 'Roles').count()).toBe(0);
    expect(await menuEntry(page, 'Master Data').count()).toBe(0);
    await snap(page, 'spg-drawer');

    // A link in the drawer navigates and closes the drawer.
    await menuEntry(page, 'Leave').click();
    await sideMenu(page).getByRole('link', { name: 'Request', exact: true }).click();
    await waitForPath(page, '/request/leave');
    await expect.poll(() => sideMenu(page).count()).toBe(0);
    await waitForText(page, 'Jenis Leave');
  });
});

describe('route guard, redirect after login, logout', () => {
  test('without a session /profile goes to /login?redirect=… and back after logging in', async () => {
    const page = await browser.newPage();
    await page.goto('/profile');
    const atLogin = await waitForPath(page, '/login');
    expect(atLogin.searchParams.get('redirect')).toBe('/profile');
    await expectVisible(page.getByRole('button', { name: 'Login', exact: true }));

    await submitLogin(page, 'spg');
    await waitForPath(page, '/profile');
    await expectVisible(page.getByTestId('role-badge'));
  });

  test('the redirect wins over the home page (admin sent to /profile, not /)', async () => {
    const page = await browser.newPage();
    await page.goto('/profile');
    expect((await waitForPath(page, '/login')).searchParams.get('redirect')).toBe('/profile');
    await submitLogin(page, 'admin');
    await waitForPath(page, '/profile');
    await expectVisible(page.getByTestId('role-badge'));
    expect((await page.getByTestId('role-badge').textContent())?.trim()).toBe('ADMIN');
  });

  test('logout through the account menu returns to /login and / needs a login again', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    expect(pathname(page)).toBe('/');

    await logout(page);
    await expectVisible(page.getByRole('button', { name: 'Login', exact: true }));
    expect(await page.evaluate(() => localStorage.getItem('hadir.token'))).toBeNull();

    await page.goto('/');
    const url = await waitForPath(page, '/login');
    expect(url.searchParams.get('redirect')).toBe('/');
    await expectVisible(page.getByLabel('Username', { exact: true }));
    expect(await page.getByTestId('user-name').count()).toBe(0);
  });

  test('a tap on the name before the menu has loaded opens it once it has, and its Logout logs out', async () => {
    // No service worker, so the menu's code comes from the network, held here until the tap was made.
    const page = await browser.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/assets\/account-menu-[^/]*\.js$/, async (route) => {
      asked++;
      await held;
      await route.continue();
    });
    await loginAs(page, 'hr');
    await page.getByRole('button', { name: 'Menu akun' }).click();
    expect(await page.getByRole('menuitem', { name: 'Logout' }).count()).toBe(0);
    release();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('hadir.token'))).toBeNull();
    expect(asked).toBe(1);
  });
});
