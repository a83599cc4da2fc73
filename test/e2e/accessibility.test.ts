/**
 * Issue 30 item 5: axe-core (WCAG 2.1 A and AA) finds no serious or critical violation on any screen, in
 * the states users meet them. The admin (1366 × 800) opens every screen of the screen table
 * (src/app/screens.ts, `$param` routes with real ids), a few lists with a search that finds nothing, a few
 * forms after an empty submit (errors shown) and a few dialogs; the signed-out visitor opens /login (empty
 * and after an empty submit); the SPG (360 × 740) opens her field screens, her leave request after an empty
 * submit and the phone's menu drawer. The flagged states (issue 41 item 7), each at its user's viewport: an
 * SPG of the journey's own on a 360 × 740 phone with her visit outside the radius (the distance badge, its
 * contrast measured by axe), her day under review and then rejected with a message for her; the reviewer
 * (1366 × 768 and an 800 × 1280 tablet) with the review dialog open and the Tolak dialog after an empty submit.
 *
 * The app's CSP blocks `page.addScriptTag`, so axe is evaluated into the page (DevTools' evaluation is not
 * subject to the page's policy). A screen that still fails belongs in KNOWN_FAILURES with the reason: the
 * test fails when it passes again, so the list only shrinks.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { SCREENS } from '../../src/app/screens';
import type { TinjauItem } from '../../src/domain/absensi/tinjau';
import { dateIn, timeIn } from '../../src/domain/time-zone';
import {
  apiLogin,
  apiRequest,
  apiToken,
  BASE_URL,
  DESKTOP,
  expectVisible,
  loginAs,
  setupBrowser,
  WAIT,
  waitForPath,
  waitForText,
} from './browser';
import { dayAction, fieldUser, freshEmployee, json, visitCheckIn } from './field-accounts';

/** A date as the screens write it: dd/mm/yyyy. */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const harness = setupBrowser();

const PHONE_SMALL = { width: 360, height: 740 } as const;
/** The reviewer's screens: an office desktop and a tablet held upright. */
const REVIEWER_DESKTOP = { width: 1366, height: 768 } as const;
const REVIEWER_TABLET = { width: 800, height: 1280 } as const;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Audits that still fail, by the label the test gives them (`<path> <state>`), with why. The test fails
 * when one of them passes (take it out) or when any other audit fails.
 */
const KNOWN_FAILURES: Readonly<Record<string, string>> = {};

