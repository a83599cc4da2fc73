/**
 * HR's attendance through the screens (spec part 2 §2.7, §5): the manual form refuses an empty entry
 * with the §5 messages, HR picks an employee and enters a day with its reason over the day she already
 * has (loaded into the form, replaced after a confirmation); uploads a sheet with two bad rows (one an
 * unknown NRP) and sees them in the toast and the history; the list shows both days, and a day's detail
 * shows its change history. Makes its own data: a new employee, with one day entered through the API.
 * The days lie up to six days back, in last month during a month's first week: absensi-posting, which
 * posts last month, runs after this file in its lane (scripts/e2e.mjs, vitest.e2e.config.ts).
 */
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { apiRequest, apiToken, expectVisible, loginAs, setupBrowser, waitForPath, waitForText, snap } from './browser';
import { json, newEmployee } from './field-accounts';

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const MISSING = `ZZ${RUN}`;
const REASON = `Lupa check in ${RUN}, dikonfirmasi atasan`;
const today = () => dayjs().format('YYYY-MM-DD');
const back = (n: number) => dayjs().subtract(n, 'day').format('YYYY-MM-DD');
/** The same day as the lists write it: dd/mm/yyyy. */
const backShown = (n: number) => dayjs().subtract(n, 'day').format('DD/MM/YYYY');

