/**
 * Field accounts of their own for the journeys that need an SPG with a clean day: the demo `spg` is
 * checked in and out by other journeys, so what her day screen shows depends on the order they run in.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiRequest, BASE_URL, DEMO_PASSWORD, expectVisible, waitForText } from './browser';

/** The smallest file the server takes as a JPEG (SOI, JFIF APP0, EOI). */
export const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

/** A day check-in or check-out through the API, as another phone would send it. */
export async function dayAction(token: string, tanggal: string, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ tanggal, captured_at: new Date().toISOString(), ...fields })) form.append(k, v);
  form.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  return fetch(new URL('/api/absensi/new/spg', BASE_URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    body: form,
  });
}

export interface Line {
  id: number;
  in_jam: string | null;
  customer: { cust_name: string; cust_lat: number | null; cust_long: number | null };
}

export async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * An active employee (not the demo pair) with visit lines today, no check-in and no attendance. On a day
 * the demo plans leave free (Sundays), the first employee whose plan covers today and who has no
 * attendance gets a line today through the plan editor's API (a store with a position, the first shift).
 */
export async function freshEmployee(admin: string, today: string): Promise<{ nrp: string; line: Line }> {
  const list = await json<{ result: { nrp: string }[] }>(
    await apiRequest('GET', '/api/karyawan?resigned=0&per_page=60', { token: admin }),
  );
  const planOf = (nrp: string) =>
    apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${today}`, { token: admin }).then((r) =>
      json<{ result: { no_dcp: string | null; details: Line[] } }>(r),
    );
  const attendanceFree = async (nrp: string) =>
    (
      await json<{ result: unknown[] }>(
        await apiRequest('GET', `/api/absensi?startDate=${today}&endDate=${today}&nrp=${nrp}`, { token: admin }),
      )
    ).result.length === 0;
  let withoutLines: { nrp: string; no_dcp: string } | undefined;
  for (const { nrp } of list.result) {
    if (nrp === '26000001' || nrp === '26000002') continue;
    const plan = await planOf(nrp);
    const line = plan.result.details.find((l) => l.customer.cust_lat !== null);
    if (!line) {
      if (!withoutLines && plan.result.no_dcp && plan.result.details.length === 0 && (await attendanceFree(nrp)))
        withoutLines = { nrp, no_dcp: plan.result.no_dcp };
      continue;
    }
    if (plan.result.details.some((l) => l.in_jam)) continue;
    if (await attendanceFree(nrp)) return { nrp, line };
  }
  if (!withoutLines) throw new Error('no employee with a plan today and no attendance in the demo data');
  const stores = await json<{ result: { cust_code: string; cust_lat: number | null }[] }>(
    await apiRequest('GET', '/api/store?per_page=50', { token: admin }),
  );
  const shifts = await json<{ result: { id: string }[] }>(
    await apiRequest('GET', '/api/shift?per_page=10', { token: admin }),
  );
  const added = await apiRequest('POST', `/api/kunjungan/${encodeURIComponent(withoutLines.no_dcp)}/detail/add`, {
    token: admin,
    body: {
      tgl_dcp: today,
      shift_id: shifts.result[0]!.id,
      cust_code: stores.result.find((s) => s.cust_lat !== null)!.cust_code,
    },
  });
  if (!added.ok) throw new Error(`a line today for ${withoutLines.nrp}: ${added.status} ${await added.text()}`);
  const line = (await planOf(withoutLines.nrp)).result.details[0]!;
  return { nrp: withoutLines.nrp, line };
}

/** A new field account (role USER) for the employee `nrp`. */
export async function fieldUser(
  admin: string,
  nrp: string,
  prefix: string,
  nama: string,
  offset: number,
): Promise<{ username: string; userid: string }> {
  const suffix = String((Date.now() + offset) % 100_000).padStart(5, '0');
  const username = `${prefix}.${suffix}`;
  const userid = `${prefix[0]!.toUpperCase()}${suffix}`;
  const created = await apiRequest('POST', '/api/users', {
    token: admin,
    body: {
      userid,
      username,
      nama,
      password: DEMO_PASSWORD,
      reset_password: false,
      role: 'USER',
      nrp,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return { username, userid };
}

/** The check-in dialog: a photo, a location fix, Simpan. */
export async function capture(page: Page, photo: Buffer): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('photo-input').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectVisible(dialog.getByRole('img', { name: 'Foto' }));
  await waitForText(dialog, /Lokasi ditemukan/);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