interface Finding {
  audit: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const findings: Finding[] = [];
const audited: string[] = [];

/** Runs axe on the page as it is now and keeps its serious and critical violations under `audit`. */
async function audit(page: Page, label: string): Promise<void> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  audited.push(label);
  // Beyond axe's WCAG rules (its best-practice ones are not run): one h1 and one main landmark per screen.
  const structure = await page.evaluate(() => ({
    h1: document.querySelectorAll('h1, [role="heading"][aria-level="1"]').length,
    main: document.querySelectorAll('main, [role="main"]').length,
  }));
  if (structure.h1 !== 1 || structure.main !== 1)
    findings.push({
      audit: label,
      rule: 'one-h1-one-main',
      impact: 'serious',
      help: 'A screen has one h1 and one main landmark',
      targets: [`${structure.h1} h1, ${structure.main} main`],
    });
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    findings.push({
      audit: label,
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''}`,
        ),
    });
  }
}

/**
 * axe's color-contrast rule on the one element `selector` names and what it holds: each text it checked,
 * whether it passed (not merely "incomplete", which axe answers when it cannot tell the background) and the
 * ratio it measured.
 */
async function contrastOf(page: Page, selector: string): Promise<{ outcome: string; ratio: number | null }[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (sel) => {
    const el = document.querySelectorAll(sel);
    if (el.length !== 1) return [{ outcome: `${el.length} elements`, ratio: null }];
    const r = await (
      window as unknown as { axe: { run: (ctx: Element, opts: object) => Promise<AxeResults> } }
    ).axe.run(el[0]!, { runOnly: { type: 'rule', values: ['color-contrast'] } });
    return (['passes', 'violations', 'incomplete'] as const).flatMap((outcome) =>
      r[outcome]
        .flatMap((rule) => rule.nodes)
        .map((node) => {
          const data = [...node.any, ...node.all, ...node.none][0]?.data as { contrastRatio?: number } | undefined;
          return { outcome, ratio: data?.contrastRatio ?? null };
        }),
    );
  }, selector);
}

/** Waits until the screen has painted its content: the main landmark, no spinner or skeleton, a quiet network. */
async function settle(page: Page): Promise<void> {
  await expectVisible(page.locator('main'));
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('.chakra-spinner, .chakra-skeleton, [data-scope="skeleton"], [aria-busy="true"]'),
      undefined,
      { timeout: WAIT },
    )
    .catch(() => undefined);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForPath(page, new URL(path, BASE_URL).pathname);
  await settle(page);
}

/** Opens `path` and audits it as loaded. */
async function visit(page: Page, path: string, state = 'loaded'): Promise<void> {
  await open(page, path);
  await audit(page, `${path} ${state}`);
}

/** Presses the form's submit button with nothing filled in and audits the errors it shows. */
async function submitEmpty(page: Page, path: string, submit: (page: Page) => Locator): Promise<void> {
  await open(page, path);
  await submit(page).click();
  await expectVisible(page.locator('[aria-invalid="true"]'));
  await audit(page, `${path} failed submit`);
}

/** Opens a dialog with `trigger` and audits the page with it open. */
async function withDialog(page: Page, path: string, name: string, trigger: (page: Page) => Locator): Promise<void> {
  await open(page, path);
  await trigger(page).click();
  await expectVisible(page.getByRole('dialog').or(page.getByRole('alertdialog')));
  await settle(page);
  await animationsDone(page);
  await audit(page, `${path} dialog ${name}`);
}

/** Chakra's dialogs fade in: waits for the finished colours (every finite animation done). */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    {
      timeout: 5_000,
    },
  );
}

let ids: {
  nrp: string;
  role: string;
  userid: string;
  store: string;
  routeList: string;
  plan: string;
  news: number;
  period: string;
  client: string;
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
  const plans = await get<{ result: { no_dcp: string; period_id: string }[] }>('/api/kunjungan?page=1', admin);
  // A news item for the SPG's company, so /news/$id/edit and /info/$id open a real item and /info lists one.
  const employee = await get<{ result: { kode_prsh: string; client_id: string } }>(
    `/api/karyawan/${me.result.nrp}`,
    admin,
  );
  const today = dateIn('Asia/Jakarta', new Date());
  const form = new FormData();
  for (const [k, v] of Object.entries({
    judul: 'Pengumuman aksesibilitas',
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
  ids = {
    news: ((await created.json()) as { result: { news_id: number } }).result.news_id,
    nrp: me.result.nrp,
    role: roles.result[0]!.id,
    userid: users.result[0]!.userid,
    store: stores.result[0]!.cust_code,
    routeList: routeLists.result[0]!.id,
    plan: plans.result[0]!.no_dcp,
    period: plans.result[0]!.period_id,
    client: employee.result.client_id,
  };
});

/** A screen path of the table with its parameters replaced by real ids. */
function withIds(path: string): string {
  const byParam: Record<string, string> = {
    '/karyawan/$id/': `/karyawan/${ids.nrp}/`,
    '/roles/$id/': `/roles/${ids.role}/`,
    '/users/$id/': `/users/${encodeURIComponent(ids.userid)}/`,
    '/store/$id/': `/store/${encodeURIComponent(ids.store)}/`,
    '/route-list/$id/': `/route-list/${ids.routeList}/`,
    '/kunjungan/$no_dcp/': `/kunjungan/${encodeURIComponent(ids.plan)}/`,
    '/news/$id/': `/news/${ids.news}/`,
  };
  let out = path;
  for (const [param, value] of Object.entries(byParam)) out = out.replace(param, value);
  return out.replace(/^\/info\/\$id$/, `/info/${ids.news}`);
}

/** The SPG's own screens (no permission needed): what a phone opens. */
const FIELD_SCREENS = Object.entries(SCREENS)
  .filter(([, s]) => s.permissions.length === 0)
  .map(([p]) => p);

function report(labels: ReadonlySet<string>): string {
  return findings
    .filter((f) => labels.has(f.audit))
    .map((f) => `  ${f.audit}: ${f.rule} (${f.impact}) ${f.help}\n${f.targets.map((t) => `      ${t}`).join('\n')}`)
    .join('\n');
}

/** Fails with every finding of these audits written out, unless the audit is a known failure. */
function expectNoFindings(labels: readonly string[]): void {
  const mine = new Set(labels);
  const failing = new Set(findings.filter((f) => mine.has(f.audit)).map((f) => f.audit));
  const unexpected = findings.filter((f) => mine.has(f.audit) && !(f.audit in KNOWN_FAILURES));
  const fixed = labels.filter((l) => l in KNOWN_FAILURES && !failing.has(l));
  if (unexpected.length > 0 || fixed.length > 0)
    console.error(
      `axe: serious/critical violations\n${report(mine)}\nknown failures that now pass: ${fixed.join(', ') || 'none'}`,
    );
  expect(unexpected.map((f) => `${f.audit}: ${f.rule}`)).toEqual([]);
  expect(fixed, 'known failures that pass now: take them out of KNOWN_FAILURES').toEqual([]);
}

describe('accessibility (axe, WCAG 2.1 A/AA: no serious or critical violation)', () => {
  test('the login, signed out: empty and after an empty submit', async () => {
    const page = await harness.newPage({ viewport: PHONE_SMALL });
    const before = audited.length;
    await page.goto('/login');
    await expectVisible(page.getByRole('button', { name: 'Login', exact: true }));
    await audit(page, '/login loaded');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectVisible(page.locator('[aria-invalid="true"]'));
    await audit(page, '/login failed submit');
    expectNoFindings(audited.slice(before));
  });

  test('every screen of the table as the admin, lists empty, forms after an empty submit, dialogs', async () => {
    const page = await harness.newPage({ viewport: DESKTOP });
    await loginAs(page, 'admin');
    const before = audited.length;
    const paths = Object.keys(SCREENS).map(withIds);
    expect(paths.filter((p) => p.includes('$'))).toEqual([]);
    for (const path of paths) await visit(page, path);

    // Empty lists: a search that finds nothing.
    for (const path of ['/karyawan', '/store', '/users', '/lokasi', '/news'])
      await visit(page, `${path}?q=tidak-ada-yang-cocok`, 'empty');

    // Reports with their filter filled in: the tables and their notes.
    for (const path of [
      `/report/absensi/detail?period=${ids.period}`,
      `/report/absensi/rekap?period=${ids.period}`,
      `/report/absensi/rekap-harian?period=${ids.period}`,
      `/report/bukti-kunjungan?period=${ids.period}&client_id=${ids.client}`,
    ])
      await visit(page, path, 'filtered');

    // Forms after an empty submit.
    const submitButton = (p: Page) => p.locator('main').locator('button[type="submit"]').first();
    await submitEmpty(page, '/lokasi/new', submitButton);
    await submitEmpty(page, '/store/new', submitButton);
    await submitEmpty(page, '/karyawan/create/new', submitButton);

    // Dialogs.
    await withDialog(page, '/lokasi', 'ubah', (p) => p.getByRole('button', { name: /^Ubah / }).first());
    await withDialog(page, '/lokasi', 'hapus', (p) => p.getByRole('button', { name: /^Hapus / }).first());
    const today = dateIn('Asia/Jakarta', new Date());
    const fortnightAgo = dateIn('Asia/Jakarta', new Date(Date.now() - 14 * 86_400_000));
    await withDialog(page, `/absensi?startDate=${fortnightAgo}&endDate=${today}`, 'detail', (p) =>
      p.getByRole('button', { name: /^Detail / }).first(),
    );

    expectNoFindings(audited.slice(before));
  }, 600_000);

  test("the SPG's field screens on a 360 px phone, her leave request after an empty submit, the menu drawer", async () => {
    // An SPG of the journey's own: her day is always the same (a visit today, nothing recorded), whatever
    // the journeys beside this one do to the demo spg's.
    const admin = await apiToken('admin');
    const { nrp } = await freshEmployee(admin, dateIn('Asia/Jakarta', new Date()));
    const page = await harness.newPage({ viewport: PHONE_SMALL });
    await loginAs(page, (await fieldUser(admin, nrp, 'axe', 'SPG Aksesibilitas')).username);
    const before = audited.length;
    for (const path of [...FIELD_SCREENS.map(withIds), '/request/leave', '/leave']) await visit(page, path);
    await submitEmpty(page, '/request/leave', (p) => p.locator('main').locator('button[type="submit"]').first());
    await withDialog(page, '/profile', 'menu', (p) => p.getByRole('button', { name: 'Buka menu' }));
    expectNoFindings(audited.slice(before));
  }, 300_000);

  test('the flagged states: her visit outside the radius, her day under review and rejected on a 360 px phone; the review dialog and Tolak after an empty submit on a desktop and a tablet', async () => {
    // An SPG of the journey's own (a store and a visit today); her records are flagged through her API.
    const admin = await apiToken('admin');
    const today = dateIn('Asia/Jakarta', new Date());
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'axeflag', 'SPG Ditinjau');
    const spg = await json<{ token: string }>(await apiLogin(username));
    // 0.045° of latitude south of her store: 5.0 km, outside any store's radius.
    const farAway = { latitude: line.customer.cust_lat! - 0.045, longitude: line.customer.cust_long!, accuracy: 10 };
    const before = audited.length;

    // 1. Her visit seen from far away: the distance badge says she is outside the radius.
    const phone = await harness.newPage({ viewport: PHONE_SMALL, geolocation: farAway });
    await loginAs(phone, username);
    await waitForPath(phone, '/profile');
    await open(phone, '/kunjungan/hari-ini');
    const badge = phone.getByTestId('distance');
    await expect.poll(() => badge.getAttribute('data-outside-radius'), { timeout: WAIT }).toBe('true');
    await audit(phone, '/kunjungan/hari-ini outside radius');
    // The badge's own text, measured by axe: a pass of at least 4.5:1 (WCAG AA), never "cannot tell".
    const contrast = await contrastOf(phone, '[data-testid="distance"][data-outside-radius="true"]');
    expect(contrast.filter((c) => c.outcome !== 'passes')).toEqual([]);
    expect(contrast.length).toBeGreaterThan(0);
    for (const c of contrast) expect(c.ratio).toBeGreaterThanOrEqual(4.5);

    // 2. Her day checked in without a position (GPS off): flagged, her phone says only "Sedang ditinjau".
    const day = await json<{ result: { id: number } }>(
      await dayAction(spg.token, today, {
        jam_masuk: timeIn('Asia/Jakarta', new Date()),
        lat: '',
        long: '',
        accuracy: '',
        location_error: 'GPS mati',
      }),
    );
    // A fresh sign-in: the first phone's cached day would show no review for a while.
    const flagged = await harness.newPage({ viewport: PHONE_SMALL, geolocation: farAway });
    await loginAs(flagged, username);
    await waitForPath(flagged, '/profile');
    await open(flagged, '/absensi/new/spg');
    await waitForText(flagged.getByTestId('review-line'), 'Sedang ditinjau');
    await audit(flagged, '/absensi/new/spg day under review');

    // Her visit checked in 1 km from its store: a flagged visit with a photo and a map for the reviewer.
    const visited = await visitCheckIn(spg.token, line.id, {
      lat: line.customer.cust_lat! + 0.01,
      long: line.customer.cust_long!,
    });
    expect(visited.status, await visited.clone().text()).toBe(200);
    const nama = (
      await json<{ result: TinjauItem }>(
        await apiRequest('GET', `/api/absensi/tinjau/hari-${day.result.id}`, { token: admin }),
      )
    ).result.nama;

    // 3 and 4. The reviewer: the review dialog of each item, and Tolak pressed with no reason.
    for (const [device, viewport] of [
      ['desktop', REVIEWER_DESKTOP],
      ['tablet', REVIEWER_TABLET],
    ] as const) {
      const page = await harness.newPage({ viewport });
      await loginAs(page, 'hr');
      for (const jenis of ['kunjungan', 'hari'] as const) {
        const path = `/absensi/tinjau?jenis=${jenis}&per_page=200`;
        await open(page, path);
        await page.getByRole('button', { name: `Tinjau ${nama} ${today}`, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await waitForText(dialog, `Tinjau: ${nama}, ${dmy(today)}`);
        await expectVisible(dialog.getByRole('button', { name: 'Tolak', exact: true }));
        await settle(page);
        await animationsDone(page);
        await audit(page, `/absensi/tinjau ${device} dialog ${jenis}`);
        if (jenis !== 'hari') continue;
        await dialog.getByRole('button', { name: 'Tolak', exact: true }).click();
        const tolak = page.getByRole('alertdialog', { name: 'Tolak check in' });
        await waitForText(tolak, 'Hari ini tetap dihitung hadir sampai diubah di Absensi Manual');
        await tolak.getByRole('button', { name: 'Tolak', exact: true }).click();
        await waitForText(tolak, 'Alasan wajib diisi');
        await expectVisible(tolak.locator('[aria-invalid="true"]'));
        await animationsDone(page);
        await audit(page, `/absensi/tinjau ${device} tolak failed submit`);
      }
    }

    // 2 (continued). The day rejected with a message for her: "Tidak diterima" and that message.
    const pesan = 'Nyalakan GPS sebelum check in.';
    const decided = await apiRequest('POST', `/api/absensi/tinjau/hari-${day.result.id}`, {
      token: admin,
      body: { keputusan: 'tolak', alasan: 'Tidak ada lokasi', pesan_karyawan: pesan },
    });
    expect(decided.status, await decided.clone().text()).toBe(200);
    const later = await harness.newPage({ viewport: PHONE_SMALL, geolocation: farAway });
    await loginAs(later, username);
    await waitForPath(later, '/profile');
    await open(later, '/absensi/new/spg');
    const rejected = later.getByTestId('review-line').filter({ hasText: 'Tidak diterima' });
    await waitForText(rejected, `Pesan peninjau: ${pesan}`);
    await audit(later, '/absensi/new/spg day rejected');

    expectNoFindings(audited.slice(before));
  }, 300_000);
});
