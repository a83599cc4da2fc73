/**
 * The reason Hadir exists: an SPG records the day and a store visit with photo and GPS while the
 * phone is offline, and the server gets each record exactly once when the signal returns — even when
 * an answer is lost on the way back.
 */
import { describe, expect, test } from 'vitest';
import {
  apiRequest,
  apiToken,
  expectVisible,
  jpegFromPage,
  loginAs,
  PHONE,
  setupBrowser,
  SYNC_WAIT,
  waitForPath,
  waitForPersisted,
  waitForServiceWorker,
  waitForText,
} from './browser';
import { capture, checkOutSoonAfterCheckIn, fieldUser, freshEmployee, json } from './field-accounts';

const harness = setupBrowser();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

interface Line {
  id: number;
  cust_code: string;
  customer: { cust_name: string; cust_lat: number | null; cust_long: number | null };
  in_jam: string | null;
  in_lat: number | null;
  in_long: number | null;
  in_foto: string | null;
  in_captured_at: string | null;
  in_received_at: string | null;
}

describe('field app offline', () => {
  test('check in the day and a store offline, sync once, survive a lost answer', async () => {
    // An SPG of the journey's own, with a visit today and nothing recorded.
    const adminToken = await apiToken('admin');
    const { nrp } = await freshEmployee(adminToken, today);
    const { username } = await fieldUser(adminToken, nrp, 'offline', 'SPG Offline');
    const plan = await json<{ result: { details: Line[] } }>(
      await apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${today}`, { token: adminToken }),
    );
    // Take a line still open, and judge only what this journey adds.
    const alreadyIn = new Set(plan.result.details.filter((l) => l.in_jam !== null).map((l) => l.id));
    const store = plan.result.details.find((l) => l.in_jam === null)!;
    expect(store).toBeDefined();
    const at = {
      latitude: store.customer.cust_lat! + 0.0002,
      longitude: store.customer.cust_long! + 0.0002,
      accuracy: 12,
    };

    const page = await harness.newPage({ viewport: PHONE, geolocation: at });
    const context = page.context();
    await loginAs(page, username);
    await waitForPath(page, '/profile');
    // Online once: the service worker installs and precaches; today's screen data lands in the cache.
    await page.getByRole('link', { name: 'Absensi', exact: true }).click();
    await waitForText(page, 'Anda Belum Melakukan Check In Hari Ini');
    await waitForText(page, store.customer.cust_name);
    await waitForServiceWorker(page);
    await waitForPersisted(page, ['absensi-spg', '*', 'own'], ['absensi-spg', '*', 'visits']);

    // Cold start with no network: the shell comes from the service worker, the data from the cache.
    await context.setOffline(true);
    await page.reload();
    await waitForText(page, 'Anda Belum Melakukan Check In Hari Ini');
    await waitForText(page, store.customer.cust_name);
    await expectVisible(page.getByTestId('sync-indicator'));

    const photo = await jpegFromPage(page, 'Hadir');
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await capture(page, photo);
    await waitForText(page, 'Anda Belum Melakukan Check Out Hari Ini');
    await expectVisible(page.getByTestId('pending-badge'));

    const line = page.getByTestId('visit-line').filter({ hasText: store.customer.cust_name });
    await line.getByRole('button', { name: 'Check In Toko' }).click();
    await capture(page, photo);
    await expectVisible(line.getByTestId('pending-badge'));
    await expectVisible(line.getByRole('button', { name: 'Check Out Toko' }));

    // Nothing reached the server while offline.
    const before = await json<{ result: { details: Line[] } }>(
      await apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${today}`, { token: adminToken }),
    );
    expect(before.result.details.find((l) => l.id === store.id)!.in_jam).toBeNull();

    // Signal returns: the outbox drains by itself.
    await context.setOffline(false);
    await page.getByTestId('pending-badge').first().waitFor({ state: 'detached', timeout: SYNC_WAIT });

    const after = await json<{ result: { details: Line[] } }>(
      await apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${today}`, { token: adminToken }),
    );
    const checkedIn = after.result.details.filter((l) => l.in_jam !== null && !alreadyIn.has(l.id));
    expect(checkedIn.map((l) => l.id)).toEqual([store.id]);
    const visit = checkedIn[0]!;
    expect(visit.in_lat).toBeCloseTo(at.latitude, 5);
    expect(visit.in_long).toBeCloseTo(at.longitude, 5);
    expect(visit.in_foto).toMatch(/\.jpe?g$/);
    expect(Date.parse(visit.in_captured_at!)).toBeLessThanOrEqual(Date.parse(visit.in_received_at!));
    const photoRes = await apiRequest('GET', `/uploads/photo/${visit.in_foto}`, { token: adminToken });
    expect(photoRes.status).toBe(200);
    const bytes = new Uint8Array(await photoRes.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);

    const records = async () =>
      (
        await json<{
          result: {
            nrp: string;
            tanggal: string;
            jam_masuk: string | null;
            jam_keluar: string | null;
            foto_masuk: string | null;
            masuk_lat: number | null;
          }[];
        }>(
          await apiRequest('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${nrp}`, { token: adminToken }),
        )
      ).result.filter((r) => r.nrp === nrp && r.tanggal === today);
    const day = await records();
    expect(day).toHaveLength(1);
    expect(day[0]!.jam_masuk).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(day[0]!.foto_masuk).toMatch(/\.jpe?g$/);
    expect(day[0]!.masuk_lat).toBeCloseTo(at.latitude, 5);

    // Lose an answer: the server handles the check-out, but its reply never reaches the phone.
    let calls = 0;
    await context.route('**/api/absensi/new/spg', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      calls++;
      if (calls === 1) {
        await route.fetch(); // the server has handled it…
        return route.abort('failed'); // …and the answer is lost
      }
      return route.continue();
    });
    await checkOutSoonAfterCheckIn(page);
    await capture(page, photo);
    await waitForText(page, 'Anda Telah Melakukan Absensi');
    await page.getByTestId('pending-badge').first().waitFor({ state: 'detached', timeout: SYNC_WAIT });
    expect(calls).toBeGreaterThanOrEqual(2);

    const final = await records();
    expect(final).toHaveLength(1);
    expect(final[0]!.jam_keluar).toMatch(/^\d\d:\d\d:\d\d$/);
    // The replay got the stored answer, not a refusal: nothing waits for the user.
    await page.goto('/sinkron');
    await waitForText(page, 'Semua data sudah terkirim.');
  });
});
