/**
 * Device-verified check-ins (decision 032) in Chromium with a virtual platform authenticator (CDP WebAuthn,
 * user verification on): a fresh SPG enrolls in one tap on a 360 px phone, loses signal, checks in, and
 * back online her check-in is verified by passkey and shows "Terverifikasi perangkat" to HR; a check-in
 * changed on the phone after signing is stored and flagged signature_invalid; after HR revokes the phone,
 * her next check-in is stored and flagged device_revoked.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { AbsensiSpgRecord } from '../../src/domain/absensi/absensi';
import type { DeviceRow } from '../../src/domain/device/device';
import type { KunjunganDay } from '../../src/domain/absensi/kunjungan-checkin';
import {
  apiRequest,
  apiToken,
  BASE_URL,
  expectVisible,
  jpegFromPage,
  loginAs,
  setupBrowser,
  snap,
  storedChallenges,
  SYNC_WAIT,
  waitForPath,
  waitForServiceWorker,
  waitForText,
} from './browser';
import { capture, checkOutSoonAfterCheckIn, fieldUser, freshEmployee, json } from './field-accounts';
import { dateIn } from '../../src/domain/time-zone';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 };
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Changes a field of the phone's waiting outbox rows, as a tampering app on the phone would. */
function tamperOutbox(page: Page, field: string, value: number) {
  return page.evaluate(
    ({ field, value }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('hadir-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          const store = tx.objectStore('outbox');
          let changed = 0;
          store.openCursor().onsuccess = (e) => {
            const cursor = (e.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!cursor) return;
            const row = cursor.value as { state: string; payload: Record<string, unknown> };
            if (row.state === 'pending') {
              row.payload[field] = value;
              cursor.update(row);
              changed += 1;
            }
            cursor.continue();
          };
          tx.oncomplete = () => resolve(changed);
        };
      }),
    { field, value },
  );
}

