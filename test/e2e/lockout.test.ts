/**
 * Failed-login lockout (spec part 1 §8): five wrong passwords lock the username for 300 s on the server;
 * the login form disables its button and counts down "Please wait m:ss minutes to try again".
 * It locks an account of its own (role TL), so journeys that log in as the demo accounts can run beside it.
 */
import { describe, expect, test } from 'vitest';
import {
  apiLogin,
  apiToken,
  expectVisible,
  loginButton,
  passwordField,
  snap,
  setupBrowser,
  usernameField,
  waitForText,
} from './browser';
import { newAccount } from './field-accounts';

const COUNTDOWN = /Please wait ([0-5]):(\d\d) minutes to try again/;
const WRONG = 'Salah#Password99';

const browser = setupBrowser();

function secondsIn(text: string | null): number {
  const m = text?.match(COUNTDOWN);
  if (!m) throw new Error(`no countdown in ${JSON.stringify(text)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

describe('login lockout', () => {
  test('five wrong passwords lock the form with a countdown, and the server refuses the right one', async () => {
    const { username } = await newAccount(await apiToken('admin'), {
      prefix: 'kunci',
      nama: 'TL Terkunci',
      role: 'TL',
    });
    const page = await browser.newPage();
    await page.goto('/login');
    await usernameField(page).fill(username);

    for (let attempt = 1; attempt <= 4; attempt++) {
      await passwordField(page).fill(`${WRONG}${attempt}`);
      const answer = page.waitForResponse((r) => r.url().endsWith('/auth/web/login'));
      await loginButton(page).click();
      expect((await answer).status(), `attempt ${attempt}`).toBe(401);
      await waitForText(page, 'Username atau password salah');
      expect(await loginButton(page).isDisabled()).toBe(false);
    }

    await passwordField(page).fill(`${WRONG}5`);
    const fifth = page.waitForResponse((r) => r.url().endsWith('/auth/web/login'));
    await loginButton(page).click();
    expect((await fifth).status()).toBe(403);

    const alert = page.getByRole('alert').filter({ hasText: COUNTDOWN });
    await expectVisible(alert);
    await expect.poll(() => loginButton(page).isDisabled()).toBe(true);
    const first = secondsIn(await alert.textContent());
    expect(first).toBeGreaterThan(280);
    expect(first).toBeLessThanOrEqual(300);
    await snap(page, 'lockout');

    await page.waitForTimeout(2_200);
    const second = secondsIn(await alert.textContent());
    expect(second).toBeLessThan(first);
    expect(second).toBeGreaterThanOrEqual(first - 10);
    expect(await loginButton(page).isDisabled()).toBe(true);

    // A reload keeps the lock (the form mirrors the server's Retry-After).
    await page.reload();
    await expectVisible(page.getByText(COUNTDOWN));
    expect(await loginButton(page).isDisabled()).toBe(true);

    // The lock is the server's: the right password through the API is refused too.
    const res = await apiLogin(username);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { message?: string; retry_after?: number };
    expect(body.message).toMatch(COUNTDOWN);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
