/**
 * Forced password change (spec part 1 §4, §5): after an administrator sets an HR account's password, the
 * login answers 404 and the "Ganti Password" dialog opens with the live policy checklist; saving logs it in.
 * The account is the journey's own, so journeys that log in as the demo hr can run beside it.
 */
import { describe, expect, test } from 'vitest';
import {
  apiLogin,
  apiRequest,
  apiToken,
  expectVisible,
  loginAs,
  logout,
  pathname,
  snap,
  submitLogin,
  setupBrowser,
  waitForPath,
  waitForText,
} from './browser';
import { newAccount } from './field-accounts';

const TEMPORARY = 'Sementara#2026x';
const CHOSEN = 'Pilihan#Baru2026';
/** Her name in the top bar once logged in. */
const HR_NAME = 'Staf HR Ganti';

const browser = setupBrowser();

async function adminSetsPassword(username: string, password: string): Promise<Response> {
  const token = await apiToken('admin');
  return apiRequest('POST', '/auth/login/admin/pass/change', {
    token,
    body: { username, new_password: password, confirm_password: password },
  });
}

describe('forced password change', () => {
  test('an admin reset makes an HR account choose a new password at login, which then logs it in', async () => {
    // An HR account of this journey's own: the demo hr logs in elsewhere meanwhile.
    const { username: hr } = await newAccount(await apiToken('admin'), {
      prefix: 'hrganti',
      nama: HR_NAME,
      role: 'HR',
    });
    const reset = await adminSetsPassword(hr, TEMPORARY);
    expect(reset.status).toBe(200);
    // The API says so too: the temporary password alone does not give a session.
    expect((await apiLogin(hr, TEMPORARY)).status).toBe(404);

    const page = await browser.newPage();
    await submitLogin(page, hr, TEMPORARY);
    const dialog = page.getByRole('dialog', { name: 'Ganti Password' });
    await expectVisible(dialog);
    await waitForText(dialog, 'Password Anda harus diganti sebelum login');
    expect(pathname(page)).toBe('/login');

    const checklist = dialog.getByRole('checkbox');
    await expect.poll(() => checklist.count()).toBe(5);

    // A weak password: every rule of the checklist stays unchecked.
    await dialog.getByLabel('Password Baru', { exact: true }).fill('lemah');
    for (const rule of [
      'Password harus terdiri dari minimal 12 karakter',
      'Password harus mengandung minimal 1 huruf kapital',
      'Password harus mengandung minimal 1 angka',
      'Password harus mengandung minimal 1 simbol',
      'Konfirmasi Password tidak sama, check kembali',
    ]) {
      const item = dialog.getByRole('checkbox', { name: rule });
      await expectVisible(item);
      expect(await item.getAttribute('aria-checked'), rule).toBe('false');
    }
    await snap(page, 'forced-change-weak');

    // Saving a weak password is refused in the dialog (no request leaves, hr stays at /login).
    const changeCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/auth/login/pass/change')) changeCalls.push(r.url());
    });
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await waitForText(dialog, 'Password tidak sesuai kriteria');
    expect(pathname(page)).toBe('/login');
    expect(changeCalls).toHaveLength(0);

    // A strong one: the four policy rules tick; the match rule ticks once confirmed.
    await dialog.getByLabel('Password Baru', { exact: true }).fill(CHOSEN);
    await expect.poll(() => dialog.locator('[role="checkbox"][aria-checked="true"]').count()).toBe(4);
    await dialog.getByLabel('Konfirmasi Password', { exact: true }).fill(CHOSEN);
    await expect.poll(() => dialog.locator('[role="checkbox"][aria-checked="true"]').count()).toBe(5);
    await snap(page, 'forced-change-strong');

    const saved = page.waitForResponse((r) => r.url().includes('/auth/login/pass/change'));
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    expect((await saved).status()).toBe(200);
    await waitForPath(page, '/');
    await expectVisible(page.getByTestId('user-name'));
    expect(await page.getByTestId('user-name').textContent()).toContain(HR_NAME);
    await waitForText(page, 'Password berhasil diubah');
    expect(await page.getByRole('dialog', { name: 'Ganti Password' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('hadir.token'))).toBeTruthy();

    // The new password works through the form after a logout …
    await logout(page);
    await loginAs(page, hr, CHOSEN);
    expect(pathname(page)).toBe('/');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // … and the temporary one is dead.
    expect((await apiLogin(hr, TEMPORARY)).status).toBe(401);
  });
});
