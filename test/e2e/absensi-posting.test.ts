/**
 * Posting and the attendance reports through the screens (spec part 2 §2.7, §2.8): HR picks last
 * month's period, sees its summary, posts it after the confirmation and sees it frozen; then Laporan
 * Absensi, Rekap Absensi and Rekap Absensi Harian list that period's days (the period is mandatory:
 * "Mohon pilih Period") and each Download saves an .xlsx that is read back here.
 */
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiRequest, apiToken, expectVisible, loginAs, setupBrowser, snap, waitForPath, waitForText } from './browser';

const harness = setupBrowser();
/** Last month: a whole period of seeded attendance whose posting the seed enables. */
const PERIOD = dayjs().subtract(1, 'month').format('YYYYMM');

async function total(path: string): Promise<number> {
  const token = await apiToken('admin');
  const res = await apiRequest('GET', path, { token });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { totalCount: number }).totalCount;
}

/** Clicks Download and reads the saved file's first sheet: its name and rows (header included). */
async function download(page: Page): Promise<{ name: string; rows: number; header: unknown[] }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const ws = wb.worksheets[0]!;
  return {
    name: file.suggestedFilename(),
    rows: ws.actualRowCount,
    header: (ws.getRow(1).values as unknown[]).slice(1),
  };
}

describe('attendance posting and reports', () => {
  test('HR posts last month, then the three reports list its days and download as .xlsx', async () => {
    const page = await harness.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await loginAs(page, 'hr');
    await page.goto('/absensi/posting');
    await waitForText(page, 'Pilih period yang akan diposting.');
    await page.getByLabel('Period', { exact: true }).selectOption(PERIOD);
    await waitForPath(page, '/absensi/posting');
    const employees = await total(`/api/absensi/period/${PERIOD}`);
    await waitForText(page, `${employees} data`);
    await waitForText(page, 'Belum diposting');
    await snap(page, 'absensi-posting');

    await page.getByRole('button', { name: 'Posting', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await waitForText(dialog, `Posting absensi periode ${PERIOD}?`);
    await dialog.getByRole('button', { name: 'Posting' }).click();
    await waitForText(page, `Absensi periode ${PERIOD} berhasil diposting (${employees} karyawan)`);
    await expectVisible(page.getByText('Sudah diposting'));
    await expectVisible(page.getByRole('heading', { name: 'Absensi masuk setelah posting' }));
    await waitForText(page, 'Tidak ada absensi yang masuk setelah posting');
    expect(await page.getByRole('button', { name: 'Posting', exact: true }).count()).toBe(0);
    await snap(page, 'absensi-posted');

    // Laporan Absensi: the period is mandatory, then the period's days.
    await page.goto('/report/absensi/detail');
    await page.getByRole('button', { name: 'Filter' }).click();
    await waitForText(page, 'Mohon pilih Period');
    await page.getByLabel('Period', { exact: true }).selectOption(PERIOD);
    await page.getByRole('button', { name: 'Filter' }).click();
    const detailRows = await total(`/api/report/absensi-detail?period=${PERIOD}`);
    expect(detailRows).toBeGreaterThan(0);
    await waitForText(page, `${detailRows} data`);
    const month = dayjs(`${PERIOD}01`);
    const monthName = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'][
      month.month()
    ];
    await expectVisible(page.getByText(new RegExp(`\\d{2} ${monthName} ${month.year()}`)).first());
    await snap(page, 'report-absensi-detail');
    const detail = await download(page);
    expect(detail.name).toBe(`laporan-absensi-${PERIOD}.xlsx`);
    expect(detail.rows).toBe(detailRows + 1);
    expect(detail.header).toContain('Jam Masuk');

    // Rekap Absensi.
    await page.goto(`/report/absensi/rekap?period=${PERIOD}`);
    const summaryRows = await total(`/api/report/absensi-summary?period=${PERIOD}`);
    await waitForText(page, `${summaryRows} data`);
    await expectVisible(page.getByRole('columnheader', { name: 'Gapok' }).or(page.getByText('Gapok').first()));
    await snap(page, 'report-absensi-rekap');
    const summary = await download(page);
    expect(summary.name).toBe(`rekap-absensi-${PERIOD}.xlsx`);
    expect(summary.rows).toBe(summaryRows + 1);

    // Rekap Absensi Harian, opened by its address with the period (spec §2.1).
    await page.goto(`/report/absensi/rekap-harian?period=${PERIOD}`);
    await waitForText(page, `${summaryRows} data`).catch((err: unknown) => {
      throw new Error(`${String(err)}; page errors: ${errors.join(' | ')}`);
    });
    await expectVisible(page.getByTitle(new RegExp(`^${month.format('YYYY-MM')}-\\d{2}: H$`)).first());
    await snap(page, 'report-absensi-rekap-harian');
    const daily = await download(page);
    expect(daily.name).toBe(`rekap-absensi-harian-${PERIOD}.xlsx`);
    expect(daily.rows).toBe(summaryRows + 1);
    // The days, then Hadir, Sakit, Cuti, Izin, Alpa and OFF counted as Rekap Absensi counts them (decision 028).
    expect(daily.header).toHaveLength(4 + month.daysInMonth() + 6);
  });
});
