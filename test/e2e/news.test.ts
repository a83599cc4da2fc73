/**
 * News reaches the phone it is meant for (issue 14): the admin writes an item for an SPG's company,
 * location and NRP on /news/new, the SPG's phone shows it under Info with an unread count, she opens it,
 * and the admin's editor counts her as read. A second item is opened offline: the receipt waits in the
 * outbox, the count drops at once, and the server has it once the phone is back online.
 *
 * The journey makes its own data: the SPG is a new employee with an account of her own, and the items
 * are addressed to her NRP alone, so they reach exactly one employee and no demo account's Info changes.
 * (Her unread count still holds the seed's company-wide items and any another journey writes for her
 * company meanwhile, so the count is checked by what opening an item takes off it.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiRequest,
  apiToken,
  expectVisible,
  jpegFromPage,
  loginAs,
  setupBrowser,
  snap,
  SYNC_WAIT,
  WAIT,
  waitForPath,
  waitForText,
} from './browser';
import { fieldUser, json, newEmployee } from './field-accounts';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 } as const;

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

/**
 * The admin's form: judul, isi, photo, the SPG's company, location and NRP (picked by the search);
 * answers the new item's id.
 */
async function writeNews(page: Page, judul: string, prsh: string, lokasi: string, nrp: string): Promise<number> {
  await page.goto('/news/new');
  await page.getByLabel('Judul').fill(judul);
  await page.getByLabel('Isi').fill(`Isi ${judul}.\nBaris kedua.`);
  const photo = await jpegFromPage(page, 'INFO');
  await page.getByTestId('news-foto').setInputFiles({ name: 'info.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectVisible(page.getByRole('img', { name: 'Foto' }));
  await page.getByLabel('Tambah perusahaan').selectOption(prsh);
  await page.getByLabel('Tambah lokasi').selectOption(lokasi);
  await page.getByLabel('Cari NRP atau nama (Karyawan (NRP))').fill(nrp);
  await page.getByRole('button', { name: new RegExp(`^${nrp} - `) }).click();
  await expectVisible(page.getByRole('button', { name: new RegExp(`^Hapus ${nrp} - .* dari karyawan \\(nrp\\)$`) }));
  // Her alone.
  await waitForText(page, /^Menjangkau 1 karyawan aktif$/);
  await snap(page, 'news-form');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await page.waitForURL((u) => /^\/news\/\d+\/edit$/.test(u.pathname), { waitUntil: 'commit' });
  return Number(new URL(page.url()).pathname.split('/')[2]);
}

const unreadBadge = (page: Page) => page.getByTestId('info-unread');

describe('news on the phone', () => {
  test('an item for her location shows under Info with an unread count, and her opening it is counted', async () => {
    const admin = await apiToken('admin');
    const { nrp } = await newEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'news', 'SPG Info');
    const emp = await json<{ result: { kode_prsh: string; kode_lokasi: string } }>(
      await apiRequest('GET', `/api/karyawan/${nrp}`, { token: admin }),
    );
    const stamp = Date.now().toString(36);
    const judul = `Seragam baru ${stamp}`;

    const desk = await harness.newPage();
    await loginAs(desk, 'admin');
    const id = await writeNews(desk, judul, emp.result.kode_prsh, emp.result.kode_lokasi, nrp);
    await waitForText(desk, /^0 dari 1 karyawan sudah membaca$/);
    await expectVisible(desk.getByTestId('news-readers').getByText(nrp, { exact: true }));

    const phone = await harness.newPage({ viewport: PHONE_360 });
    await loginAs(phone, username);
    await waitForPath(phone, '/profile');
    await expectVisible(unreadBadge(phone));
    const before = Number(await unreadBadge(phone).textContent());
    expect(before).toBeGreaterThanOrEqual(1);
    await phone.getByRole('link', { name: /^Info/ }).click();
    await waitForPath(phone, '/info');
    const card = phone.getByTestId('info-item').filter({ hasText: judul });
    await expectVisible(card.getByText('Baru'));
    await snap(phone, 'info-list');
    await card.click();
    await waitForPath(phone, `/info/${id}`);
    await expectVisible(phone.getByRole('heading', { name: judul }));
    await expectVisible(phone.getByRole('img', { name: judul }));
    await snap(phone, 'info-detail');
    await expect
      .poll(async () => Number((await unreadBadge(phone).count()) ? await unreadBadge(phone).textContent() : 0))
      .toBe(before - 1);

    // The editor counts her: she is among the readers, not the unread.
    await expect
      .poll(async () => {
        const r = await json<{ read: number }>(
          await apiRequest('GET', `/api/news/${id}/readers?status=read`, { token: admin }),
        );
        return r.read;
      })
      .toBe(1);
    await desk.reload();
    await waitForText(desk, /^1 dari 1 karyawan sudah membaca$/);
    await desk.getByRole('tab', { name: 'Sudah membaca' }).click();
    await expectVisible(desk.getByTestId('news-readers').getByText(nrp, { exact: true }));
    await snap(desk, 'news-edit');

    // Offline: a second item, fetched while online, is read with no signal; the receipt waits and goes.
    const judul2 = `Jadwal stok ${stamp}`;
    const id2 = await writeNews(desk, judul2, emp.result.kode_prsh, emp.result.kode_lokasi, nrp);
    await phone.goto('/info');
    const card2 = phone.getByTestId('info-item').filter({ hasText: judul2 });
    await expectVisible(card2.getByText('Baru'));
    const unreadOnline = Number(await unreadBadge(phone).textContent());
    // No wait for the service worker: the item's screen was loaded above, so opening it offline needs
    // nothing from the network (and a worker that activates while /info loads does not claim that page).
    await phone.context().setOffline(true);
    await card2.click();
    await expectVisible(phone.getByRole('heading', { name: judul2 }));
    await expect
      .poll(async () => Number((await unreadBadge(phone).count()) ? await unreadBadge(phone).textContent() : 0))
      .toBe(unreadOnline - 1);
    const offlineRead = await json<{ read: number }>(
      await apiRequest('GET', `/api/news/${id2}/readers`, { token: admin }),
    );
    expect(offlineRead.read).toBe(0);
    await phone.context().setOffline(false);
    await expect
      .poll(
        async () =>
          (await json<{ read: number }>(await apiRequest('GET', `/api/news/${id2}/readers`, { token: admin }))).read,
        { timeout: SYNC_WAIT },
      )
      .toBe(1);
    await phone.goto('/info');
    await expectVisible(card2);
    // The list first shows the phone's persisted copy, then the server's fresh one: read either way.
    await expect.poll(() => card2.getByText('Baru').count(), { timeout: WAIT }).toBe(0);
  });
});
