/**
 * A new SPG on a fresh phone (issue 11): she signs in, stays on /profile, and loses the signal. Every
 * field screen must still tell the truth from the phone's own copy of the day, fetched at login
 * whatever screen was open; a screen whose data never reached the phone says so and still lets her
 * check in. A check-in the server already holds ends delivered (not "Perlu tindakan"); the return of
 * the network refreshes the screens; a leave filed offline on that fresh login is delivered.
 *
 * The SPG is an account of its own, created here for an employee with a plan today and no attendance,
 * so the other journeys' demo accounts keep their day untouched.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiRequest,
  apiToken,
  expectVisible,
  jpegFromPage,
  loginAs,
  setupBrowser,
  SYNC_WAIT,
  WAIT,
  waitForPath,
  waitForServiceWorker,
  waitForText,
} from './browser';
import { capture, dayAction, fieldUser, freshEmployee, json } from './field-accounts';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 } as const;
const jakarta = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const today = jakarta();
const IZIN = 'Izin Tidak Masuk';
const NETWORK_ERROR = 'Tidak dapat terhubung ke server';

/** The persisted query cache holds a key containing every one of these fragments. */
async function cached(page: Page, ...fragments: string[]): Promise<boolean> {
  return page.evaluate((parts) => {
    const raw = localStorage.getItem('hadir.query-cache') ?? '';
    return parts.every((p) => raw.includes(p));
  }, fragments);
}

