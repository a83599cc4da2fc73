/**
 * End-to-end helpers: Debian's Chromium driven by playwright-core against the real server that
 * scripts/e2e.mjs started (E2E_BASE_URL). No mocked API. One browser per test file; every page gets its
 * own context (fresh profile: empty local storage), closed after its test — with a screenshot in
 * test/e2e/__screenshots__/ when the test failed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/**
 * How long a journey waits for a state before calling it missing. A wait that is met costs nothing of
 * it, so it is set for a host half as fast as usual (docs/guide.md §7), not for this one.
 */
export const WAIT = 30_000;
/** A record reaching the server after the signal returns: the outbox's backoff, after a lost answer too. */
export const SYNC_WAIT = 90_000;

export const DEMO_PASSWORD = 'Hadir#Demo2026';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 800 } as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the end-to-end tests with "npm run test:e2e"`);
  return value;
}

export const BASE_URL = required('E2E_BASE_URL');
export const JWT_SECRET = required('E2E_JWT_SECRET');

const FAILURE_DIR = path.resolve('test/e2e/__screenshots__');
/** Set E2E_SHOTS_DIR to keep screenshots of the main screens (phone and desktop) while developing. */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Grants geolocation and places the device here. */
  geolocation?: { latitude: number; longitude: number; accuracy?: number };
  /** 'block': no service worker, so every request (map tiles too) reaches the context's routes. */
  serviceWorkers?: 'allow' | 'block';
  /** The server under test by another name (passkeys need a host name, never an IP address). */
  baseURL?: string;
}

export interface BrowserHarness {
  /** A page in a fresh context (its own local storage), base URL set to the server under test. */
  newPage(options?: PageOptions): Promise<Page>;
}

function safeName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 120);
}

/**
 * Registers the hooks of one test file: launch the browser before all tests, close each test's
 * contexts after it (screenshot first when it failed), close the browser after all tests.
 */
export function setupBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  let open: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async ({ task }) => {
    const contexts = open;
    open = [];
    if (task.result?.state === 'fail' && !task.fails) {
      mkdirSync(FAILURE_DIR, { recursive: true });
      let n = 0;
      for (const context of contexts) {
        for (const page of context.pages()) {
          const file = path.join(FAILURE_DIR, `${safeName(`${task.file?.name ?? ''}-${task.name}`)}-${n++}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          console.error(`e2e: failure screenshot ${file} (at ${page.url()})`);
        }
      }
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage({ viewport = DESKTOP, geolocation, serviceWorkers, baseURL = BASE_URL } = {}) {
      if (!browser) throw new Error('setupBrowser(): the browser is not launched yet (call newPage inside a test)');
      const context = await browser.newContext({
        baseURL,
        viewport,
        locale: 'id-ID',
        timezoneId: 'Asia/Jakarta',
        ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
        ...(serviceWorkers ? { serviceWorkers } : {}),
      });
      context.setDefaultTimeout(WAIT);
      open.push(context);
      return context.newPage();
    },
  };
}

/** The path of the page's current URL. */
export function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page's URL has this path (client-side navigations included). */
export async function waitForPath(page: Page, expected: string, timeout = WAIT): Promise<URL> {
  await page.waitForURL((url) => url.pathname === expected, { timeout, waitUntil: 'commit' });
  // The address changes before the new screen replaces the old one (its code may still be loading): a
  // click meanwhile would land on the old screen. The layout marks its main region busy until then.
  await expect
    .poll(() => page.evaluate(() => document.querySelector('main[aria-busy="true"]') === null).catch(() => false), {
      timeout,
      message: `the screen of ${expected} never finished loading`,
    })
    .toBe(true);
  return new URL(page.url());
}

/** Waits until the locator is visible; fails with a readable message otherwise. */
export async function expectVisible(locator: Locator, timeout = WAIT): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`expected to be visible: ${String(locator)}`);
  }
}

/** Waits until a text (substring, or a RegExp) is visible on the page. */
export function waitForText(page: Page | Locator, text: string | RegExp, timeout = WAIT): Promise<void> {
  return expectVisible(page.getByText(text), timeout);
}

export function usernameField(page: Page): Locator {
  return page.getByLabel('Username', { exact: true });
}

export function passwordField(page: Page): Locator {
  return page.getByLabel('Password', { exact: true });
}

export function loginButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Login', exact: true });
}

/** Opens /login (unless already there), types the credentials into the real form and presses Login. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (pathname(page) !== '/login') await page.goto('/login');
  await usernameField(page).fill(username);
  await passwordField(page).fill(password);
  await loginButton(page).click();
}

/** Logs in through the login form and waits until the app has left /login. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, username, password);
  await page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
  // The account menu's button, named "<her name> Menu akun" (on a 360 px phone the name is not shown).
  await expectVisible(page.getByRole('button', { name: / Menu akun$/ }));
}

/** The side menu: the permanent column on wide screens, the drawer on phones (open it first). */
export function sideMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Menu utama' });
}

/** The entries of the side menu whose label is exactly `label` (links and group headers). */
export function menuEntry(page: Page, label: string): Locator {
  return sideMenu(page).getByText(label, { exact: true });
}

/**
 * Waits until the service worker is active and controls the page: from then on the app's code and shell
 * come from its precache, so the page can go offline and still open a screen or a dialog it has not loaded
 * yet. An active worker alone is not enough: it claims the page a moment later, and it never claims a page
 * that was still loading when it activated (clients.claim() skips a client that is not execution-ready);
 * such a page is controlled only after its next load. So: a few seconds for the claim, then one reload
 * (the same screen, the session and the persisted data stay), then the claim of the reloaded page. Every
 * caller is safe to reload here: it waits for what it needs on the screen through auto-waiting locators.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.ready).active)).toBe(true);
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  const deadline = Date.now() + 5_000;
  while (!(await controlled()) && Date.now() < deadline) await page.waitForTimeout(100);
  if (await controlled()) return;
  await page.reload({ waitUntil: 'load' });
  await expect
    .poll(controlled, { timeout: WAIT, message: 'the service worker never took control of the page' })
    .toBe(true);
}

/** A query key pattern: each part equals the key's part at that place, `'*'` matches any. */
export type KeyPattern = readonly unknown[];

