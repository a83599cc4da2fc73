/**
 * How the app's code and styles reach a phone (decision 011), in the production build the server sends.
 * Chakra's reset, global CSS and token variables come from one stylesheet compiled at build
 * (scripts/chakra-globals.ts), not from Emotion at start-up: each token variable is defined exactly once,
 * in that stylesheet, after a login and after a signed-in start. Signed in, the boot script fetches the
 * app, theme and phone chunks and the stylesheet beside the entry, each once. The day screen's first paint
 * is what the phone knows (the persisted cache is back before React renders), and nothing on it moves
 * when the day's answer arrives.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { dateIn } from '../../src/domain/time-zone';
import { apiToken, expectVisible, jpegFromPage, loginAs, setupBrowser, WAIT } from './browser';
import { capture, dayAction, fieldUser, freshEmployee, noisePhoto, type Line } from './field-accounts';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 } as const;
const TOKEN = '--chakra-colors-green-700';
const today = dateIn('Asia/Jakarta', new Date());
const NOT_CHECKED_IN = 'Anda Belum Melakukan Check In Hari Ini';

/** An SPG of her own with a plan today and nothing recorded (the demo `spg`'s day depends on other journeys). */
async function freshSpg(prefix: string): Promise<{ username: string; line: Line }> {
  const admin = await apiToken('admin');
  const { nrp, line } = await freshEmployee(admin, today);
  return { username: (await fieldUser(admin, nrp, prefix, 'SPG Muat Pertama')).username, line };
}

interface Styles {
  /** The stylesheets (their address, or "inline" for Emotion's) that define the token variable. */
  definedIn: string[];
  /** Its value on the document, as the screens see it. */
  value: string;
  /** The button's background, which Chakra's recipe draws from the token variables. */
  buttonBackground: string;
}

function styles(page: Page): Promise<Styles> {
  return page.evaluate((token) => {
    const defines = (rules: CSSRuleList): boolean =>
      [...rules].some((rule) =>
        rule instanceof CSSStyleRule
          ? rule.style.getPropertyValue(token) !== ''
          : 'cssRules' in rule && defines((rule as CSSGroupingRule).cssRules),
      );
    const definedIn = [...document.styleSheets]
      .filter((sheet) => defines(sheet.cssRules))
      .map((sheet) => (sheet.href ? new URL(sheet.href).pathname : 'inline'));
    const button = document.querySelector('main button');
    return {
      definedIn,
      value: getComputedStyle(document.documentElement).getPropertyValue(token).trim(),
      buttonBackground: button ? getComputedStyle(button).backgroundColor : '',
    };
  }, TOKEN);
}

