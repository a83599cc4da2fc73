/**
 * Session expiry (spec part 1 §4): a stored token the server no longer accepts ends the session with
 * the toast "Session Expired. Please re-login" and sends the user to /login, remembering where they were.
 */
import { decodeJwt, SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  expectVisible,
  JWT_SECRET,
  loginAs,
  pathname,
  setupBrowser,
  waitForPath,
  waitForText,
  settled,
} from './browser';

const EXPIRED_TOAST = 'Session Expired. Please re-login';
const TOKEN_KEY = 'hadir.token';

const browser = setupBrowser();

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  if (!token) throw new Error('no token in local storage after login');
  return token;
}

async function replaceToken(page: Page, token: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
}

/** The real token's claims, re-signed with the server's key (or another), with the given expiry. */
async function resign(real: string, exp: number, secret = JWT_SECRET): Promise<string> {
  const { iat: _iat, exp: _exp, ...claims } = decodeJwt(real);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

/** Ended by the server's 401: the toast, the login form, no user in the top bar, the token gone. */
async function expectExpiredAtLogin(page: Page): Promise<URL> {
  await waitForPath(page, '/login');
  await waitForText(page, EXPIRED_TOAST);
  await expectVisible(page.getByRole('button', { name: 'Login', exact: true }));
  expect(await page.getByTestId('user-name').count()).toBe(0);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  return new URL(page.url());
}

async function loginWithExpiredToken(page: Page, target: string): Promise<void> {
  await loginAs(page, 'admin');
  const real = await storedToken(page);
  const claims = decodeJwt(real);
  expect(claims.username).toBe('admin');
  expect(typeof claims.exp).toBe('number');
  const expired = await resign(real, Math.floor(Date.now() / 1000) - 60);
  await replaceToken(page, expired);
  // The server's answer to the expired token itself (a request of the signed-in page may still be on its
  // way): whichever request carries it first (the layout's permission refresh, the field data, the
  // outbox) is refused.
  const refused = page.waitForResponse((r) => r.request().headers()['authorization'] === `Bearer ${expired}`);
  await page.goto(target);
  expect((await refused).status()).toBe(401);
}

describe('session expiry', () => {
  test('a control: the re-signed token with a future expiry is accepted (the signing matches the server)', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    const token = await resign(await storedToken(page), Math.floor(Date.now() / 1000) + 3600);
    await replaceToken(page, token);
    const detail = page.waitForResponse((r) => r.url().includes('/auth/login/detail'));
    await page.goto('/');
    expect((await detail).status()).toBe(200);
    await expectVisible(page.getByTestId('user-name'));
    expect(pathname(page)).toBe('/');
  });

  test('an expired token: toast "Session Expired. Please re-login", back to /login, and a new login works', async () => {
    const page = await browser.newPage();
    await loginWithExpiredToken(page, '/');
    await expectExpiredAtLogin(page);

    await loginAs(page, 'admin');
    expect(pathname(page)).toBe('/');
  });

  test('an expired token: /login remembers where the user was (?redirect=/profile) and returns there', async () => {
    const page = await browser.newPage();
    await loginWithExpiredToken(page, '/profile');
    await expectExpiredAtLogin(page);
    // The search param is settled once the page is idle (a later navigation could still replace it).
    await page.waitForLoadState('networkidle');
    await settled(page);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile');
    await loginAs(page, 'admin');
    expect(pathname(page)).toBe('/profile');
  });

  test('a forged token (right claims, wrong key) ends the session the same way', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    const forged = await resign(await storedToken(page), Math.floor(Date.now() / 1000) + 3600, 'x'.repeat(48));
    await replaceToken(page, forged);
    const detail = page.waitForResponse(
      (r) => r.url().includes('/auth/login/detail') && r.request().headers()['authorization'] === `Bearer ${forged}`,
    );
    await page.goto('/profile');
    expect((await detail).status()).toBe(401);
    await expectExpiredAtLogin(page);
  });

  test('a garbage token is no session: /login?redirect=… and nobody logged in', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    await replaceToken(page, 'garbage');
    await page.goto('/profile');
    const url = await waitForPath(page, '/login');
    expect(url.searchParams.get('redirect')).toBe('/profile');
    await expectVisible(page.getByRole('button', { name: 'Login', exact: true }));
    expect(await page.getByTestId('user-name').count()).toBe(0);

    await loginAs(page, 'admin');
    await waitForPath(page, '/profile');
  });
});
