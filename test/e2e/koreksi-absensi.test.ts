/**
 * Koreksi Absensi end to end (issue 29 item 2): an employee files a correction of a recent day from her
 * phone while offline (with a photo), it arrives exactly once when the signal returns, her team leader
 * approves it on a tablet at /approval/absensi, the admin approves it on a desktop, and the day shows
 * the corrected times with a history naming the correction.
 *
 * Makes all its own data: a new employee (contract from today) and her new team leader, each with an
 * account of their own (test/e2e/field-team.ts); no demo employee is read or changed. She starts with no
 * correction and no attendance, so every count of hers is exact.
 */
import { describe, expect, test } from 'vitest';
import {
  apiRequest,
  apiToken,
  expectVisible,
  loginAs,
  PHONE,
  setupBrowser,
  snap,
  SYNC_WAIT,
  waitForPersisted,
  waitForServiceWorker,
  waitForText,
} from './browser';
import { JPEG, json } from './field-accounts';
import { freshTeam } from './field-team';

const harness = setupBrowser();
const TABLET = { width: 800, height: 1280 } as const;
const REASON = 'Lupa check out, pulang lebih awal';

/**
 * Proposed times of today that have already passed (a correction may not say what has not happened):
 * check-out a minute ago, check-in up to 9 hours before it. In the day's first two minutes it waits.
 */
async function pastTimes(): Promise<{ masuk: string; keluar: string }> {
  const minutes = () => {
    const [h, m] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jakarta',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date())
      .split(':')
      .map(Number) as [number, number];
    return h * 60 + m;
  };
  while (minutes() < 2) await new Promise((r) => setTimeout(r, 5_000));
  const keluar = minutes() - 1;
  const masuk = Math.max(0, keluar - 9 * 60);
  const hhmm = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
  return { masuk: hhmm(masuk), keluar: hhmm(keluar) };
}

const jakarta = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() + offsetDays * 86_400_000));

interface Koreksi {
  id: number;
  status: string;
  step: number;
  tanggal: string;
}

async function ownKoreksi(token: string): Promise<Koreksi[]> {
  return (
    await json<{ result: Koreksi[] }>(await apiRequest('GET', '/api/absensi/koreksi?status=all&mine=1', { token }))
  ).result;
}

/** Waits until her correction has these values (polling the server, 30 s at most). */
async function waitForKoreksi(token: string, id: number, want: Partial<Koreksi>): Promise<void> {
  await expect
    .poll(async () => (await ownKoreksi(token)).find((r) => r.id === id), { timeout: SYNC_WAIT })
    .toMatchObject(want);
}