async function sheet(nrp: string, shift: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Absensi');
  ws.addRow(['nrp', 'nama', 'tanggal', 'shift_id', 'sts_abs_id', 'jam_masuk', 'jam_keluar', 'alasan']);
  ws.addRow([nrp, '', back(5), shift, 'H', '07:05', '15:35', `Absen kertas ${RUN}`]);
  ws.addRow([MISSING, '', back(5), shift, 'H', '07:00', '15:00', '']);
  ws.addRow([nrp, '', back(6), shift, 'H', '17:00', '08:00', '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const harness = setupBrowser();

describe('attendance administration', () => {
  test('manual entry with its reason, an upload with two bad rows, and the list of those days', async () => {
    const hr = await apiToken('hr');
    const employee = await newEmployee(await apiToken('admin'), today());
    const shifts = (await (await apiRequest('GET', '/api/shift?per_page=10', { token: hr })).json()) as {
      result: { id: string; nama: string }[];
    };
    const shift = shifts.result[0]!;
    // The day she already has, as another HR screen or the field would have left it.
    await json(
      await apiRequest('POST', '/api/absensi', {
        token: hr,
        body: {
          nrp: employee.nrp,
          tanggal: back(4),
          shift_id: shift.id,
          sts_abs_id: 'H',
          jam_masuk: '08:00',
          jam_keluar: '16:00',
          alasan: `Hari yang sudah ada ${RUN}`,
        },
      }),
    );

    const page = await harness.newPage({ serviceWorkers: 'block' });
    await page.context().route(/tile\.openstreetmap\.org/, (route) => route.abort('failed'));
    await loginAs(page, 'hr');
    await page.goto('/absensi/manual');
    await page.getByRole('button', { name: 'Tambah' }).click();
    await waitForPath(page, '/absensi/new');

    // Spec §5: every message of an empty form, in the form itself.
    await page.getByRole('button', { name: 'Simpan' }).click();
    for (const message of [
      'SPG/Karyawan harus diisi',
      'Shift harus diisi',
      'Status Absensi harus diisi',
      'Tanggal harus diisi',
      'Jam masuk & keluar harus diisi',
      'Alasan harus diisi',
    ])
      await waitForText(page, message);

    await page.getByRole('button', { name: 'Pilih', exact: true }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('searchbox').fill(employee.nrp);
    await waitForText(picker, employee.nama);
    await picker.getByRole('button', { name: `Pilih ${employee.nrp}` }).click();
    // The day she already has is loaded into the form (decision 027) and replaced only after a
    // confirmation; the date comes first, so what is typed next is what is saved.
    await page.getByLabel('Tanggal').fill(back(4));
    await expectVisible(page.getByTestId('existing-day'));
    await page.getByLabel('Shift').selectOption(shift.id);
    await page.getByLabel('Status Absensi').selectOption('H');
    await page.getByLabel('Jam Masuk').fill('17:00');
    await page.getByLabel('Jam Keluar').fill('08:00');
    await page.getByLabel('Alasan').fill(REASON);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await waitForText(page, 'Jam masuk harus lebih kecil dari jam keluar');
    await page.getByLabel('Jam Masuk').fill('07:41');
    await page.getByLabel('Jam Keluar').fill('16:02');
    await snap(page, 'absensi-new');
    await page.getByRole('button', { name: 'Simpan' }).click();
    const confirm = page.getByRole('alertdialog');
    await waitForText(confirm, 'Ganti absensi yang sudah ada?');
    await confirm.getByRole('button', { name: 'Ganti' }).click();
    await waitForText(page, 'Absensi manual berhasil disimpan');
    await waitForPath(page, '/absensi/manual');
    // The manual list opens on the saved day (every employee's manual days of it): searched by her NRP, hers.
    await page.getByRole('searchbox', { name: 'Cari NRP atau nama' }).fill(employee.nrp);
    const saved = page.getByRole('row').filter({ hasText: employee.nrp });
    await waitForText(saved.filter({ hasText: backShown(4) }), /07:41 WI(B|TA|T)/);
    expect(await saved.count()).toBe(1);

    // The upload: the good row saved, the two bad ones (an unknown NRP) listed in the dialog and the log.
    await page.goto('/absensi/upload');
    await waitForText(page, 'Download Template');
    // Filter without a period: the spec's message; with one, the period's template downloads.
    await page.getByRole('button', { name: 'Filter' }).click();
    await waitForText(page.getByRole('alert'), 'Mohon pilih Period');
    const periodSelect = page.getByLabel('Period', { exact: true });
    const periodId = await periodSelect.locator('option').nth(1).getAttribute('value');
    await periodSelect.selectOption(periodId!);
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Filter' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe(`template-absensi-${periodId}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await template.path());
    expect((book.worksheets[0]?.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['nrp', 'nama', 'tanggal']);
    expect(book.worksheets[0]!.rowCount).toBeGreaterThan(1);
    await page.getByTestId('xlsx-input').setInputFiles({
      name: `absensi-${RUN}.xlsx`,
      mimeType: 'application/octet-stream',
      buffer: await sheet(employee.nrp, shift.id),
    });
    await snap(page, 'absensi-upload');
    await page.getByRole('button', { name: 'Submit' }).click();
    const result = page.getByRole('dialog', { name: 'Hasil Upload' });
    // Her one good row is a day she did not have.
    await waitForText(result, 'Upload selesai: 1 baru, 0 diubah, 0 sama, 2 gagal');
    await waitForText(result, `NRP tidak terdaftar: ${MISSING}`);
    const refused = result.getByRole('table', { name: '2 baris gagal' });
    await waitForText(refused.getByRole('row').nth(1), `3${MISSING}NRP tidak ditemukan`);
    await waitForText(
      refused.getByRole('row').nth(2),
      `4${employee.nrp}jam_keluar: Jam masuk harus lebih kecil dari jam keluar`,
    );
    await result.getByRole('button', { name: 'Tutup' }).first().click();
    await page.getByRole('tab', { name: 'History Upload' }).click();
    await waitForText(page, 'Log Upload Absensi');
    const logRow = page
      .getByRole('row')
      .filter({ hasText: `absensi-${RUN}.xlsx` })
      .first();
    await expectVisible(logRow);
    await waitForText(logRow, MISSING);
    await snap(page, 'absensi-upload-history');

    // The list: both days, with the employee's zone on the times; the manual day's history holds the reason.
    await page.goto(`/absensi?startDate=${back(7)}&endDate=${today()}&q=${employee.nrp}`);
    const manualRow = page
      .getByRole('row')
      .filter({ hasText: backShown(4) })
      .first();
    await expectVisible(manualRow);
    await waitForText(manualRow, /07:41 WI(B|TA|T)/);
    await waitForText(manualRow, 'Manual');
    const uploadedRow = page
      .getByRole('row')
      .filter({ hasText: backShown(5) })
      .first();
    await waitForText(uploadedRow, /07:05 WI(B|TA|T)/);
    await waitForText(uploadedRow, 'Upload');
    await snap(page, 'absensi-list');
    await manualRow.getByRole('button', { name: `Detail ${employee.nrp} ${back(4)}` }).click();
    const detail = page.getByRole('dialog');
    await waitForText(detail, REASON);
    await waitForText(detail, 'Staf HR');
    await snap(page, 'absensi-detail');
  });
});