/**
 * Waits until the phone's persisted copy of the query cache (localStorage `hadir.query-cache`, what a
 * cold start without signal shows) holds a successful answer under each key pattern. The app writes
 * field answers as they arrive (src/app/query-client.ts): this waits for that write, not for a guessed
 * time.
 */
export async function waitForPersisted(page: Page, ...patterns: KeyPattern[]): Promise<void> {
  const missing = () =>
    page.evaluate((wanted) => {
      const raw = localStorage.getItem('hadir.query-cache');
      const parsed = raw ? (JSON.parse(raw) as { clientState?: { queries?: unknown[] } }) : {};
      const queries = (parsed.clientState?.queries ?? []) as { queryKey: unknown[]; state: { status: string } }[];
      const fits = (key: unknown[], pattern: unknown[]) =>
        pattern.every((part, i) => part === '*' || JSON.stringify(key[i]) === JSON.stringify(part));
      return wanted
        .filter((pattern) => !queries.some((q) => q.state.status === 'success' && fits(q.queryKey, pattern)))
        .map((pattern) => JSON.stringify(pattern));
    }, patterns as unknown[][]);
  await expect.poll(missing, { timeout: WAIT, message: 'answers not in the persisted query cache' }).toEqual([]);
}

/** How many passkey challenges this phone holds for offline signing (IndexedDB `hadir-offline`). */
export function storedChallenges(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('hadir-offline');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('challenges').objectStore('challenges').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error ?? new Error('count failed'));
        };
      }),
  );
}

/**
 * Logs out through the account menu. A logout that does not reach /login fails with what the page showed
 * (the path, whether the menu is still open, any dialog) and its console, so a rare failure says which
 * step stalled: the click, the unsent-records check, or the way back to /login.
 */
export async function logout(page: Page): Promise<void> {
  const consoleLines: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => consoleLines.push(`${m.type()}: ${m.text()}`);
  page.on('console', onConsole);
  try {
    await page.getByRole('button', { name: 'Menu akun' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
  } catch (err) {
    const menuOpen = await page
      .getByRole('menuitem', { name: 'Logout' })
      .isVisible()
      .catch(() => false);
    const dialogs = await page
      .getByRole('dialog')
      .allTextContents()
      .catch(() => []);
    const token = await page.evaluate(() => localStorage.getItem('hadir.token') !== null).catch(() => null);
    // Where the Logout item is and what a click there would hit (a click that never lands leaves the menu open).
    const target = await page
      .getByRole('menuitem', { name: 'Logout' })
      .evaluate((item) => {
        const r = item.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        const events = `body pointer-events ${getComputedStyle(document.body).pointerEvents}, item ${getComputedStyle(item).pointerEvents}`;
        return `box ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}, scrollY ${scrollY}, ${events}, hit ${hit === item || item.contains(hit) ? 'the item' : (hit?.outerHTML.slice(0, 160) ?? 'nothing')}`;
      })
      .catch(() => 'no Logout item');
    const why = err instanceof Error ? err.message.split('\n').slice(0, 6).join(' | ') : String(err);
    throw new Error(
      `logout did not reach /login: at ${page.url()}, menu open ${menuOpen}, token kept ${token}, ` +
        `dialogs ${JSON.stringify(dialogs)}; ${target}; failed step: ${why}; console:\n` +
        consoleLines
          .filter((l) => !l.includes('ERR_NAME_NOT_RESOLVED'))
          .slice(-30)
          .join('\n'),
      { cause: err },
    );
  } finally {
    page.off('console', onConsole);
  }
}

/** A raw API call to the server under test. */
export async function apiRequest(
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(new URL(urlPath, BASE_URL), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

export function apiLogin(username: string, password = DEMO_PASSWORD): Promise<Response> {
  return apiRequest('POST', '/auth/web/login', { body: { username, password } });
}

/** Logs in through the API and answers the bearer token (fails the test on anything but 200). */
export async function apiToken(username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await apiLogin(username, password);
  if (res.status !== 200) throw new Error(`API login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Waits until the page has laid out what it has: its web fonts loaded and two animation frames drawn (a
 * resize or a scroll re-renders the media-query-driven parts in the frame after it).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

/**
 * Development screenshots: with E2E_SHOTS_DIR set, saves the whole page at 360 × 740, 800 × 1280 and
 * 1366 × 768 (`<name>-phone.png`, `-tablet.png`, `-desktop.png`) and restores the page's size. A no-op otherwise.
 */
export async function snap(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['phone', { width: 360, height: 740 }],
    ['tablet', { width: 800, height: 1280 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const) {
    await page.setViewportSize(size);
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${safeName(name)}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
  await settled(page);
}

/** A real JPEG drawn by the browser itself (works offline): a green picture with `label` on it. */
export async function jpegFromPage(page: Page, label: string, size = { width: 1600, height: 1200 }): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ label, width, height }) => {
      const c = document.createElement('canvas');
      c.width = width;
      c.height = height;
      const g = c.getContext('2d')!;
      g.fillStyle = '#2f855a';
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#fff';
      g.font = `${Math.round(height / 10)}px sans-serif`;
      g.fillText(label, width / 3, height / 2);
      return c.toDataURL('image/jpeg', 0.95);
    },
    { label, ...size },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
