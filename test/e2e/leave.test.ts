/**
 * Leave end to end: an SPG files a sick leave with a PDF while offline, it arrives exactly once when
 * the signal returns, the team leader approves on a tablet (offline too, through the outbox), the
 * admin approves, the SPG sees it approved, the attendance shows the sick days and the report lists it.
 *
 * Makes all its own data: a new SPG (contract from today) and her new team leader, each with an account
 * of their own (test/e2e/field-team.ts), so nothing of the demo `spg` or `tl` is read or changed and the
 * journey runs beside any other. She starts with no leave, so every count of hers is exact.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiRequest,
  apiToken,
  BASE_URL,
  expectVisible,
  loginAs,
  PHONE,
  setupBrowser,
  snap,
  SYNC_WAIT,
  waitForPath,
  waitForPersisted,
  waitForServiceWorker,
  waitForText,
} from './browser';
import { json } from './field-accounts';
import { freshTeam } from './field-team';

const harness = setupBrowser();
const TABLET = { width: 820, height: 1180 } as const;
const SICK = 'Surat Keterangan Dokter/Ijin Sakit';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

const jakarta = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() + offsetDays * 86_400_000));

interface Leave {
  leave_id: number;
  nomor: string;
  nrp: string;
  status: string;
  start_date: string;
  end_date: string;
  attachment: string | null;
  approval: { approval_id: number; approval_role: string; approval_status: string }[];
}

async function spgLeaves(adminToken: string, nrp: string): Promise<Leave[]> {
  return (
    await json<{ result: Leave[] }>(
      await apiRequest('GET', `/api/leave?nrp=${nrp}&per_page=100`, { token: adminToken }),
    )
  ).result;
}

/** Waits until the request has this status (polling the server, 30 s at most) and answers its row. */
async function waitForStatus(adminToken: string, nrp: string, id: number, status: string): Promise<Leave> {
  const row = async () => (await spgLeaves(adminToken, nrp)).find((r) => r.leave_id === id);
  await expect.poll(async () => (await row())?.status, { timeout: SYNC_WAIT }).toBe(status);
  return (await row())!;
}

/** Approve the first outstanding request of the SPG on /approval/leave, answering the spec's dialog. */
async function approveOnScreen(page: Page, spgName: string) {
  const row = page.getByRole('row').filter({ hasText: spgName }).filter({ hasText: SICK });
  await expectVisible(row);
  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await waitForText(dialog, 'Apakah Anda Yakin Approve Pengajuan Leave Pegawai?');
  await expectVisible(dialog.getByTestId('coverage'));
  await dialog.getByRole('textbox').fill('Semoga lekas sembuh');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  return row;
}