describe('Koreksi Absensi end to end', () => {
  test('filed offline from the phone → team leader (tablet) → admin → the day shows the new times', async () => {
    const admin = await apiToken('admin');
    const { spg: emp, leader } = await freshTeam(admin, jakarta(), 'koreksi');
    const empToken = await apiToken(emp.username);
    // Today: her contract starts today, so it is the one day of hers that has begun (and a day of the
    // running period, which no journey posts).
    const day = jakarta(0);

    // ---------------------------------------------------------------- the employee, on a phone, offline
    const phone = await harness.newPage({ viewport: PHONE });
    await loginAs(phone, emp.username);
    await phone.goto('/request/absensi');
    await waitForText(phone, 'Belum ada koreksi absensi.');
    await waitForServiceWorker(phone);
    await waitForPersisted(phone, ['koreksi', '*', 'own']);

    await phone.context().setOffline(true);
    await phone.reload();
    await waitForText(phone, 'Belum ada koreksi absensi.');
    await phone.getByTestId('koreksi-tanggal').selectOption(day);
    // The day as it stands came to the phone while online: shown offline too (a new employee: nothing yet).
    await waitForText(phone.getByTestId('koreksi-recorded'), 'Belum ada absensi tercatat');
    const times = await pastTimes();
    await phone.getByLabel('Jam Masuk', { exact: true }).fill(times.masuk);
    await phone.getByLabel('Jam Keluar', { exact: true }).fill(times.keluar);
    await phone.getByLabel('Alasan').fill(REASON);
    await phone
      .getByTestId('koreksi-foto-input')
      .setInputFiles({ name: 'bukti.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(JPEG) });
    await waitForText(phone.getByTestId('koreksi-foto-name'), 'bukti.jpg');
    await snap(phone, 'koreksi-request-offline');
    await phone.getByRole('button', { name: 'Kirim Koreksi' }).click();
    const pending = phone.getByTestId('koreksi-pending');
    await expectVisible(pending);
    await waitForText(pending, 'menunggu sinkron');
    expect(await ownKoreksi(empToken)).toEqual([]); // nothing reached the server

    // The signal returns: the outbox drains by itself, and the request arrives exactly once.
    await phone.context().setOffline(false);
    await pending.waitFor({ state: 'detached', timeout: SYNC_WAIT });
    const filed = await ownKoreksi(empToken);
    expect(filed).toHaveLength(1);
    const koreksi = filed[0]!;
    expect(koreksi).toMatchObject({ tanggal: day, status: 'N', step: 1 });
    const own = phone.getByTestId('koreksi-own');
    await waitForText(own, 'Menunggu Team Leader');
    await snap(phone, 'koreksi-request-list');

    // ---------------------------------------------------------------- the team leader, on a tablet
    const tablet = await harness.newPage({ viewport: TABLET });
    await loginAs(tablet, leader.username);
    await tablet.goto('/approval/absensi');
    // A tablet shows each request as a card (role row), a desktop as a table row.
    const tlRow = tablet.getByRole('row').filter({ hasText: emp.nama }).filter({ hasText: REASON });
    await expectVisible(tlRow);
    await waitForText(tlRow, 'Menunggu Team Leader');
    await snap(tablet, 'koreksi-approval-tl');
    await tlRow.getByRole('button', { name: 'Setujui' }).click();
    const tlDialog = tablet.getByRole('alertdialog');
    await waitForText(tlDialog, 'Koreksi diteruskan ke Admin');
    await tlDialog.getByRole('textbox').fill('Benar, saya lihat di toko');
    await tlDialog.getByRole('button', { name: 'Setujui' }).click();
    await tlDialog.waitFor({ state: 'hidden' });
    await waitForKoreksi(empToken, koreksi.id, { step: 2, status: 'N' });

    // ---------------------------------------------------------------- the admin, on a desktop
    const desk = await harness.newPage();
    await loginAs(desk, 'admin');
    await desk.goto('/approval/absensi');
    const adminRow = desk.getByRole('row').filter({ hasText: emp.nama }).filter({ hasText: REASON });
    await expectVisible(adminRow);
    await waitForText(adminRow, 'Menunggu Admin');
    await adminRow.getByRole('button', { name: 'Foto' }).click();
    const photo = desk.getByRole('dialog');
    await expectVisible(photo.getByRole('img'));
    await photo.getByRole('button', { name: 'Tutup' }).click();
    await snap(desk, 'koreksi-approval-admin');
    await adminRow.getByRole('button', { name: 'Setujui' }).click();
    const adminDialog = desk.getByRole('alertdialog');
    await waitForText(adminDialog, 'Absensi hari itu akan diubah sesuai usulan');
    await snap(desk, 'koreksi-decision-dialog');
    await adminDialog.getByRole('button', { name: 'Setujui' }).click();
    await adminDialog.waitFor({ state: 'hidden' });
    await waitForKoreksi(empToken, koreksi.id, { status: 'A', step: 0 });

    // She sees it approved; the day has the new times, and its history names the correction.
    await phone.reload();
    await waitForText(phone.getByTestId('koreksi-own'), 'Disetujui');
    const dayRecord = await json<{ result: { jam_masuk: string | null; jam_keluar: string | null } | null }>(
      await apiRequest('GET', `/api/absensi/new/spg?tanggal=${day}`, { token: empToken }),
    );
    expect(dayRecord.result).toMatchObject({ jam_masuk: `${times.masuk}:00`, jam_keluar: `${times.keluar}:00` });
    const history = await json<{ result: { alasan: string }[] }>(
      await apiRequest('GET', `/api/absensi/${emp.nrp}/${day}/history`, { token: admin }),
    );
    expect(history.result[0]!.alasan).toBe(`Koreksi Absensi #${koreksi.id}: ${REASON}`);
  });
});
