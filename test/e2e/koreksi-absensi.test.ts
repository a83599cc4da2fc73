/**
 * Koreksi Absensi end to end (issue 29 item 2): an employee files a correction of a recent day from her
 * phone while offline (with a photo), it arrives exactly once when the signal returns, her team leader
 * approves it on a tablet at /approval/absensi, the admin approves it on a desktop, and the day shows
 * the corrected times with a history naming the correction.
 *
 * Self-contained: an employee of the demo data who has a team leader (not the demo pair, whose day other
 * journeys use), with a field account and a team-leader account made here.
 */
import { describe, expect, test } from 'vitest';
import {
  apiRequest,
  apiToken,
  DEMO_PASSWORD,
  expectVisible,
  loginAs,
  PHONE,
  setupBrowser,
  snap,
  waitForText,
  waitForPersisted,
  waitForServiceWorker,
} from './browser';
import { fieldUser, JPEG, json } from './field-accounts';

const harness = setupBrowser();
const TABLET = { width: 800, height: 1280 } as const;
const REASON = 'Lupa check out, pulang jam 17.45';

const jakarta = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date(Date.now() + offsetDays * 86_400_000));

interface Koreksi {
  id: number;
  status: string;
  step: number;
  tanggal: string;
}

/** An active employee outside the demo pair whose team leader is someone else, newest NRPs first. */
async function employeeWithLeader(admin: string): Promise<{ nrp: string; nama: string; tl: string }> {
  const list = await json<{ result: { nrp: string; nama: string }[] }>(
    await apiRequest('GET', '/api/karyawan?resigned=0&per_page=60', { token: admin }),
  );
  for (const { nrp, nama } of list.result.reverse()) {
    if (nrp === '26000001' || nrp === '26000002') continue;
    const detail = await json<{ result: { team_leader_nrp: string | null } }>(
      await apiRequest('GET', `/api/karyawan/${nrp}`, { token: admin }),
    );
    const tl = detail.result.team_leader_nrp;
    if (tl && tl !== nrp && tl !== '26000001') return { nrp, nama, tl };
  }
  throw new Error('no employee with a team leader in the demo data');
}

async function ownKoreksi(token: string): Promise<Koreksi[]> {
  return (
    await json<{ result: Koreksi[] }>(await apiRequest('GET', '/api/absensi/koreksi?status=all&mine=1', { token }))
  ).result;
}

async function waitForKoreksi(token: string, id: number, want: Partial<Koreksi>): Promise<Koreksi> {
  for (let i = 0; i < 60; i++) {
    const row = (await ownKoreksi(token)).find((r) => r.id === id);
    if (row && Object.entries(want).every(([k, v]) => row[k as keyof Koreksi] === v)) return row;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`koreksi ${id} never reached ${JSON.stringify(want)}`);
}

describe('Koreksi Absensi end to end', () => {
  test('filed offline from the phone → team leader (tablet) → admin → the day shows the new times', async () => {
    const admin = await apiToken('admin');
    const emp = await employeeWithLeader(admin);
    const field = await fieldUser(admin, emp.nrp, 'koreksi', emp.nama);
    const tlUser = { userid: `T${field.userid.slice(1)}`, username: `tl.${field.username}` };
    const made = await apiRequest('POST', '/api/users', {
      token: admin,
      body: {
        ...tlUser,
        nama: 'Team Leader (Koreksi)',
        password: DEMO_PASSWORD,
        role: 'TL',
        nrp: emp.tl,
        reset_password: false,
      },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const empToken = await apiToken(field.username);
    // Yesterday, unless it lies in last month (which another journey may have posted): then today.
    const day = jakarta(-1).slice(0, 7) === jakarta(0).slice(0, 7) ? jakarta(-1) : jakarta(0);

    // ---------------------------------------------------------------- the employee, on a phone, offline
    const phone = await harness.newPage({ viewport: PHONE });
    await loginAs(phone, field.username);
    await phone.goto('/request/absensi');
    await waitForText(phone, 'Belum ada koreksi absensi.');
    await waitForServiceWorker(phone);
    await waitForPersisted(phone, ['koreksi', '*', 'own']);

    await phone.context().setOffline(true);
    await phone.reload();
    await waitForText(phone, 'Belum ada koreksi absensi.');
    await phone.getByTestId('koreksi-tanggal').selectOption(day);
    // The day as it stands came to the phone while online: shown offline too.
    await waitForText(phone.getByTestId('koreksi-recorded'), /Tercatat: Masuk|Belum ada absensi tercatat/);
    await phone.getByLabel('Jam Masuk', { exact: true }).fill('08:05');
    await phone.getByLabel('Jam Keluar', { exact: true }).fill('17:45');
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
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    const filed = await ownKoreksi(empToken);
    expect(filed).toHaveLength(1);
    const koreksi = filed[0]!;
    expect(koreksi).toMatchObject({ tanggal: day, status: 'N', step: 1 });
    const own = phone.getByTestId('koreksi-own');
    await waitForText(own, 'Menunggu Team Leader');
    await snap(phone, 'koreksi-request-list');

    // ---------------------------------------------------------------- the team leader, on a tablet
    const tablet = await harness.newPage({ viewport: TABLET });
    await loginAs(tablet, tlUser.username);
    await tablet.goto('/approval/absensi');
    // A tablet shows each request as a card (role row), a desktop as a table row.
    const tlRow = tablet.getByRole('row').filter({ hasText: REASON });
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
    const adminRow = desk.getByRole('row').filter({ hasText: REASON });
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
    expect(dayRecord.result).toMatchObject({ jam_masuk: '08:05:00', jam_keluar: '17:45:00' });
    const history = await json<{ result: { alasan: string }[] }>(
      await apiRequest('GET', `/api/absensi/${emp.nrp}/${day}/history`, { token: admin }),
    );
    expect(history.result[0]!.alasan).toBe(`Koreksi Absensi #${koreksi.id}: ${REASON}`);
  });
});
