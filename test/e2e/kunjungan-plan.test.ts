/**
 * Visit plans through the screens (spec part 2 §2.3): an admin generates the demo SPG's plan for the
 * current period from her route list's matrix, saves it after the confirmation, changes a line on the
 * detail, and sees the plan with its counts in the list.
 */
import { describe, expect, test } from 'vitest';
import { apiRequest, apiToken, expectVisible, loginAs, setupBrowser, snap, waitForPath, waitForText } from './browser';

const SPG_NRP = '26000002';
const now = new Date();
const PERIOD = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`;
const NO_DCP = `DCP/${PERIOD}/${SPG_NRP}`;

const harness = setupBrowser();

describe('visit plans', () => {
  test('generate the SPG’s plan, save it, edit a line, see the counts', async () => {
    const admin = await apiToken('admin');
    // The seed already planned her month: remove it (checked-in lines too) so the screen makes it anew.
    const gone = await apiRequest('DELETE', `/api/kunjungan/${encodeURIComponent(NO_DCP)}?force=true`, {
      token: admin,
    });
    expect(gone.status).toBe(200);

    const page = await harness.newPage();
    await loginAs(page, 'admin');
    await page.goto('/kunjungan/create/new');
    await expectVisible(page.getByRole('heading', { name: 'Tambah Kunjungan' }));
    await page.getByRole('button', { name: 'Pilih', exact: true }).click();
    await page.getByLabel('Cari karyawan').fill(SPG_NRP);
    await page.getByRole('button', { name: `Pilih ${SPG_NRP}` }).click();
    await page.getByRole('combobox', { name: 'Shift' }).selectOption({ index: 1 });
    await page.getByRole('combobox', { name: 'Period' }).selectOption(PERIOD);
    await page.getByRole('button', { name: 'Pratinjau' }).click();
    await expectVisible(page.getByRole('button', { name: /^Hapus / }).first());
    // The header locks once rows exist (spec §4).
    await expect.poll(() => page.getByRole('combobox', { name: 'Period' }).isDisabled()).toBe(true);
    await snap(page, 'kunjungan-create');

    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Simpan' }).click();
    await waitForPath(page, `/kunjungan/${encodeURIComponent(NO_DCP)}/edit`);
    await waitForText(page, 'Kunjungan berhasil disimpan');
    await expectVisible(page.getByRole('heading', { name: 'Detail Kunjungan' }));
    await snap(page, 'kunjungan-detail');

    await page.getByRole('button', { name: 'Ubah' }).first().click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Shift' }).selectOption({ index: 2 });
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await waitForText(page, 'Detail kunjungan berhasil diubah');

    await page.goto(`/kunjungan?period_id=${PERIOD}`);
    const link = page.getByRole('link', { name: NO_DCP });
    await expectVisible(link);
    await snap(page, 'kunjungan-list');
    const res = await apiRequest('GET', `/api/kunjungan?period_id=${PERIOD}&q=${SPG_NRP}`, { token: admin });
    const row = ((await res.json()) as { result: { no_dcp: string; counts: { planned: number } }[] }).result[0]!;
    expect(row.no_dcp).toBe(NO_DCP);
    expect(row.counts.planned).toBeGreaterThan(0);
  });

  test('the evidence of a checked-in line: times, photo viewer and map (tiles intercepted)', async () => {
    const page = await harness.newPage();
    await page.context().route(/tile\.openstreetmap\.org|\/tiles?\//, (route) => route.abort('failed'));
    await loginAs(page, 'admin');
    // Another SPG of the seed has checked in on the days already past.
    await page.goto(`/kunjungan/${encodeURIComponent(`DCP/${PERIOD}/26000004`)}/edit`);
    await expectVisible(page.getByRole('button', { name: 'Peta' }).first());
    await page.getByRole('button', { name: 'Foto' }).first().click();
    await expectVisible(page.getByRole('dialog').getByText('Check In', { exact: true }));
    await page.getByRole('dialog').getByRole('button', { name: 'Tutup' }).click();
    await page.getByRole('button', { name: 'Peta' }).first().click();
    await expectVisible(page.getByTestId('map'));
    await waitForText(page.getByRole('dialog'), /Check In: akurasi/);
    await snap(page, 'kunjungan-map');
  });
});
