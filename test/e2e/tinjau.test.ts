/**
 * "Perlu Ditinjau" in Chromium (issue 28 item 4): an employee's visit check-in 1 km from its store
 * reaches HR's review queue; HR opens it, sees the flags and the photo, cannot reject it without a reason,
 * rejects it with one, and finds it among the decided items with the reason.
 */
import dayjs from 'dayjs';
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
  waitForText,
} from './browser';
import { fieldUser, freshEmployee, JPEG, json } from './field-accounts';

const harness = setupBrowser();

describe('Perlu Ditinjau', () => {
  test('HR rejects a flagged visit with a reason; it moves to the decided items', async () => {
    const admin = await apiToken('admin');
    const today = dayjs().format('YYYY-MM-DD');
    const { nrp, line } = await freshEmployee(admin, today);
    const { username } = await fieldUser(admin, nrp, 'tinjau', 'SPG Tinjau');
    const login = await json<{ token: string }>(await apiLogin(username));
    const form = new FormData();
    const fields = {
      jam: dayjs().format('HH:mm:ss'),
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

    const page = await harness.newPage();
    await loginAs(page, 'hr');
    await page.goto('/absensi/tinjau?jenis=kunjungan&per_page=200');
    const open = page.getByRole('button', { name: `Tinjau ${item.nama} ${today}` });
    await expectVisible(open.first());
    await open.first().click();
    const dialog = page.getByRole('dialog');
    await waitForText(dialog, `Tinjau: ${item.nama}, ${today}`);
    await expectVisible(dialog.getByText('Check in di luar radius'));
    await expectVisible(dialog.getByText(/Tanpa verifikasi perangkat/).first());
    await dialog.getByRole('button', { name: 'Tolak' }).click();
    await waitForText(dialog, 'Alasan wajib diisi');
    await snap(page, 'tinjau-dialog-error');
    await dialog.getByLabel(/Alasan/).fill('Foto diambil 1 km dari toko');
    await dialog.getByRole('button', { name: 'Tolak' }).click();
    await waitForText(page, 'Check in ditolak');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByLabel('Status').selectOption('closed');
    const row = page.getByRole('row').filter({ hasText: nrp });
    await waitForText(row.first(), 'Foto diambil 1 km dari toko');
    await expectVisible(row.first().getByText('Ditolak'));
    await snap(page, 'tinjau-closed');
  });
});
