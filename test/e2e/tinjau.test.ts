/**
 * "Perlu Ditinjau" in Chromium (issue 28 item 4, issue 41 item 3): an employee's visit check-in 1 km from
 * its store reaches HR's review queue while her phone says only "Sedang ditinjau" under that visit; HR
 * opens it, sees the flags and the photo, writes a message for her, cannot reject it without a reason,
 * rejects it with one, and finds it among the decided items with the reason. Her phone then says
 * "Tidak diterima" with the message, never the reason.
 */
import { describe, expect, test } from 'vitest';
import type { TinjauItem } from '../../src/domain/absensi/tinjau';
import {
  apiLogin,
  apiRequest,
  apiToken,
  BASE_URL,
  expectVisible,
  loginAs,
  setupBrowser,
  snap,
  waitForPath,
  waitForText,
} from './browser';
import { dayAction, fieldUser, freshEmployee, JPEG, json } from './field-accounts';
import { dateIn, timeIn } from '../../src/domain/time-zone';

/** A date as the screens write it: dd/mm/yyyy. */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 };

describe('Perlu Ditinjau', () => {
  test('HR rejects a flagged visit with a reason; it moves to the decided items; she reads only her message', async () => {
    const admin = await apiToken('admin');
    // Her day is Jakarta's (the machine's own date differs from 17:00 UTC on).
    const today = dateIn('Asia/Jakarta', new Date());
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'tinjau', 'SPG Tinjau');
    const login = await json<{ token: string }>(await apiLogin(username));
    const form = new FormData();
    const fields = {
      jam: timeIn('Asia/Jakarta', new Date()),
      captured_at: new Date().toISOString(),
      lat: String(line.customer.cust_lat! + 0.01),
      long: String(line.customer.cust_long!),
      accuracy: '10',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
    const checked = await fetch(new URL(`/api/kunjungan/detail/${line.id}/check-in`, BASE_URL), {
      method: 'POST',
      headers: { Authorization: `Bearer ${login.token}`, Accept: 'application/json' },
      body: form,
    });
    expect(checked.status, await checked.clone().text()).toBe(200);
    const queue = await json<{ result: TinjauItem[] }>(
      await apiRequest('GET', `/api/absensi/tinjau?jenis=kunjungan&per_page=200`, { token: admin }),
    );
    const item = queue.result.find((i) => i.id === `kunjungan-${line.id}`)!;
    expect(item.flags).toContain('outside_radius_in');

    // Her phone: the visit says it is being looked at, and nothing about why.
    const phone = await harness.newPage({
      viewport: PHONE_360,
      geolocation: { latitude: line.customer.cust_lat!, longitude: line.customer.cust_long!, accuracy: 10 },
    });
    await loginAs(phone, username);
    await waitForPath(phone, '/profile');
    await phone.goto('/absensi/new/spg');
    const card = phone.getByTestId('visit-line').filter({ hasText: line.customer.cust_name });
    const reviewLine = card.getByTestId('review-line');
    await waitForText(reviewLine, 'Sedang ditinjau');
    expect(await reviewLine.textContent()).not.toMatch(/radius|Foto|Lokasi/);
    await snap(phone, 'tinjau-spg-open');

    const page = await harness.newPage();
    await loginAs(page, 'hr');
    await page.goto('/absensi/tinjau?jenis=kunjungan&per_page=200');
    const open = page.getByRole('button', { name: `Tinjau ${item.nama} ${today}` });
    await expectVisible(open.first());
    await open.first().click();
    const dialog = page.getByRole('dialog');
    await waitForText(dialog, `Tinjau: ${item.nama}, ${dmy(today)}`);
    await expectVisible(dialog.getByText('Check in di luar radius'));
    await expectVisible(dialog.getByText(/Tanpa verifikasi perangkat/).first());
    // The similar photo is said in words, never in bits.
    expect(await dialog.textContent()).not.toMatch(/\bbit\b/);
    await waitForText(dialog, 'Karyawan akan membaca pesan ini');
    await snap(page, 'tinjau-dialog');
    await dialog.getByLabel('Pesan untuk karyawan').fill('Check in harus di dalam toko.');
    await dialog.getByRole('button', { name: 'Tolak' }).click();
    const tolak = page.getByRole('alertdialog', { name: 'Tolak check in' });
    await tolak.getByRole('button', { name: 'Tolak' }).click();
    await waitForText(tolak, 'Alasan wajib diisi');
    await snap(page, 'tinjau-tolak-error');
    await tolak.getByLabel(/Alasan/).fill('Foto diambil 1 km dari toko');
    await tolak.getByRole('button', { name: 'Tolak' }).click();
    await waitForText(page, 'Check in ditolak');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => tolak.count()).toBe(0);

    await page.getByLabel('Status').selectOption('closed');
    const row = page.getByRole('row').filter({ hasText: nrp });
    await waitForText(row.first(), 'Foto diambil 1 km dari toko');
    await expectVisible(row.first().getByText('Ditolak'));
    await snap(page, 'tinjau-closed');

    // Her phone: the outcome and the message written for her; the reviewer's reason stays internal.
    // (A fresh sign-in: the phone's 30-second cache would show the open state a little longer.)
    const later = await harness.newPage({ viewport: PHONE_360 });
    await loginAs(later, username);
    await waitForPath(later, '/profile');
    await later.goto('/absensi/new/spg');
    const decided = later
      .getByTestId('visit-line')
      .filter({ hasText: line.customer.cust_name })
      .getByTestId('review-line');
    await waitForText(decided, 'Tidak diterima');
    await waitForText(decided, 'Pesan peninjau: Check in harus di dalam toko.');
    expect(await later.locator('body').textContent()).not.toContain('Foto diambil 1 km dari toko');
    await snap(later, 'tinjau-spg-decided');
  });

  test('a rejected day still counts until HR marks it Alpa from the Tolak dialog; posting lists it meanwhile', async () => {
    const admin = await apiToken('admin');
    const today = dateIn('Asia/Jakarta', new Date());
    const { nrp } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'hari', 'SPG Hari');
    const login = await json<{ token: string }>(await apiLogin(username));
    // A check-in without a position (GPS off): flagged for review, never refused.
    const checked = await dayAction(login.token, today, {
      jam_masuk: timeIn('Asia/Jakarta', new Date()),
      lat: '',
      long: '',
      accuracy: '',
      location_error: 'GPS mati',
    });
    expect(checked.status, await checked.clone().text()).toBe(201);
    const day = await json<{ result: { id: number } }>(checked);

    const phone = await harness.newPage({ viewport: PHONE_360 });
    await loginAs(phone, username);
    await waitForPath(phone, '/profile');
    await phone.goto('/absensi/new/spg');
    await waitForText(phone.getByTestId('review-line').first(), 'Sedang ditinjau');
    await snap(phone, 'tinjau-spg-day-open');

    const page = await harness.newPage();
    await loginAs(page, 'hr');
    await page.goto(`/absensi/tinjau?jenis=hari&per_page=200`);
    const item = await json<{ result: TinjauItem }>(
      await apiRequest('GET', `/api/absensi/tinjau/hari-${day.result.id}`, { token: admin }),
    );
    const open = page.getByRole('button', { name: `Tinjau ${item.result.nama} ${today}` });
    await open.first().click();
    const dialog = page.getByRole('dialog');
    await waitForText(dialog, `Tinjau: ${item.result.nama}, ${dmy(today)}`);
    await dialog.getByRole('button', { name: 'Tolak' }).click();
    const tolak = page.getByRole('alertdialog', { name: 'Tolak check in' });
    await waitForText(tolak, 'Hari ini tetap dihitung hadir sampai diubah di Absensi Manual');
    await expectVisible(tolak.getByText('Tandai Alpa'));
    await snap(page, 'tinjau-tolak-day');
    await tolak.getByLabel(/Alasan/).fill('Tidak ada di lokasi');
    // Rejected without Alpa first: it still counts, and posting names it.
    await tolak.getByRole('button', { name: 'Tolak' }).click();
    await waitForText(page, 'Check in ditolak');
    await expect.poll(() => tolak.count()).toBe(0);

    const period = `${today.slice(0, 4)}${today.slice(5, 7)}`;
    await page.goto(`/absensi/posting?period=${period}`);
    const rejected = page.getByTestId('posting-rejected-days');
    await waitForText(rejected, nrp);
    await snap(page, 'posting-rejected-days');
  });
});