describe('device-verified check-ins', () => {
  test('enroll in one tap, check in offline signed, tampering and revocation flagged', async () => {
    const admin = await apiToken('admin');
    // Her day is Jakarta's (the machine's own date differs from 17:00 UTC on).
    const today = dateIn('Asia/Jakarta', new Date());
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'pk', 'SPG Passkey');
    const at = { latitude: line.customer.cust_lat!, longitude: line.customer.cust_long!, accuracy: 10 };

    // WebAuthn takes a host name as its RP ID, never an IP address: the phone opens the server as localhost.
    const phone = await harness.newPage({
      viewport: PHONE_360,
      geolocation: at,
      baseURL: BASE_URL.replace('127.0.0.1', 'localhost'),
    });
    await virtualAuthenticator(phone);
    await loginAs(phone, username);
    await waitForPath(phone, '/profile');
    await phone.goto('/absensi/new/spg');
    const card = phone.getByTestId('device-card');
    await waitForText(card, 'Verifikasi Perangkat');
    await waitForText(card, /kunci publik dan nama perangkat/);
    await snap(phone, 'device-card');
    await card.getByRole('button', { name: 'Daftarkan Perangkat Ini' }).click();
    await waitForText(phone, 'Perangkat berhasil didaftarkan');
    await card.waitFor({ state: 'detached' });
    const spgToken = await apiToken(username);
    // Her own answers never name flag codes (issue 41 item 3): the back office reads them.
    const dayFlags = async (tanggal: string) =>
      (
        await json<{ result: { flags: string[] }[] }>(
          await apiRequest('GET', `/api/absensi?startDate=${tanggal}&endDate=${tanggal}&nrp=${nrp}`, { token: admin }),
        )
      ).result[0]!.flags;
    const devices = await json<{ result: DeviceRow[] }>(
      await apiRequest('GET', `/api/karyawan/${nrp}/devices`, { token: spgToken }),
    );
    expect(devices.result).toMatchObject([{ status: 'active' }]);
    // Her own record lists the phone.
    await phone.goto('/profile');
    await phone.getByRole('tab', { name: 'Perangkat' }).click();
    await waitForText(phone.getByTestId('device-row').first(), 'Aktif');
    await snap(phone, 'profile-perangkat');
    await phone.goto('/absensi/new/spg');
    await expectVisible(phone.getByRole('button', { name: 'Check In', exact: true }));
    await waitForServiceWorker(phone);
    // The enrolment stored her challenges: the check-in can be signed with no signal.
    expect(await storedChallenges(phone)).toBeGreaterThan(0);

    // ------------------------------------------------ offline: the check-in is signed on the phone
    await phone.context().setOffline(true);
    await phone.getByRole('button', { name: 'Check In', exact: true }).click();
    await capture(phone, await jpegFromPage(phone, `Passkey ${RUN}`));
    await expectVisible(phone.getByTestId('pending-badge').first());
    await phone.context().setOffline(false);
    await phone.getByTestId('pending-badge').first().waitFor({ state: 'detached', timeout: SYNC_WAIT });
    const own = await json<{ result: AbsensiSpgRecord }>(
      await apiRequest('GET', '/api/absensi/new/spg', { token: spgToken }),
    );
    expect(own.result).toMatchObject({ in_verified: 'passkey' });
    expect(await dayFlags(own.result.tanggal)).not.toContain('no_device_signature');

    // HR sees it verified.
    const office = await harness.newPage({ serviceWorkers: 'block' });
    await loginAs(office, 'hr');
    await office.goto(`/absensi?startDate=${own.result.tanggal}&endDate=${own.result.tanggal}&q=${nrp}`);
    const row = office.getByRole('row').filter({ hasText: nrp }).first();
    await waitForText(row, 'Terverifikasi perangkat');

    // ------------------------------------------------ a visit check-in changed on the phone after signing
    const visit = phone.getByTestId('visit-line').filter({ hasText: line.customer.cust_name });
    await phone.context().setOffline(true);
    await visit.getByRole('button', { name: 'Check In Toko' }).click();
    await capture(phone, await jpegFromPage(phone, `Toko ${RUN}`));
    expect(await tamperOutbox(phone, 'lat', at.latitude + 0.05)).toBe(1);
    await phone.context().setOffline(false);
    await phone.getByTestId('pending-badge').first().waitFor({ state: 'detached', timeout: SYNC_WAIT });
    const day = await json<{ result: KunjunganDay }>(
      await apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${own.result.tanggal}`, { token: admin }),
    );
    const tampered = day.result.details.find((l) => l.id === line.id)!;
    expect(tampered.in_jam).toBeTruthy();
    expect(tampered).toMatchObject({ in_verified: 'none' });
    expect(tampered.flags).toContain('signature_invalid');

    // ------------------------------------------------ HR revokes the phone on her record: her next check-in is flagged
    await office.goto(`/karyawan/${nrp}/edit`);
    await office.getByRole('tab', { name: 'Perangkat' }).click();
    const device = office.getByTestId('device-row').first();
    await waitForText(device, 'Aktif');
    await snap(office, 'karyawan-perangkat');
    await device.getByRole('button', { name: 'Cabut' }).click();
    await office.getByRole('alertdialog').getByRole('button', { name: 'Cabut' }).click();
    await waitForText(office, 'Perangkat dicabut');
    await waitForText(device, 'Dicabut');
    await checkOutSoonAfterCheckIn(phone);
    await capture(phone, await jpegFromPage(phone, `Pulang ${RUN}`));
    await phone.getByTestId('pending-badge').first().waitFor({ state: 'detached', timeout: SYNC_WAIT });
    const closed = await json<{ result: AbsensiSpgRecord }>(
      await apiRequest('GET', '/api/absensi/new/spg', { token: spgToken }),
    );
    expect(closed.result).toMatchObject({ in_verified: 'passkey', out_verified: 'none' });
    expect(await dayFlags(closed.result.tanggal)).toContain('device_revoked');
  });
});
