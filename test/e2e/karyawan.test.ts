/**
 * HR's day with one employee, through the screens against the real server: create (with a photo),
 * edit a tab, renew the contract, resign them, post the P1 and P3 items to payroll. Logged in as
 * `admin` (every permission; `hr`'s password is changed by another file).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiRequest,
  apiToken,
  expectVisible,
  loginAs,
  setupBrowser,
  snap,
  waitForPath,
  waitForText,
  jpegFromPage,
} from './browser';

const harness = setupBrowser();
const NAMA = 'Rina Uji Ujung';

/** The success toast's text (and waits for it). */
async function toast(page: Page, text: RegExp): Promise<string> {
  const t = page.getByText(text).first();
  await t.waitFor({ state: 'visible' });
  return (await t.textContent()) ?? '';
}

describe('employee lifecycle', () => {
  test('create → edit a tab → renew → resign → post P1 and P3', async () => {
    const page = await harness.newPage();
    await loginAs(page, 'admin');

    // ---- Create
    await page.goto('/karyawan/create/new');
    await waitForText(page, 'Karyawan Baru');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await waitForText(page, 'Nama harus diisi');
    await page.getByLabel(/^Nama\*?$/).fill(NAMA);
    await page.getByLabel(/^Jenis Kelamin\*?$/).selectOption('P');
    await page.getByLabel('Nomor HP', { exact: true }).fill('081299990000');
    await page.getByLabel('Foto Karyawan', { exact: true }).setInputFiles({
      name: 'rina.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegFromPage(page, 'RU', { width: 900, height: 1200 }),
    });
    await expectVisible(page.getByRole('img', { name: 'Foto Karyawan baru' }));

    await page.getByRole('tab', { name: 'Pegawai' }).click();
    await page.getByLabel(/^Kode Perusahaan\*?$/).selectOption('KM');
    await page.getByLabel(/^Kode Lokasi\*?$/).selectOption('JKT');
    await page.getByLabel(/^Tipe\*?$/).selectOption('MOB');
    await page.getByLabel(/^Departemen\*?$/).selectOption('SLS');
    await page.getByLabel('Job Class', { exact: true }).fill('9');

    await page.getByRole('tab', { name: 'Kontrak' }).click();
    await page.getByLabel(/^Mulai Kontrak\*?$/).fill('2026-01-31');
    await page.getByLabel(/^Lama Kontrak\*?$/).selectOption('6');
    // The end follows the start and the length (start + months − 1 day).
    await waitForText(page, '30/07/2026');

    await page.getByRole('tab', { name: 'Gaji & Tunjangan' }).click();
    // The type filled the allowances (MOB: 30.000 / 35.000); the UMR code fills the base salary.
    await expect.poll(() => page.getByLabel('Uang Makan (per hari)', { exact: true }).inputValue()).toBe('30000');
    const umr = page.getByLabel(/^Kode UMR\*?$/);
    const jkt = await umr.locator('option', { hasText: /^JKT/ }).first().getAttribute('value');
    await umr.selectOption(jkt!);
    await expect.poll(() => page.getByLabel(/^Gaji Pokok\*?$/).inputValue()).not.toBe('');
    await snap(page, 'karyawan-create');

    // Job class 9 is refused by the form: the Pegawai tab opens with the message.
    await page.getByRole('button', { name: 'SAVE' }).click();
    await waitForText(page, 'Job Class harus angka 10 sampai 38');
    await page.getByLabel('Job Class', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'SAVE' }).click();
    const created = await toast(page, /berhasil ditambahkan/);
    const nrp = /Karyawan (\d{8}) - /.exec(created)?.[1];
    expect(nrp, created).toBeTruthy();
    await waitForPath(page, '/karyawan');

    // ---- The list finds them; the detail shows the stored photo and the derived dates.
    await page.getByRole('searchbox', { name: 'Cari NRP atau nama' }).fill(NAMA);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(NAMA);
    await page.getByRole('link', { name: nrp! }).click();
    await waitForPath(page, `/karyawan/${nrp}/edit`);
    await waitForText(page, `${nrp} - ${NAMA}`);
    await expectVisible(page.getByRole('img', { name: 'Foto Karyawan' }));
    await expectVisible(page.getByRole('button', { name: 'POSTING' }));

    // ---- Edit the Pajak tab, with the Update confirmation.
    await page.getByRole('button', { name: 'EDIT' }).click();
    await page.getByRole('tab', { name: 'Pajak' }).click();
    await page.getByLabel('NPWP', { exact: true }).pressSequentially('123456789012345');
    await expect.poll(() => page.getByLabel('NPWP', { exact: true }).inputValue()).toBe('12.345.678.9-012.345');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Update' }).click();
    await toast(page, new RegExp(`Data karyawan ${nrp} - ${NAMA} berhasil diubah`));
    await expectVisible(page.getByRole('button', { name: 'EDIT' }));
    await waitForText(page, '12.345.678.9-012.345');

    // ---- Renew the contract.
    await page.getByRole('tab', { name: 'Kontrak' }).click();
    await page.getByRole('button', { name: 'Perpanjang Kontrak' }).click();
    const renew = page.getByRole('dialog', { name: 'Perpanjang Kontrak' });
    await waitForText(renew, '31/07/2026');
    await snap(page, 'karyawan-renew');
    await renew.getByRole('button', { name: 'Perpanjang' }).click();
    await toast(page, new RegExp(`Kontrak ke-2 karyawan ${nrp}`));
    await expect.poll(() => page.getByRole('button', { name: /^Download kontrak/ }).count()).toBe(2);

    // ---- Resign them from the resigned list's dialog.
    await page.goto('/karyawan/resign/new');
    await waitForText(page, 'Karyawan Resign/Keluar (P3)');
    await page.getByRole('button', { name: 'Tambah Karyawan Keluar' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Karyawan Keluar' });
    await form.getByRole('button', { name: 'Simpan' }).click();
    await waitForText(form, 'Karyawan harus diisi');
    await form.getByRole('button', { name: 'Pilih', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Pilih Karyawan' });
    await picker.getByRole('searchbox').fill(nrp!);
    await picker.getByRole('button', { name: `Pilih ${nrp}` }).click();
    await waitForText(form, `${nrp} - ${NAMA}`);
    await form.getByLabel(/^Tanggal Resign\*?$/).fill('2026-07-31');
    // The discretionary amount comes from the server's rule; the BAST date follows the resign date.
    await expect
      .poll(() => form.getByLabel('Keterangan Uang Kebijaksanaan', { exact: true }).inputValue())
      .toMatch(/^Masa kerja 6 bulan/);
    expect(await form.getByLabel(/^Uang Kebijaksanaan\*?$/).inputValue()).not.toBe('');
    expect(await form.getByLabel(/^Tanggal BAST\*?$/).inputValue()).toBe('2026-07-31');
    await form.getByLabel(/^Alasan\*?$/).selectOption('1');
    await snap(page, 'karyawan-resign-dialog');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, new RegExp(`Karyawan ${nrp} - ${NAMA} berhasil diproses keluar`));
    await page.getByRole('searchbox', { name: 'Cari NRP atau nama' }).fill(nrp!);
    await expectVisible(page.getByRole('link', { name: nrp! }));

    // ---- Post P1 (per row) and P3 (selected) on the posting screen.
    // Open items are listed oldest first, and the journeys beside this one leave new employees' P1 items
    // open: all of them on one page.
    await page.goto('/karyawan/posting?per_page=1000');
    await waitForText(page, 'Posting Data Karyawan');
    await page.getByRole('button', { name: `Posting ${nrp} P1` }).click();
    await toast(page, new RegExp(`Posting data karyawan ${nrp} - ${NAMA} \\(Karyawan Baru\\) berhasil`));
    await page.getByRole('checkbox', { name: `Pilih ${nrp} P3` }).check({ force: true });
    await page.getByRole('button', { name: /Posting Terpilih \(1\)/ }).click();
    await toast(page, new RegExp(`Posting data karyawan ${nrp} - ${NAMA} \\(Resign/Keluar\\) berhasil`));
    await page.getByRole('radiogroup').getByText('Posted', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('posted');
    await expect.poll(() => page.getByRole('link', { name: nrp! }).count()).toBe(2);
    await snap(page, 'karyawan-posting');

    // ---- Posted: the resignation is locked; the detail from the resigned list is read-only.
    await page.goto(`/karyawan/resign/new?q=${nrp}`);
    await expect.poll(() => page.getByRole('button', { name: `Ubah resign ${nrp}` }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: nrp! }).click();
    await waitForText(page, 'Data karyawan resign/keluar: hanya dapat dilihat.');
    expect(await page.getByRole('button', { name: 'EDIT' }).count()).toBe(0);

    // The server agrees: the items are posted, the employee resigned.
    const token = await apiToken('admin');
    const res = await apiRequest('GET', `/api/karyawan/${nrp}/posting/status`, { token });
    const { result } = (await res.json()) as { result: { items: { jenis_trn: string; status: string }[] } };
    expect(result.items.map((i) => [i.jenis_trn, i.status])).toEqual([
      ['P1', 'posted'],
      ['P3', 'posted'],
    ]);
  });
});
