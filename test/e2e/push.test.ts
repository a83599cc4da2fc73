/**
 * Web Push and the bell in Chromium (issue 29): the team leader turns Notifikasi on in /profile (the
 * permission is asked only then), the SPG files leave, a push delivered to the service worker through CDP
 * (ServiceWorker.deliverPushMessage) shows "Pengajuan baru" and refreshes the bell's unread count, and
 * the notification's click handler opens its screen in the open window; the bell's list opens the
 * item's screen, marks it read, and reads offline.
 *
 * Makes all its own data: a new SPG and her new team leader, each with an account of their own
 * (test/e2e/field-team.ts), so the bell is a new account's (its only request is this journey's) and
 * nothing of the demo `spg` or `tl` is read or changed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { NotifikasiListAnswer, PushSettingAnswer } from '../../src/domain/push/push';
import {
  apiRequest,
  apiToken,
  BASE_URL,
  expectVisible,
  loginAs,
  setupBrowser,
  snap,
  SYNC_WAIT,
  waitForPath,
} from './browser';
import { freshTeam } from './field-team';

const harness = setupBrowser();
const TABLET = { width: 800, height: 1280 };

/** Jakarta's date `offset` days from now. */
const jakartaDay = (offset: number) =>
  new Date(Date.now() + 7 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** The SPG files an Izin for a day some weeks ahead (within her contract, which starts today). */
async function spgFilesLeave(username: string): Promise<void> {
  const token = await apiToken(username);
  const f = new FormData();
  for (const [k, v] of Object.entries({
    tanggal: jakartaDay(0),
    jenis_leave: '3',
    start_date: jakartaDay(21),
    end_date: jakartaDay(21),
    keterangan: 'Urusan keluarga',
  }))
    f.append(k, v);
  const res = await fetch(new URL('/api/leave', BASE_URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: f,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe (WCAG 2.1 A/AA) on the page as it is now: its serious and critical violations. */
async function axeSerious(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The service worker's registration id, as CDP names it. */
async function swRegistration(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const reg = e.registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(new URL(BASE_URL).origin));
        if (reg) resolve(reg.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await found };
}

describe('Notifikasi', () => {
  test('turned on in /profile; a push shows "Pengajuan baru", refreshes the bell and its tap opens the screen', async () => {
    const admin = await apiToken('admin');
    const { spg, leader } = await freshTeam(admin, jakartaDay(0), 'push');
    const page = await harness.newPage({ viewport: TABLET });
    const origin = new URL(BASE_URL).origin;
    await page.context().grantPermissions(['notifications'], { origin });
    await loginAs(page, leader.username);
    // The service worker is in control before anything is asked of it.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    const keyAsked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/push/key')) keyAsked.push(r.url());
    });
    await page.goto('/profile');
    await expectVisible(page.getByTestId('notifikasi-entry'));
    // Nothing was asked on load: the card waits for her tap.
    await page.getByRole('button', { name: 'Atur Notifikasi' }).click();
    const card = page.getByTestId('notifikasi-card');
    await expectVisible(card);
    const deviceSwitch = card.getByRole('checkbox', { name: 'Notifikasi di perangkat ini' });
    await expectVisible(deviceSwitch);
    expect(keyAsked).toEqual([]);
    expect(await deviceSwitch.isChecked()).toBe(false);
    await deviceSwitch.click({ force: true });
    const tlToken = await apiToken(leader.username);
    const subscribed = async () => {
      const res = await apiRequest('GET', '/api/push/setting', { token: tlToken });
      return ((await res.json()) as PushSettingAnswer).result.subscriptions;
    };
    // Her tap asks the permission (granted here), reads the server's key and subscribes with it.
    const problem = card.getByTestId('notifikasi-problem');
    await expect
      .poll(async () => (await subscribed()) > 0 || (await problem.isVisible()), { timeout: SYNC_WAIT })
      .toBe(true);
    expect(keyAsked.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    if ((await subscribed()) > 0) {
      // A browser that reaches its push service: the endpoint is registered and the switch is on.
      await expect.poll(() => deviceSwitch.isChecked()).toBe(true);
    } else {
      // Headless Chromium without a route to FCM (this sandbox): subscribe() fails and she is told why.
      expect(await problem.textContent()).toContain('layanan push peramban tidak dapat dihubungi');
      expect(await deviceSwitch.isChecked()).toBe(false);
    }

    // One kind off and on again: the switches write her settings.
    const info = card.getByRole('checkbox', { name: 'Info perusahaan' });
    await info.click({ force: true });
    const infoState = async () => {
      const res = await apiRequest('GET', '/api/push/setting', { token: tlToken });
      return ((await res.json()) as PushSettingAnswer).result.settings.find((s) => s.jenis === 'info')?.aktif;
    };
    await expect.poll(infoState).toBe(false);
    await info.click({ force: true });
    await expect.poll(infoState).toBe(true);
    await snap(page, 'profile-notifikasi');
    expect(await axeSerious(page)).toEqual([]);

    // The SPG files leave from her phone; the server's job makes the team leader's bell item.
    const bell = async () =>
      (await (await apiRequest('GET', '/api/notifikasi', { token: tlToken })).json()) as NotifikasiListAnswer;
    const requests = async () => (await bell()).result.filter((n) => n.jenis === 'pengajuan');
    // A new leader: nothing has reached her bell (no journey publishes news to a whole company).
    expect(await requests()).toEqual([]);
    const before = (await bell()).unread;
    expect(before).toBe(0);
    await spgFilesLeave(spg.username);
    await expect.poll(async () => (await bell()).unread).toBe(before + 1);
    // The one item is her SPG's request.
    const items = await requests();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: 'Pengajuan baru', read: false, url: '/approval/leave' });
    expect(items[0]!.body).toContain(spg.nama);

    // The push service's message, delivered to the worker as Chromium's push service would.
    const { cdp, registrationId } = await swRegistration(page);
    const payload = {
      title: 'Pengajuan baru',
      body: 'Siti mengajukan Izin. Menunggu persetujuan Anda.',
      url: '/approval/leave',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        }));
      });
    await expect.poll(shown).toContainEqual(payload);
    // The worker told the open window: its bell refreshed to the new count.
    await expectVisible(page.getByRole('link', { name: `Notifikasi, ${before + 1} belum dibaca` }));

    // The notification's click, dispatched in the worker (headless Chromium has no notification to click):
    // the worker's own handler closes it and opens its url in the open window.
    const [worker] = page.context().serviceWorkers();
    expect(worker).toBeDefined();
    await worker!.evaluate(async () => {
      // The worker's global scope (this file is typed for Node, not for a worker).
      const sw = self as unknown as {
        registration: { getNotifications(): Promise<unknown[]> };
        dispatchEvent(e: Event): boolean;
      };
      const NotificationEventOf = (self as unknown as { NotificationEvent: new (type: string, init: object) => Event })
        .NotificationEvent;
      const [n] = await sw.registration.getNotifications();
      if (!n) throw new Error('no notification');
      sw.dispatchEvent(new NotificationEventOf('notificationclick', { notification: n }));
    });
    await waitForPath(page, '/approval/leave');
    await expect.poll(async () => (await shown()).length).toBe(0);

    // The bell's list: the item, unread; a tap opens its screen and marks it read.
    await page.getByTestId('notifikasi-bell').click();
    await waitForPath(page, '/notifikasi');
    const item = page
      .getByTestId('notifikasi-list')
      .locator('[data-unread="true"]')
      .filter({ hasText: 'Pengajuan baru' })
      .first();
    await expectVisible(item);
    await snap(page, 'notifikasi-list');
    expect(await axeSerious(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await axeSerious(page)).toEqual([]);
    await page.setViewportSize(TABLET);
    await item.click();
    await waitForPath(page, '/approval/leave');
    // The list is part of the phone's copy: it opens with the signal gone, the item now read.
    await page.context().setOffline(true);
    await page.goto('/notifikasi');
    const offlineItem = page
      .getByTestId('notifikasi-list')
      .getByRole('button')
      .filter({ hasText: 'Pengajuan baru' })
      .first();
    await expectVisible(offlineItem);
    expect(await offlineItem.getAttribute('data-unread')).toBeNull();
    await page.context().setOffline(false);
    await expectVisible(
      page.getByRole('link', { name: before === 0 ? 'Notifikasi' : `Notifikasi, ${before} belum dibaca` }),
    );
  });
});
