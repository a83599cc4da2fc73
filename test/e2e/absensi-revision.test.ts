/**
 * Field evidence is immutable (docs/decisions/027-field-evidence-immutable.md), through the screens: an
 * SPG checks in on her phone; HR opens the manual form on that day, which loads it ("Ubah Absensi") with
 * her own check-in beside it, corrects it after a confirmation; her phone follows the server; HR deletes
 * the correction, and her check-in with its photo is back on the list and on her phone, where she can
 * still check out.
 */
import { describe, expect, test } from 'vitest';
import type { AbsensiSpgRecord } from '../../src/domain/absensi/absensi';
import {
  apiRequest,
  apiToken,
  expectVisible,
  jpegFromPage,
  loginAs,
  setupBrowser,
  snap,
  SYNC_WAIT,
  waitForPath,
  waitForText,
} from './browser';
import { capture, checkOutSoonAfterCheckIn, fieldUser, freshEmployee, json } from './field-accounts';
import { dateIn } from '../../src/domain/time-zone';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 };
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

describe('a correction on top of a field day', () => {
  test('HR corrects her day and deletes the correction: her check-in and photo are back, on the list and on her phone', async () => {
    const admin = await apiToken('admin');
    // Her day is Jakarta's (the machine's own date differs from 17:00 UTC on).
    const { nrp, line } = await freshEmployee(admin, dateIn('Asia/Jakarta', new Date()));
    const { username } = await fieldUser(admin, nrp, 'koreksi', 'SPG Koreksi');
    const at = { latitude: line.customer.cust_lat!, longitude: line.customer.cust_long!, accuracy: 10 };

    // ------------------------------------------------ the SPG checks in on her phone
    const phone = await harness.newPage({ viewport: PHONE_360, geolocation: at });
    await loginAs(phone, username);
    await waitForPath(phone, '/profile');
    await phone.goto('/absensi/new/spg');
    const card = phone.getByTestId('day-status').locator('..');
    await phone.getByRole('button', { name: 'Check In', exact: true }).click();
    await capture(phone, await jpegFromPage(phone, `Koreksi ${RUN}`));
    await phone.getByTestId('pending-badge').first().waitFor({ state: 'detached', timeout: SYNC_WAIT });
    await waitForText(phone.getByTestId('day-status'), 'Anda Belum Melakukan Check Out Hari Ini');

    const spgToken = await apiToken(username);
    const own = await json<{ result: AbsensiSpgRecord }>(
      await apiRequest('GET', '/api/absensi/new/spg', { token: spgToken }),
    );
    const fieldIn = own.result.field_jam_masuk!;
    const tanggal = own.result.tanggal;
    expect(fieldIn).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(own.result.foto_masuk).toBeTruthy();

    // ------------------------------------------------ HR: the form loads the day and asks before replacing
    const office = await harness.newPage({ serviceWorkers: 'block' });
    await office.context().route(/tile\.openstreetmap\.org/, (route) => route.abort('failed'));
    await loginAs(office, 'hr');
    await office.goto('/absensi/new');
    await waitForText(office, 'Tambah Absensi Manual');
    await office.getByRole('button', { name: 'Pilih', exact: true }).click();
    const picker = office.getByRole('dialog');
    await picker.getByRole('searchbox').fill(nrp);
    await picker.getByRole('button', { name: `Pilih ${nrp}` }).click();
    await office.getByLabel('Tanggal').fill(tanggal);
    await expectVisible(office.getByRole('heading', { name: 'Ubah Absensi' }));
    const existing = office.getByTestId('existing-day');
    await waitForText(existing.getByTestId('existing-field'), `Check In ${fieldIn}`);
    // Her values are in the form, seconds included.
    await expect.poll(() => office.getByLabel('Jam Masuk').inputValue()).toBe(fieldIn);
    await expect.poll(() => office.getByLabel('Status Absensi').inputValue()).toBe('H');
    await office.getByLabel('Jam Masuk').fill('07:30:00');
    await office.getByLabel('Jam Keluar').fill('16:00:00');
    await office.getByLabel('Alasan').fill(`Koreksi atasan ${RUN}`);
    await snap(office, 'absensi-ubah');
    await office.getByRole('button', { name: 'Simpan' }).click();
    const confirm = office.getByRole('alertdialog');
    await waitForText(confirm, 'Ganti absensi yang sudah ada?');
    await snap(office, 'absensi-ubah-confirm');
    await waitForText(confirm.getByTestId('replace-summary'), fieldIn);
    await waitForText(confirm.getByTestId('replace-summary'), '07:30:00');
    await confirm.getByRole('button', { name: 'Ganti' }).click();
    await waitForText(office, 'Absensi manual berhasil disimpan');
    await waitForPath(office, '/absensi/manual');

    // Her phone follows the server's day on the next read.
    await phone.reload();
    await waitForText(phone.getByTestId('day-status'), 'Anda Telah Melakukan Absensi');
    await waitForText(card, /07:30/);

    // ------------------------------------------------ HR deletes the correction
    await office.goto(`/absensi/manual?startDate=${tanggal}&endDate=${tanggal}&q=${nrp}`);
    const row = office.getByRole('row').filter({ hasText: nrp }).filter({ hasText: 'Manual' }).first();
    await expectVisible(row);
    await row.getByRole('button', { name: `Hapus ${nrp} ${tanggal}` }).click();
    const del = office.getByRole('alertdialog');
    await waitForText(del.getByTestId('delete-keeps-field'), fieldIn);
    await snap(office, 'absensi-hapus-koreksi');
    await del.getByRole('textbox').fill(`Koreksi salah orang ${RUN}`);
    await del.getByRole('button', { name: 'Yakin' }).click();
    await waitForText(office, 'Perubahan terakhir dihapus: absensi kembali ke data sebelumnya');

    // Her check-in is the day again, with its photo.
    await office.goto(`/absensi?startDate=${tanggal}&endDate=${tanggal}&q=${nrp}`);
    const fieldRow = office.getByRole('row').filter({ hasText: nrp }).first();
    await waitForText(fieldRow, 'Aplikasi');
    await waitForText(fieldRow, fieldIn.slice(0, 5));
    await fieldRow.getByRole('button', { name: `Detail ${nrp} ${tanggal}` }).click();
    const img = office.getByRole('dialog').getByRole('img', { name: /Foto check in/ });
    await expectVisible(img);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

    // On her phone: her own time again, and the day still open for her check-out.
    await phone.reload();
    await waitForText(phone.getByTestId('day-status'), 'Anda Belum Melakukan Check Out Hari Ini');
    await waitForText(card, fieldIn.slice(0, 5));
    await checkOutSoonAfterCheckIn(phone);
    await capture(phone, await jpegFromPage(phone, `Pulang ${RUN}`));
    await waitForText(phone.getByTestId('day-status'), 'Anda Telah Melakukan Absensi', 30_000);
    await phone.getByTestId('pending-badge').first().waitFor({ state: 'detached', timeout: SYNC_WAIT });
    const closed = await json<{ result: AbsensiSpgRecord }>(
      await apiRequest('GET', '/api/absensi/new/spg', { token: spgToken }),
    );
    expect(closed.result).toMatchObject({ jam_masuk: fieldIn, field_jam_masuk: fieldIn });
    expect(closed.result.jam_keluar).toMatch(/^\d\d:\d\d:\d\d$/);
  });
});