describe('field app after a fresh login', () => {
  test('fresh login, offline at once: every field screen is truthful; a repeat check-in ends delivered; reconnect refreshes; offline leave is delivered', async () => {
    const admin = await apiToken('admin');
    const { nrp, line } = await freshEmployee(admin, today);
    const { username, userid } = await fieldUser(admin, nrp, 'field', 'SPG Baru');

    // She checked in and out today on another phone, before this one was ever used.
    const token = await apiToken(username);
    const at = { lat: String(line.customer.cust_lat), long: String(line.customer.cust_long) };
    // The server records the device instant in her location's zone: the times shown are read back.
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    expect((await dayAction(token, today, { jam_masuk: '07:01:00', captured_at: ago(3), ...at })).status).toBe(201);
    expect((await dayAction(token, today, { jam_keluar: '07:31:00', captured_at: ago(1), ...at })).status).toBe(201);
    const recorded = await json<{ result: { nrp: string; jam_masuk: string; jam_keluar: string }[] }>(
      await apiRequest('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${nrp}`, { token: admin }),
    );
    const first = recorded.result.find((r) => r.nrp === nrp)!;
    const masuk = first.jam_masuk.slice(0, 5);
    const keluar = first.jam_keluar.slice(0, 5);

    // ------------------------------------------------ phone A: fresh login, stays on /profile, offline
    const geolocation = { latitude: line.customer.cust_lat!, longitude: line.customer.cust_long!, accuracy: 10 };
    const page = await harness.newPage({ viewport: PHONE_360, geolocation });
    await loginAs(page, username);
    await waitForPath(page, '/profile');
    await waitForServiceWorker(page);
    // The phone's copy of the day arrives without opening any field screen.
    await expect
      .poll(() => cached(page, '"absensi-spg"', '"own"', '"visits"', '"jenis-leave"', '"jenis-cuti"', '"profile"'), {
        timeout: WAIT,
      })
      .toBe(true);
    await expect.poll(() => cached(page, `"leave","${userid}","own"`), { timeout: WAIT }).toBe(true);
    await page.context().setOffline(true);

    await page.goto('/absensi/new/spg');
    await waitForText(page, 'Anda Telah Melakukan Absensi');
    await waitForText(page, masuk);
    await waitForText(page, keluar);
    await waitForText(page, line.customer.cust_name);
    expect(await page.getByRole('button', { name: 'Check In', exact: true }).count()).toBe(0);

    await page.goto('/kunjungan/hari-ini');
    await waitForText(page, line.customer.cust_name);
    expect(await page.getByTestId('visits-not-loaded').count()).toBe(0);

    await page.goto('/profile');
    await waitForText(page, new RegExp(`${nrp} - `));

    await page.goto('/leave');
    await page.getByText(IZIN).first().waitFor({ state: 'attached' });
    // Her counts came in one summary and are on the phone under each tab's own key: numbers, not "–".
    const izinId = (
      await json<{ result: { id: number; jenis_leave: string }[] }>(
        await apiRequest('GET', '/api/jenis-leave?per_page=100', { token }),
      )
    ).result.find((k) => k.jenis_leave === IZIN)!.id;
    for (const address of ['/leave', `/leave?tab=${izinId}`]) {
      if (address !== '/leave') await page.goto(address);
      for (const kind of ['year', 'month', 'open', 'reject'])
        await expect.poll(() => page.getByTestId(`count-${kind}`).textContent(), { timeout: 5_000 }).toBe('0');
    }

    // Offline leave on this fresh login: the kinds are on the phone, the request is filed and queued.
    await page.goto('/request/leave');
    await page.getByRole('option', { name: IZIN }).waitFor({ state: 'attached' });
    expect(await page.getByTestId('kinds-not-loaded').count()).toBe(0);
    await page.getByRole('combobox').first().selectOption({ label: IZIN });
    await page.getByLabel('Tanggal Mulai').fill(jakarta(5));
    await page.getByLabel('Tanggal Selesai').fill(jakarta(5));
    await page.getByLabel('Keterangan').fill('Urusan keluarga');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(page, '/leave');

    await page.context().setOffline(false);
    const kinds = await json<{ result: { id: number; jenis_leave: string }[] }>(
      await apiRequest('GET', '/api/jenis-leave?per_page=100', { token }),
    );
    const izin = kinds.result.find((k) => k.jenis_leave === IZIN)!;
    const filed = async () =>
      (
        await json<{ result: { start_date: string }[] }>(
          await apiRequest('POST', '/api/leave/karyawan/get', {
            token,
            body: { jenis: izin.id, status: '', period_id: '', page: 1, per_page: 10 },
          }),
        )
      ).result.filter((r) => r.start_date === jakarta(5)).length;
    await expect.poll(filed, { timeout: SYNC_WAIT }).toBe(1);
    await page.goto('/sinkron');
    await waitForText(page, 'Semua data sudah terkirim.');
    expect(await page.getByTestId('outbox-row').count()).toBe(0);

    // ------------------------------------------------ phone B: today's record never reached it
    const phoneB = await harness.newPage({ viewport: PHONE_360, geolocation });
    const context = phoneB.context();
    const blockDay = (route: Route) => (route.request().method() === 'GET' ? route.abort('failed') : route.continue());
    await context.route('**/api/absensi/new/spg?*', blockDay);
    await loginAs(phoneB, username);
    await phoneB.goto('/absensi/new/spg');
    await waitForText(phoneB, line.customer.cust_name);
    await expect.poll(() => cached(phoneB, '"visits"'), { timeout: WAIT }).toBe(true);
    await waitForServiceWorker(phoneB);
    await context.setOffline(true);
    await phoneB.reload();
    // Not on this phone: said in one line, and the check-in is still offered (the server decides).
    await expectVisible(phoneB.getByTestId('day-status-unknown'));
    await waitForText(phoneB, 'Data absensi hari ini belum ada di perangkat ini.');
    expect(await phoneB.getByText('Anda Belum Melakukan Check In Hari Ini').count()).toBe(0);
    await waitForText(phoneB, line.customer.cust_name);

    const photo = await jpegFromPage(phoneB, 'Hadir');
    await phoneB.getByRole('button', { name: 'Check In', exact: true }).click();
    await capture(phoneB, photo);
    await expectVisible(phoneB.getByTestId('pending-badge'));

    // Back online: the duplicate is delivered with the server's note, and the screen shows the server's day.
    await context.unroute('**/api/absensi/new/spg?*', blockDay);
    await context.setOffline(false);
    await waitForText(phoneB, 'Anda Telah Melakukan Absensi', 15_000);
    await waitForText(phoneB, keluar);
    expect(await phoneB.getByText(NETWORK_ERROR).count()).toBe(0);
    await phoneB.goto('/sinkron');
    await waitForText(phoneB, 'Semua data sudah terkirim.', 30_000);
    const noted = phoneB.getByTestId('outbox-row-noted');
    await expectVisible(noted);
    await waitForText(noted, 'Check in hari ini sudah tercatat sebelumnya');
    expect(await phoneB.getByText('Perlu tindakan', { exact: true }).count()).toBe(0);

    // The server kept the first record: one row, the first times.
    const days = await json<{ result: { nrp: string; jam_masuk: string; jam_keluar: string }[] }>(
      await apiRequest('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${nrp}`, { token: admin }),
    );
    expect(days.result.filter((r) => r.nrp === nrp)).toMatchObject([
      { jam_masuk: first.jam_masuk, jam_keluar: first.jam_keluar },
    ]);
  });

  test('from the first screen to a saved day check-in: at most 3 taps plus the camera shutter', async () => {
    const admin = await apiToken('admin');
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'tap', 'SPG Tap');
    const geolocation = { latitude: line.customer.cust_lat!, longitude: line.customer.cust_long!, accuracy: 10 };
    const page = await harness.newPage({ viewport: PHONE_360, geolocation });
    await loginAs(page, username);
    // The app's first screen for field staff.
    await waitForPath(page, '/profile');
    const photo = await jpegFromPage(page, 'Hadir');
    // Every real tap from here on (pointer presses made by the user, not by the page).
    await page.evaluate(() => {
      const w = window as unknown as { taps: number };
      w.taps = 0;
      document.addEventListener('pointerdown', (e) => e.isTrusted && w.taps++, true);
    });

    await page.getByTestId('bottom-nav').getByRole('link', { name: 'Absensi' }).click();
    await waitForText(page, 'Anda Belum Melakukan Check In Hari Ini');
    // The Check In tap opens the camera at once: the next thing is the shutter.
    const camera = page.waitForEvent('filechooser', { timeout: WAIT });
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    const shutter = await camera;
    await shutter.setFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByRole('img', { name: 'Foto' }));
    await waitForText(dialog, /Lokasi ditemukan/);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForText(page, 'Anda Belum Melakukan Check Out Hari Ini');

    expect(await page.evaluate(() => (window as unknown as { taps: number }).taps)).toBeLessThanOrEqual(3);
    const records = async () =>
      (
        await json<{ result: { nrp: string; jam_masuk: string | null }[] }>(
          await apiRequest('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${nrp}`, { token: admin }),
        )
      ).result.filter((r) => r.nrp === nrp && r.jam_masuk !== null).length;
    await expect.poll(records, { timeout: SYNC_WAIT }).toBe(1);
  });

  test('logout with a record still on the phone warns with its count; the record goes out after the next login', async () => {
    const admin = await apiToken('admin');
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'out', 'SPG Logout');
    const records = async () =>
      (
        await json<{ result: { nrp: string; jam_masuk: string | null }[] }>(
          await apiRequest('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${nrp}`, { token: admin }),
        )
      ).result.filter((r) => r.nrp === nrp && r.jam_masuk !== null).length;

    const geolocation = { latitude: line.customer.cust_lat!, longitude: line.customer.cust_long!, accuracy: 10 };
    const page = await harness.newPage({ viewport: PHONE_360, geolocation });
    await loginAs(page, username);
    await waitForPath(page, '/profile');
    const photo = await jpegFromPage(page, 'Hadir');
    await page.getByTestId('bottom-nav').getByRole('link', { name: 'Absensi' }).click();
    await waitForText(page, 'Anda Belum Melakukan Check In Hari Ini');
    // Offline (the app installed first, so its screens' code is on the phone): the check-in stays in the outbox.
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await capture(page, photo);
    await expectVisible(page.getByTestId('pending-badge'));

    await page.getByRole('button', { name: 'Menu akun' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const warning = page.getByRole('alertdialog');
    await waitForText(warning, 'Masih ada data belum terkirim');
    await waitForText(warning, /^1 data belum terkirim ke server\./);
    await warning.getByRole('button', { name: 'Tetap Logout' }).click();
    await waitForPath(page, '/login');
    expect(await records()).toBe(0);

    // Back online, the same account logs in again: the record kept on the phone goes out, once, right after
    // the login (the login wakes the replayer; the 30 s timer is only the fallback).
    await page.context().setOffline(false);
    await loginAs(page, username);
    await expect.poll(records, { timeout: WAIT }).toBe(1);
  });

  test('a signal lost the moment the day arrives keeps it: the phone wrote it when it came, not a throttle later', async () => {
    const admin = await apiToken('admin');
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'field', 'SPG Sinyal');
    const page = await harness.newPage({ viewport: PHONE_360 });
    await loginAs(page, username);
    await waitForPath(page, '/profile');
    await waitForServiceWorker(page);
    // She checks in on another phone; this phone forgets its copy (wiped as the next page starts: the page
    // being left writes its copy on pagehide) and opens the day screen online.
    const token = await apiToken(username);
    const at = { lat: String(line.customer.cust_lat), long: String(line.customer.cust_long) };
    const ago = new Date(Date.now() - 60_000).toISOString();
    expect((await dayAction(token, today, { jam_masuk: '07:01:00', captured_at: ago, ...at })).status).toBe(201);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('wipe-cache') !== '1') return;
      sessionStorage.removeItem('wipe-cache');
      localStorage.removeItem('hadir.query-cache');
    });
    await page.evaluate(() => sessionStorage.setItem('wipe-cache', '1'));
    const day = page.waitForResponse((r) => /\/api\/absensi\/new\/spg(\?|$)/.test(r.url()) && r.ok());
    await page.goto('/absensi/new/spg');
    await day;
    await waitForText(page, 'Anda Belum Melakukan Check Out Hari Ini');
    // The signal goes at once and the screen is opened again: what it showed is still there (written when
    // it arrived, and again as the page was left).
    await page.context().setOffline(true);
    await page.reload();
    await waitForText(page, 'Anda Belum Melakukan Check Out Hari Ini');
    expect(await page.getByText('Data absensi hari ini belum ada di perangkat ini.').count()).toBe(0);
  });

  test('a screen that met a network error while offline shows fresh data once the signal returns', async () => {
    const admin = await apiToken('admin');
    const { nrp } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'jaringan', 'SPG Jaringan');
    const page = await harness.newPage({ viewport: PHONE_360 });
    await loginAs(page, username);
    await page.goto('/kunjungan/hari-ini');
    await expect.poll(() => cached(page, '"visits"'), { timeout: WAIT }).toBe(true);
    // The app is installed (the service worker registers once the first screen is idle) before the reload offline.
    await waitForServiceWorker(page);
    const context = page.context();
    // The plan request fails while "online" (a dead link), then the phone goes offline and back.
    await context.route('**/api/kunjungan/karyawan/me?*', (route) => route.abort('failed'));
    await context.setOffline(true);
    await page.reload();
    await context.unroute('**/api/kunjungan/karyawan/me?*');
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/kunjungan/karyawan/me') && r.ok(), {
      timeout: WAIT,
    });
    await context.setOffline(false);
    await refreshed;
    expect(await page.getByTestId('visit-line').count()).toBeGreaterThan(0);
    expect(await page.getByText(NETWORK_ERROR).count()).toBe(0);
  });
});