describe('leave end to end', () => {
  test('sick leave with a PDF filed offline → team leader (tablet, offline) → admin → approved, attendance and report', async () => {
    const adminToken = await apiToken('admin');
    const { spg, leader } = await freshTeam(adminToken, jakarta(), 'leave');
    // A new SPG: no request of hers yet.
    expect(await spgLeaves(adminToken, spg.nrp)).toEqual([]);

    // ---------------------------------------------------------------- the SPG, on a phone, offline
    const phone = await harness.newPage({ viewport: PHONE });
    await loginAs(phone, spg.username);
    const spgName = (await phone.getByTestId('user-name').textContent())!.trim();
    expect(spgName).toBe(spg.nama);
    // Online once: the worker installs and the leave screens' data lands in the persisted cache.
    await phone.goto('/leave');
    // A phone chooses the kind from a select (the tab strip is for wider screens).
    await phone.getByRole('option', { name: SICK }).first().waitFor({ state: 'attached' });
    await phone.goto('/request/leave');
    await phone.getByRole('option', { name: SICK }).waitFor({ state: 'attached' });
    await waitForServiceWorker(phone);
    await waitForPersisted(phone, ['leave', 'jenis-leave'], ['leave', 'jenis-cuti']);

    await phone.context().setOffline(true);
    await phone.reload();
    await phone.getByRole('option', { name: SICK }).waitFor({ state: 'attached' });
    await phone.getByRole('combobox').first().selectOption({ label: SICK });
    // From tomorrow: within her contract (it starts today), and a sick leave may start in the future.
    await phone.getByLabel('Tanggal Mulai').fill(jakarta(1));
    await phone.getByLabel('Tanggal Selesai').fill(jakarta(2));
    await phone.getByLabel('Keterangan').fill('Demam, istirahat dua hari');
    await phone
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'surat-dokter.pdf', mimeType: 'application/pdf', buffer: PDF });
    await waitForText(phone, 'surat-dokter.pdf');
    await snap(phone, 'leave-request-offline');
    await phone.getByRole('button', { name: 'Simpan', exact: true }).click();
    const confirm = phone.getByRole('alertdialog');
    await waitForText(confirm, 'Lanjut Simpan Pengajuan Ini? Pengajuan akan di Approval oleh Team Leader dan Admin');
    await confirm.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(phone, '/leave');
    const pending = phone.getByTestId('pending-request').filter({ hasText: SICK });
    await expectVisible(pending);
    await waitForText(pending, 'menunggu sinkron');
    expect(await spgLeaves(adminToken, spg.nrp)).toEqual([]); // nothing reached the server

    // The signal returns: the outbox drains by itself, and the request arrives exactly once.
    await phone.context().setOffline(false);
    await pending.waitFor({ state: 'detached', timeout: SYNC_WAIT });
    const filed = await spgLeaves(adminToken, spg.nrp);
    expect(filed).toHaveLength(1);
    const leave = filed[0]!;
    expect(leave).toMatchObject({
      start_date: jakarta(1),
      end_date: jakarta(2),
      status: 'Pending',
      attachment: 'surat-dokter.pdf',
    });
    expect(leave.approval.map((s) => s.approval_role)).toEqual(['TL', 'ADMIN']);
    const file = await apiRequest('GET', `/api/leave/attachment/${leave.leave_id}/download`, { token: adminToken });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    await expectVisible(phone.getByRole('row').filter({ hasText: leave.nomor }));

    // ---------------------------------------------------------------- the team leader, on a tablet
    const tablet = await harness.newPage({ viewport: TABLET });
    await loginAs(tablet, leader.username);
    await tablet.goto('/approval/leave');
    await expectVisible(tablet.getByRole('row').filter({ hasText: spgName }).filter({ hasText: SICK }));
    await waitForServiceWorker(tablet);
    await snap(tablet, 'leave-approval-tablet');
    // The admin's queue does not show it yet: it waits for the team leader.
    const adminQueue = await json<{ result: { transaksi_id: number }[] }>(
      await apiRequest('GET', '/api/leave/approval/N?per_page=100', { token: adminToken }),
    );
    expect(adminQueue.result.map((q) => q.transaksi_id)).not.toContain(leave.leave_id);

    // Decided without a signal: the decision waits in the outbox.
    await tablet.context().setOffline(true);
    const row = await approveOnScreen(tablet, spgName);
    await waitForText(row, 'menunggu sinkron');
    expect((await spgLeaves(adminToken, spg.nrp)).find((r) => r.leave_id === leave.leave_id)?.status).toBe('Pending');
    await tablet.context().setOffline(false);
    await waitForStatus(adminToken, spg.nrp, leave.leave_id, 'Approved 1');
    await row.waitFor({ state: 'detached', timeout: SYNC_WAIT });

    // The SPG sees the first step.
    await phone.reload();
    await waitForText(phone.getByRole('row').filter({ hasText: leave.nomor }), 'Approve By Team Leader');

    // ---------------------------------------------------------------- the admin, on a desktop
    const desk = await harness.newPage();
    await loginAs(desk, 'admin');
    await desk.goto('/approval/leave');
    await approveOnScreen(desk, spgName);
    const done = await waitForStatus(adminToken, spg.nrp, leave.leave_id, 'Approved');
    expect(done.approval.map((s) => s.approval_status)).toEqual(['A', 'A']);

    // The SPG sees it approved, with both steps in the detail panel.
    await phone.reload();
    const mine = phone.getByRole('row').filter({ hasText: leave.nomor });
    await waitForText(mine, 'Approved');
    await mine.getByRole('button', { name: 'Detail' }).click();
    const detail = phone.getByRole('dialog');
    await waitForText(detail, 'Detail Leave dan Approval');
    expect(await detail.getByText('Approved', { exact: true }).count()).toBeGreaterThanOrEqual(3);

    // The attendance: both sick days are S.
    const spgToken = await apiToken(spg.username);
    const own = async (tanggal: string) =>
      (
        await json<{ result: { sts_abs_id: string } | null }>(
          await apiRequest('GET', `/api/absensi/new/spg?tanggal=${tanggal}`, { token: spgToken }),
        )
      ).result;
    expect((await own(jakarta(1)))?.sts_abs_id).toBe('S');
    expect((await own(jakarta(2)))?.sts_abs_id).toBe('S');

    // ---------------------------------------------------------------- the report lists it
    const period = jakarta(1).slice(0, 7).replace('-', '');
    await desk.goto('/leave/laporan');
    await desk.getByRole('combobox').first().selectOption(period);
    await desk.getByRole('button', { name: 'Filter', exact: true }).click();
    const reported = desk.getByRole('row').filter({ hasText: leave.nomor });
    await expectVisible(reported);
    await waitForText(reported, 'Approved');
    await snap(desk, 'leave-report');
    const xlsx = await fetch(new URL(`/api/leave/report/download?period=${period}&status=Approved`, BASE_URL), {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const nomors: string[] = [];
    wb.getWorksheet('Report Leave')!.eachRow((r, i) => void (i > 1 && nomors.push(String(r.getCell(1).value))));
    expect(nomors).toContain(leave.nomor);
  });
});
