/**
 * Session expiry (spec part 1 §4): a stored token the server no longer accepts ends the session with
 * the toast "Session Expired. Please re-login" and sends the user to /login, remembering where they were.
 */
import { decodeJwt, SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectVisible, JWT_SECRET, loginAs, pathname, useBrowser, waitForPath, waitForText } from './browser';

const EXPIRED_TOAST = 'Session Expired. Please re-login';
const TOKEN_KEY = 'hadir.token';

const browser = useBrowser();

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

async function expectExpiredAtLogin(page: Page, from: string): Promise<void> {
  const url = await waitForPath(page, '/login');
  expect(url.searchParams.get('redirect')).toBe(from);
  await waitForText(page, EXPIRED_TOAST);
  await expectVisible(page.getByRole('button', { name: 'Login', exact: true }));
  expect(await page.getByTestId('user-name').count()).toBe(0);
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

  test('an expired token: toast "Session Expired. Please re-login" and /login?redirect=…', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    const real = await storedToken(page);
    const claims = decodeJwt(real);
    expect(claims.username).toBe('admin');
    expect(typeof claims.exp).toBe('number');

    await replaceToken(page, await resign(real, Math.floor(Date.now() / 1000) - 60));
    const detail = page.waitForResponse((r) => r.url().includes('/auth/login/detail'));
    await page.goto('/');
    expect((await detail).status()).toBe(401);
    await expectExpiredAtLogin(page, '/');
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // Logging in again works and goes back where the user was.
    await loginAs(page, 'admin');
    expect(pathname(page)).toBe('/');
  });

  test('a forged token (right claims, wrong key) ends the session the same way', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    const forged = await resign(await storedToken(page), Math.floor(Date.now() / 1000) + 3600, 'x'.repeat(48));
    await replaceToken(page, forged);
    await page.goto('/profile');
    await expectExpiredAtLogin(page, '/profile');
  });

  test('a garbage token: back to /login with the toast', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'admin');
    await replaceToken(page, 'garbage');
    await page.goto('/');
    await expectExpiredAtLogin(page, '/');
  });
});
