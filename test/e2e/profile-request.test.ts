/**
 * The own profile and its change request, end to end: an SPG opens /profile with no signal (shell
 * from the service worker, data from the persisted cache), files a change that waits on the device
 * ("menunggu sinkron"), and when the signal returns it reaches the server exactly once — even when
 * the first answer is lost. An admin approves it on the employee detail; the employee's data changes.
 *
 * The journey makes its own data: each test's SPGs are new employees with accounts of their own (made
 * through the admin's API), so no demo account files a request or has her profile changed here.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { KaryawanDetail } from '../../src/domain/karyawan/karyawan';
import type { ListAnswer } from '../../src/domain/list-query';
import type { ProfileRequestRow } from '../../src/domain/karyawan/request';
import {
  apiRequest,
  apiToken,
  DESKTOP,
  expectVisible,
  loginAs,
  PHONE,
  setupBrowser,
  snap,
  SYNC_WAIT,
  WAIT,
  waitForPath,
  waitForPersisted,
  waitForServiceWorker,
  waitForText,
} from './browser';
import { dayAction, fieldUser, freshEmployee, json, newEmployee } from './field-accounts';

const harness = setupBrowser();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

/** A new employee with a field account of her own: her NRP, username and token. */
async function newSpg(admin: string, prefix: string, nama: string) {
  const { nrp } = await newEmployee(admin, today);
  const { username } = await fieldUser(admin, nrp, prefix, nama);
  return { nrp, username, token: await apiToken(username) };
}

const ownRequests = async (token: string) =>
  (
    await json<ListAnswer<ProfileRequestRow>>(
      await apiRequest('GET', '/api/request/karyawan/me?per_page=100', { token }),
    )
  ).result;

/** The text shown for a field of the read-only profile tabs. */
const shown = (page: Page, field: string) => page.locator(`[data-field="${field}"]`).first();

