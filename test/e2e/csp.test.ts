/**
 * Issue 10 item 10: the server's Content-Security-Policy (server/lib/csp.ts) lets every screen work.
 * Chromium visits every screen route of src/routeTree.gen.ts as the admin, the SPG's own screens (with a
 * photo taken, which starts the compressor's worker and shows a blob: preview) and /api/docs, and
 * collects every CSP violation: `securitypolicyviolation` events of each document and the console
 * errors Chromium logs for blocked content. None may occur (on /api/docs, only the blocked eval probe of
 * the validator Scalar bundles). The collector is first shown to catch an inline script.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { dateIn } from '../../src/domain/time-zone';
import {
  apiRequest,
  BASE_URL,
  apiToken,
  expectVisible,
  jpegFromPage,
  loginAs,
  PHONE,
  setupBrowser,
  waitForText,
  settled,
} from './browser';
import { fieldUser, freshEmployee } from './field-accounts';

const harness = setupBrowser();

interface Violation {
  page: string;
  what: string;
}

/** The screen paths of the route tree (its `to` union), `$id` and the splat still in them. */
function screenPaths(): string[] {
  const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
  const union = /\n\s+to:\s*\n?((?:\s*\|\s*'[^']*'\s*)+)/.exec(tree)?.[1];
  if (!union) throw new Error('src/routeTree.gen.ts: no `to` union found');
  return [...union.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

const CSP_TEXT = /Content[ -]Security[ -]Policy/i;

/** Collects the violations of every page and worker of the context. */
async function watchViolations(context: BrowserContext): Promise<Violation[]> {
  const found: Violation[] = [];
  await context.exposeBinding('__cspViolation', ({ page }, what: string) => {
    found.push({ page: page?.url() ?? '?', what });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (what: string) => void }).__cspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const onConsole = (where: () => string) => (m: ConsoleMessage) => {
    if (CSP_TEXT.test(m.text())) found.push({ page: where(), what: m.text() });
  };
  const watchPage = (page: Page) => {
    page.on(
      'console',
      onConsole(() => page.url()),
    );
    page.on('worker', (w) =>
      w.on(
        'console',
        onConsole(() => `worker ${w.url()}`),
      ),
    );
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  context.on('serviceworker', (w) =>
    w.on(
      'console',
      onConsole(() => `service worker ${w.url()}`),
    ),
  );
  return found;
}

/** Opens a path as a fresh document load and lets its data and lazy chunks arrive. */
async function visit(page: Page, path: string): Promise<void> {
  const res = await page.goto(path, { waitUntil: 'load' });
  expect(res, path).not.toBeNull();
  // Served by the server or by the service worker's precached shell: the policy travels with it.
  expect(res!.headers()['content-security-policy'] ?? '', path).toContain("script-src 'self'");
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expectVisible(page.locator('main, [role="main"], form, table').first()).catch(() => undefined);
  await settled(page);
}

let ids: {
  nrp: string;
  role: string;
  userid: string;
  store: string;
  routeList: string;
  plan: string;
  news: number;
};

beforeAll(async () => {
  const admin = await apiToken('admin');
  const spg = await apiToken('spg');
  const get = async <T>(path: string, token: string) => {
    const res = await apiRequest('GET', path, { token });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const me = await get<{ result: { nrp: string } }>('/auth/login/detail', spg);
  const roles = await get<{ result: { id: string }[] }>('/api/roles?page=1', admin);
  const users = await get<{ result: { userid: string }[] }>('/api/users?page=1', admin);
  const stores = await get<{ result: { cust_code: string }[] }>('/api/store?page=1', admin);
  const routeLists = await get<{ result: { id: string }[] }>('/api/route-list?page=1', admin);
  const plans = await get<{ result: { no_dcp: string }[] }>('/api/kunjungan?page=1', admin);
  // A news item addressed to the SPG's company, so /news/$id/edit and /info/$id open a real item.
  const employee = await get<{ result: { kode_prsh: string } }>(`/api/karyawan/${me.result.nrp}`, admin);
  const today = dateIn('Asia/Jakarta', new Date());
  const form = new FormData();
  for (const [k, v] of Object.entries({
    judul: 'Kebijakan keamanan konten',
    isi: 'Berita untuk memeriksa setiap layar.',
    validfrom: today,
    validto: today,
    kode_prsh: employee.result.kode_prsh,
    // Hers alone: the new SPGs of journeys beside this one count their own bell.
    nrp: me.result.nrp,
  }))
    form.append(k, v);
  const created = await fetch(new URL('/api/news', BASE_URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`/api/news: ${created.status} ${await created.text()}`);
  const news = ((await created.json()) as { result: { news_id: number } }).result.news_id;
  ids = {
    news,
    nrp: me.result.nrp,
    role: roles.result[0]!.id,
    userid: users.result[0]!.userid,
    store: stores.result[0]!.cust_code,
    routeList: routeLists.result[0]!.id,
    plan: plans.result[0]!.no_dcp,
  };
});

describe('Content-Security-Policy in Chromium', () => {
  test('the collector sees a violation when an inline script is injected', async () => {
    const page = await harness.newPage();
    const found = await watchViolations(page.context());
    await visit(page, '/login');
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => found.length).toBeGreaterThan(0);
    expect(found[0]!.what).toMatch(/script-src/);
  });

  test('no screen of the admin raises a violation', async () => {
    const page = await harness.newPage();
    const found = await watchViolations(page.context());
    await loginAs(page, 'admin');
    const paths = screenPaths().map((p) =>
      p
        .replace('/karyawan/$id/', `/karyawan/${ids.nrp}/`)
        .replace('/roles/$id/', `/roles/${ids.role}/`)
        .replace('/users/$id/', `/users/${ids.userid}/`)
        .replace('/store/$id/', `/store/${ids.store}/`)
        .replace('/route-list/$id/', `/route-list/${ids.routeList}/`)
        .replace('/kunjungan/$no_dcp/', `/kunjungan/${encodeURIComponent(ids.plan)}/`)
        .replace('/news/$id/', `/news/${ids.news}/`)
        .replace('/info/$id', `/info/${ids.news}`)
        .replace(/^\/\$$/, '/halaman-yang-tidak-ada'),
    );
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => p.includes('$'))).toEqual([]);
    for (const path of paths) await visit(page, path);
    // The login screen, as a signed-out visitor sees it.
    await page.evaluate(() => localStorage.clear());
    await visit(page, '/login');
    expect(found).toEqual([]);
  }, 300_000);

  test("the SPG's screens raise none, a photo taken included", async () => {
    const page = await harness.newPage({ viewport: PHONE, geolocation: { latitude: -6.2, longitude: 106.8 } });
    const context = page.context();
    const found = await watchViolations(context);
    // The compressor's worker imports the library (importScripts): a violation there is not reported to
    // the page, so the test sees the import itself happen after the worker started.
    let workerStarted = false;
    let libraryInWorker = false;
    page.on('worker', (w) => {
      if (w.url().startsWith('blob:')) workerStarted = true;
    });
    context.on('requestfinished', (r) => {
      if (!workerStarted || r.serviceWorker() || !/\/assets\/browser-image-compression-[^/]+\.js$/.test(r.url()))
        return;
      void r.response().then((res) => (libraryInWorker ||= res?.ok() === true));
    });
    // An SPG of the journey's own, with a day of her own (nothing checked in yet): the demo spg's day is
    // checked in and out by journeys running beside this one.
    const admin = await apiToken('admin');
    const { nrp } = await freshEmployee(admin, dateIn('Asia/Jakarta', new Date()));
    await loginAs(page, (await fieldUser(admin, nrp, 'csp', 'SPG CSP')).username);
    await visit(page, '/profile');
    await visit(page, '/absensi/new/spg');
    await waitForText(page, /Anda (Belum|Telah) Melakukan/);
    const start = page.getByRole('button', { name: /^Check (In|Out)$/ });
    expect(await start.count()).toBeGreaterThan(0);
    // The photo is compressed in a worker started from a blob: URL and previewed from another; the
    // dialog is then closed without saving.
    await start.first().click();
    const dialog = page.getByRole('dialog');
    const photo = await jpegFromPage(page, 'CSP');
    await dialog.getByTestId('photo-input').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expectVisible(dialog.getByRole('img', { name: 'Foto' }));
    await expect.poll(() => libraryInWorker).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(found).toEqual([]);
  });

  test('/api/docs keeps its own policy and raises none but the blocked eval probe of its validator', async () => {
    const page = await harness.newPage();
    const found = await watchViolations(page.context());
    const res = await page.goto('/api/docs', { waitUntil: 'load' });
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(policy).not.toContain('unsafe-eval');
    await waitForText(page, 'Hadir API', 30_000);
    await waitForText(page, '/auth/web/login', 30_000);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // Scalar bundles zod 4, which probes once whether it may compile validators (`new Function("")` in a
    // try/catch) and validates without compiling when it may not: the policy blocking eval is the point.
    const probe = /^script-src blocked eval \(\S+\/api\/docs\/scalar\.js:\d+\)$/;
    expect(found.filter((v) => !probe.test(v.what))).toEqual([]);
  });
});
