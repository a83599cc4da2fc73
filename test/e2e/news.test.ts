/**
 * News reaches the phone it is meant for (issue 14): the admin writes an item for the demo SPG's
 * location on /news/new, the SPG's phone shows it under Info with an unread count, she opens it, and
 * the admin's editor counts her as read. A second item is opened offline: the receipt waits in the
 * outbox, the count drops at once, and the server has it once the phone is back online.
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
  waitForPath,
  waitForText,
} from './browser';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 } as const;

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The admin's form: judul, isi, photo, the SPG's company and location; answers the new item's id. */
async function writeNews(page: Page, judul: string, prsh: string, lokasi: string): Promise<number> {
  await page.goto('/news/new');
  await page.getByLabel('Judul').fill(judul);
  await page.getByLabel('Isi').fill(`Isi ${judul}.\nBaris kedua.`);
  const photo = await jpegFromPage(page, 'INFO');
  await page.getByTestId('news-foto').setInputFiles({ name: 'info.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectVisible(page.getByRole('img', { name: 'Foto' }));
  await page.getByLabel('Tambah perusahaan').selectOption(prsh);
  await page.getByLabel('Tambah lokasi').selectOption(lokasi);
  await waitForText(page, /Menjangkau \d+ karyawan aktif/);
  await snap(page, 'news-form');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await page.waitForURL((u) => /^\/news\/\d+\/edit$/.test(u.pathname), { waitUntil: 'commit' });
  return Number(new URL(page.url()).pathname.split('/')[2]);
}

const unreadBadge = (page: Page) => page.getByTestId('info-unread');

describe('news on the phone', () => {
  test('an item for her location shows under Info with an unread count, and her opening it is counted', async () => {
    const admin = await apiToken('admin');
    const spg = await apiToken('spg');
    const me = await json<{ result: { nrp: string } }>(await apiRequest('GET', '/auth/login/detail', { token: spg }));
    const emp = await json<{ result: { kode_prsh: string; kode_lokasi: string } }>(
      await apiRequest('GET', `/api/karyawan/${me.result.nrp}`, { token: admin }),
    );
    const stamp = Date.now().toString(36);
    const judul = `Seragam baru ${stamp}`;

    const desk = await harness.newPage();
    await loginAs(desk, 'admin');
    const id = await writeNews(desk, judul, emp.result.kode_prsh, emp.result.kode_lokasi);
    await waitForText(desk, /^0 dari \d+ karyawan sudah membaca$/);
    await expectVisible(desk.getByTestId('news-readers').getByText(me.result.nrp, { exact: true }));

    const phone = await harness.newPage({ viewport: PHONE_360 });
    await loginAs(phone, 'spg');
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
    await waitForText(desk, /^1 dari \d+ karyawan sudah membaca$/);
    await desk.getByRole('tab', { name: 'Sudah membaca' }).click();
    await expectVisible(desk.getByTestId('news-readers').getByText(me.result.nrp, { exact: true }));
    await snap(desk, 'news-edit');

    // Offline: a second item, fetched while online, is read with no signal; the receipt waits and goes.
    const judul2 = `Jadwal stok ${stamp}`;
    const id2 = await writeNews(desk, judul2, emp.result.kode_prsh, emp.result.kode_lokasi);
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
        { timeout: 30_000 },
      )
      .toBe(1);
    await phone.goto('/info');
    await expectVisible(card2);
    // The list first shows the phone's persisted copy, then the server's fresh one: read either way.
    await expect.poll(() => card2.getByText('Baru').count(), { timeout: 10_000 }).toBe(0);
  });
});