describe('own profile change request', () => {
  test('filed offline, synced once, approved by an admin, and the data changes', async () => {
    const adminToken = await apiToken('admin');
    const { nrp: NRP, username, token: spgToken } = await newSpg(adminToken, 'profil', 'SPG Profil');
    // Payroll already knows her: her new-employee item (P1) is posted, so an approved change leaves its
    // own P2 item (while a P1 is open, a change only joins it).
    const postingItems = async () =>
      (
        await json<{ result: { items: { jenis_trn: string; status: string; tgl_jam_trn: string }[] } }>(
          await apiRequest('GET', `/api/karyawan/${NRP}/posting/status`, { token: adminToken }),
        )
      ).result.items;
    const p1 = (await postingItems()).find((i) => i.jenis_trn === 'P1')!;
    const posted = await apiRequest('PUT', '/api/karyawan/posting', {
      token: adminToken,
      body: { nrp: NRP, jenis_trn: 'P1', tgl_jam_trn: p1.tgl_jam_trn },
    });
    expect(posted.status, await posted.clone().text()).toBe(200);
    expect((await postingItems()).some((i) => i.jenis_trn === 'P2')).toBe(false);
    const stamp = Date.now().toString(36);
    const email = `nabila.${stamp}@example.com`;
    const hp = `0812${String(Date.now()).slice(-8)}`;
    const before = await json<{ result: KaryawanDetail }>(
      await apiRequest('GET', `/api/karyawan/${NRP}`, { token: adminToken }),
    );
    expect(before.result.email).not.toBe(email);
    const filedBefore = (await ownRequests(spgToken)).length;
    // A new employee: none filed yet.
    expect(filedBefore).toBe(0);

    // Online once: the worker installs, the own record and requests land in the persisted cache.
    const page = await harness.newPage({ viewport: PHONE });
    const context = page.context();
    await loginAs(page, username);
    await waitForPath(page, '/profile');
    await waitForText(page, `${NRP} - ${before.result.nama}`);
    await expect.poll(() => shown(page, 'email').textContent()).toBe(before.result.email);
    await waitForServiceWorker(page);
    await waitForPersisted(page, ['profile', '*', 'me'], ['karyawan-request', 'own']);

    // No signal, cold start: the profile still opens, from the device.
    await context.setOffline(true);
    await page.reload();
    await waitForText(page, `${NRP} - ${before.result.nama}`);
    await expect.poll(() => shown(page, 'email').textContent()).toBe(before.result.email);
    await expectVisible(page.getByTestId('profile-cached'));

    await page.getByRole('button', { name: 'Request Update Profile' }).click();
    const form = page.getByRole('form', { name: 'Request Update Profile' });
    await expectVisible(form.getByTestId('approval-notice'));
    // The employee form's rules hold here too.
    await form.getByLabel('Email').fill('bukan-email');
    await form.getByRole('button', { name: 'Kirim Request' }).click();
    await waitForText(form, 'Format email tidak valid');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Nomor HP').fill(hp);
    await snap(page, 'profile-request-form');
    await form.getByRole('button', { name: 'Kirim Request' }).click();
    await form.waitFor({ state: 'detached' });
    await waitForText(page, 'Request tersimpan di perangkat dan akan dikirim saat online.');
    const waiting = page.getByTestId('pending-badge');
    await expectVisible(waiting);
    expect(await waiting.first().textContent()).toBe('menunggu sinkron');
    await snap(page, 'profile-request-waiting');
    // Nothing reached the server while offline.
    expect((await ownRequests(spgToken)).length).toBe(filedBefore);

    // The first delivery's answer is lost on the way back; the replay gets the stored answer.
    let posts = 0;
    await context.route('**/api/request/karyawan', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts++;
      if (posts === 1) {
        await route.fetch(); // the server files it…
        return route.abort('failed'); // …and the phone never hears back
      }
      return route.continue();
    });
    await context.setOffline(false);
    await waiting.first().waitFor({ state: 'detached', timeout: SYNC_WAIT });
    expect(posts).toBeGreaterThanOrEqual(2);

    const mine = (await ownRequests(spgToken)).filter((r) => r.changes.email === email);
    expect(mine).toHaveLength(1);
    const filed = mine[0]!;
    expect(filed).toMatchObject({ approve_status: 'N', changes: { email, telp_hp: hp } });
    expect((await ownRequests(spgToken)).length).toBe(filedBefore + 1);
    await waitForText(page, filed.nomor_registrasi);
    await context.unroute('**/api/request/karyawan');

    // The admin approves it on the employee detail.
    const admin = await harness.newPage({ viewport: DESKTOP });
    await loginAs(admin, 'admin');
    await admin.goto(`/karyawan/${NRP}/edit`);
    await waitForText(admin, `Ada request perubahan profil yang menunggu approval (${filed.nomor_registrasi}).`);
    await admin.getByRole('button', { name: 'APPROVE', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await waitForText(dialog, 'Approve Perubahan Profile Karyawan');
    await waitForText(dialog, `Lanjut Perubahan Profile Karyawan ${NRP} - ${before.result.nama}?`);
    const emailRow = dialog.getByTestId('change-email');
    await expect.poll(() => emailRow.getByTestId('value-current').textContent()).toBe(before.result.email);
    expect(await emailRow.getByTestId('value-requested').textContent()).toBe(email);
    await snap(admin, 'profile-request-approve');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForText(admin, `Request ${filed.nomor_registrasi} disetujui`);
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('tab', { name: 'Personal' }).click();
    await expect.poll(() => admin.locator('[data-field="email"]').first().textContent()).toBe(email);
    await admin.getByRole('tab', { name: 'Request Update Profile' }).click();
    await expectVisible(admin.getByRole('button', { name: filed.nomor_registrasi }));
    expect(await admin.getByRole('button', { name: 'APPROVE', exact: true }).count()).toBe(0);

    // Through the API: the record changed, a P2 item waits for payroll, the request is approved.
    const after = await json<{ result: KaryawanDetail }>(
      await apiRequest('GET', `/api/karyawan/${NRP}`, { token: adminToken }),
    );
    expect(after.result).toMatchObject({ email, telp_hp: hp });
    expect((await postingItems()).some((i) => i.jenis_trn === 'P2' && i.status === 'open')).toBe(true);
    const status = await json<{ result: { approve_status: string; status: string } }>(
      await apiRequest('GET', `/api/request/karyawan/${filed.id}/approve/status`, { token: spgToken }),
    );
    expect(status.result).toMatchObject({ approve_status: 'Y', status: 'Disetujui' });

    // The employee sees it on their profile.
    await page.reload();
    await expect.poll(() => shown(page, 'email').textContent(), { timeout: WAIT }).toBe(email);
    await page.getByRole('tab', { name: 'Request Update Profile' }).click();
    const line = page.getByRole('row').filter({ hasText: filed.nomor_registrasi });
    await waitForText(line, 'Disetujui');
    await snap(page, 'profile-request-approved');
    await page.goto('/sinkron');
    await waitForText(page, 'Semua data sudah terkirim.');
  });
});

describe('the approvers’ list and her own salary', () => {
  test('/karyawan/request: two rows checked, one rejected meanwhile is named with its reason, the other applied', async () => {
    const adminToken = await apiToken('admin');
    const stamp = Date.now().toString(36).slice(-5);
    // Two new employees, each with her own account, so the two requests belong to two employees.
    const first = await newSpg(adminToken, 'massal', 'SPG Massal');
    const other = await newSpg(adminToken, 'bulk', 'Uji Bulk');
    const file = async (token: string, body: Record<string, string>) =>
      (await json<{ result: ProfileRequestRow }>(await apiRequest('POST', '/api/request/karyawan', { token, body })))
        .result;
    const applied = await file(first.token, { alamat2: `Blok Massal ${stamp}` });
    const refused = await file(other.token, { email: `bulk.${stamp}@example.com` });

    const admin = await harness.newPage({ viewport: DESKTOP });
    await loginAs(admin, 'admin');
    await admin.goto('/karyawan/request');
    const approve = admin.getByRole('button', { name: 'Approve', exact: true }).first();
    await expectVisible(admin.getByRole('button', { name: applied.nomor_registrasi }));
    expect(await approve.isDisabled()).toBe(true);
    for (const r of [applied, refused]) await admin.getByLabel(`Pilih ${r.nomor_registrasi}`).check({ force: true });
    await waitForText(admin, '2 request dipilih');
    await approve.click();
    const dialog = admin.getByTestId('bulk-approve-dialog');
    await waitForText(dialog, 'Lanjut Perubahan Profile Karyawan untuk 2 request berikut?');
    await waitForText(dialog, `${refused.nomor_registrasi} · ${other.nrp}`);
    await snap(admin, 'request-bulk-approve');
    // Another approver rejects one while the dialog is open.
    const reject = await apiRequest('PUT', '/api/request/approve', {
      token: adminToken,
      body: { id: refused.id, status: 'R', keterangan: 'Email belum diverifikasi' },
    });
    expect(reject.status).toBe(200);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await waitForText(dialog, '1 dari 2 request disetujui; 1 gagal dan tidak diubah (lihat alasannya)');
    const failed = dialog.getByTestId('bulk-approve-failed');
    await waitForText(failed, refused.nomor_registrasi, 5_000);
    await waitForText(failed, /sudah ditolak oleh Administrator/);
    await snap(admin, 'request-bulk-approve-partial');
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The approved one left the Open list; the employee's record has its value.
    await expect.poll(() => admin.getByRole('button', { name: applied.nomor_registrasi }).count()).toBe(0);
    const spg = await json<{ result: KaryawanDetail }>(
      await apiRequest('GET', `/api/karyawan/${first.nrp}`, { token: adminToken }),
    );
    expect(spg.result.alamat2).toBe(`Blok Massal ${stamp}`);
  });

  test('/profile Info Gaji: her own pay online, said to be online only offline, never written to the phone', async () => {
    // Her pay is counted from her attendance: she has today's, checked in and out at her store.
    const admin = await apiToken('admin');
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'gaji', 'SPG Gaji');
    const token = await apiToken(username);
    const at = { lat: String(line.customer.cust_lat), long: String(line.customer.cust_long) };
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    expect((await dayAction(token, today, { jam_masuk: '07:01:00', captured_at: ago(3), ...at })).status).toBe(201);
    expect((await dayAction(token, today, { jam_keluar: '07:31:00', captured_at: ago(1), ...at })).status).toBe(201);
    const page = await harness.newPage({ viewport: PHONE });
    await loginAs(page, username);
    await waitForPath(page, '/profile');
    await page.getByRole('tab', { name: 'Info Gaji' }).click();
    const lines = page.getByLabel('Info gaji', { exact: true });
    await expectVisible(lines);
    await waitForText(lines, 'Total');
    await snap(page, 'profile-info-gaji');
    // The copy written now, as on leaving the app (pagehide), holds what the screen has loaded but the salary.
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    const stored = await page.evaluate(() => localStorage.getItem('hadir.query-cache') ?? '');
    expect(stored).toContain(nrp); // the profile itself is kept…
    expect(stored).not.toContain('info_gaji'); // …her salary is not.
    await page.context().setOffline(true);
    await page.getByRole('tab', { name: 'Personal' }).click();
    await page.getByRole('tab', { name: 'Info Gaji' }).click();
    await waitForText(page, 'Info Gaji hanya tersedia saat online');
    expect(await page.getByLabel('Info gaji', { exact: true }).count()).toBe(0);
    await page.context().setOffline(false);
  });
});