describe('first load', () => {
  test("Chakra's token variables come from the build's stylesheet once, after a login and a signed-in start", async () => {
    const page = await harness.newPage({ viewport: PHONE_360, serviceWorkers: 'block' });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));

    await loginAs(page, (await freshSpg('muat')).username);
    const afterLogin = await styles(page);
    expect(afterLogin.definedIn).toHaveLength(1);
    expect(afterLogin.definedIn[0]).toMatch(/^\/assets\/theme-[\w-]+\.css$/);
    expect(afterLogin.value).toBe('#116932');

    // Nothing the screen does not draw loads with it: the account menu's code waits for its first tap
    // (issue 42). Let this document finish its requests, or late ones would count with the next document's.
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => /^\/assets\/account-menu-[\w-]+\.js$/.test(p))).toEqual([]);

    // A signed-in start: the boot script asks for the chunks and the stylesheet at once, before the entry runs.
    requested.length = 0;
    await page.goto('/absensi/new/spg');
    await expectVisible(page.getByRole('button', { name: 'Check In', exact: true }));
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload], link[rel=preload][as=style]')].map(
        (l) => new URL(l.href).pathname,
      ),
    );
    expect(preloaded.filter((p) => /^\/assets\/(app|theme|phone)-[\w-]+\.js$/.test(p))).toHaveLength(3);
    expect(preloaded).toContain(afterLogin.definedIn[0]);

    const signedIn = await styles(page);
    expect(signedIn.definedIn).toEqual(afterLogin.definedIn);
    expect(signedIn.value).toBe('#116932');
    // green.solid is green.700 in Hadir's theme: the recipe's colour reached the button.
    expect(signedIn.buttonBackground).toBe('rgb(17, 105, 50)');
    const fetchedTwice = requested.filter((p, i) => p.startsWith('/assets/') && requested.indexOf(p) !== i);
    expect(fetchedTwice).toEqual([]);
    expect(requested.filter((p) => p === afterLogin.definedIn[0])).toHaveLength(1);
  });

  test("a start minutes after the phone's copy was completed uses it; a login fetches it again", async () => {
    const page = await harness.newPage({ viewport: PHONE_360, serviceWorkers: 'block' });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const { username } = await freshSpg('salin');
    const ownRequests = () => requested.filter((p) => p === '/api/request/karyawan/me');
    const mark = () => page.evaluate(() => localStorage.getItem('hadir.field-data'));

    // The login fetches the whole copy (her requests among it) and marks it complete.
    await loginAs(page, username);
    await expect.poll(mark, { timeout: WAIT }).toContain('"at"');
    expect(ownRequests().length).toBeGreaterThan(0);

    // Reopened a moment later: her day is read again, the rest of the copy is not.
    requested.length = 0;
    await page.goto('/absensi/new/spg');
    await expectVisible(page.getByRole('button', { name: 'Check In', exact: true }));
    await page.waitForTimeout(4000); // past the loader's start delay (1.5 s) and its reads
    expect(requested).toContain('/api/absensi/new/spg');
    expect(ownRequests()).toEqual([]);

    // An old mark (or another account's) is no copy to trust: the start fetches it again.
    await page.evaluate(() => {
      const m = JSON.parse(localStorage.getItem('hadir.field-data')!) as { userid: string; at: number };
      localStorage.setItem('hadir.field-data', JSON.stringify({ ...m, at: m.at - 11 * 60_000 }));
    });
    requested.length = 0;
    await page.goto('/absensi/new/spg');
    await expect.poll(ownRequests, { timeout: WAIT }).toHaveLength(1);
  });

  test('the day screen paints what the phone knows at once, and nothing moves when the day loads', async () => {
    const page = await harness.newPage({ viewport: PHONE_360, serviceWorkers: 'block' });
    const spg = await freshSpg('geser');
    await loginAs(page, spg.username);
    await page.goto('/absensi/new/spg');
    await expectVisible(page.getByTestId('day-status'));
    // The copy is written once the page is idle, within a second of the answer.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('hadir.query-cache') ?? ''), { timeout: WAIT })
      .toContain('absensi');
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__seen', { value: seen });
      new MutationObserver(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-testid^="day-status"]'))
          if (!seen.includes(el.dataset.testid ?? '')) seen.push(el.dataset.testid ?? '');
      }).observe(document, { childList: true, subtree: true });
      const shifts: number[] = [];
      Object.defineProperty(window, '__shifts', { value: shifts });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) shifts.push((e as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const seen = () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    const shifted = () =>
      page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));

    // The cache is on the phone: the first status painted is the server's, never "loading" or "not here".
    await page.reload();
    await expectVisible(page.getByTestId('day-status'));
    expect(await seen()).toEqual(['day-status']);

    // Nothing on the phone yet, and a slow answer: the card keeps its shape while it loads.
    // The page writes its copy again on pagehide (the reload's own), so it is wiped on the next page's
    // start, before the app reads it.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('wipe-cache') !== '1') return;
      sessionStorage.removeItem('wipe-cache');
      localStorage.removeItem('hadir.query-cache');
    });
    const freshStart = async (expected: string) => {
      await page.evaluate(() => sessionStorage.setItem('wipe-cache', '1'));
      await page.reload();
      await expectVisible(page.getByText(expected));
      expect(await seen()).toEqual(['day-status-unknown', 'day-status']);
      await expectVisible(page.getByText('Kunjungan Hari Ini'));
      expect(await shifted()).toBeLessThan(0.01);
    };
    await page.route('**/api/absensi/new/spg**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await freshStart(NOT_CHECKED_IN);

    // The same for a day already complete (checked in and out on another phone): no button, the same height.
    const token = await apiToken(spg.username);
    const at = { lat: String(spg.line.customer.cust_lat), long: String(spg.line.customer.cust_long), accuracy: '10' };
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    // With an accuracy, and photos of their own, like no other: a position without one, a photo the evidence
    // job cannot read, or one near a photo it has seen, opens a review, and the review's line under the card
    // is news the server brings, not the card changing shape.
    const masuk = { jam_masuk: '07:00:00', captured_at: ago(3), ...at };
    expect((await dayAction(token, today, masuk, await noisePhoto())).status).toBe(201);
    const pulang = { jam_keluar: '07:02:00', captured_at: ago(1), ...at };
    expect((await dayAction(token, today, pulang, await noisePhoto())).status).toBe(201);
    await freshStart('Anda Telah Melakukan Absensi');
    await expectVisible(page.getByTestId('day-worked'));
  });

  test('a check-in waiting on the phone is on the first paint of the next start', async () => {
    const spg = await freshSpg('antre');
    const { cust_lat, cust_long } = spg.line.customer;
    const geolocation = { latitude: cust_lat!, longitude: cust_long!, accuracy: 10 };
    const page = await harness.newPage({ viewport: PHONE_360, serviceWorkers: 'block', geolocation });
    await loginAs(page, spg.username);
    await page.goto('/absensi/new/spg');
    await expectVisible(page.getByText(NOT_CHECKED_IN));

    // The check-in cannot reach the server: it waits in the outbox.
    await page.route('**/api/absensi/new/spg', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await capture(page, await jpegFromPage(page, 'Hadir'));
    await expectVisible(page.getByTestId('pending-badge'));

    // Every status the next start paints, in order: never "not checked in", not even for a moment.
    await page.addInitScript(() => {
      const painted: string[] = [];
      Object.defineProperty(window, '__painted', { value: painted });
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="day-status"]')?.textContent ?? '';
        if (text && painted.at(-1) !== text) painted.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
    await expectVisible(page.getByTestId('pending-badge'));
    expect(await page.evaluate(() => (window as unknown as { __painted: string[] }).__painted)).toEqual([
      'Anda Belum Melakukan Check Out Hari Ini',
    ]);
  });
});
