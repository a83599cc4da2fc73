/**
 * Field accounts of their own for the journeys that need an SPG with a clean day: the demo `spg` is
 * checked in and out by other journeys, so what her day screen shows depends on the order they run in.
 * freshEmployee makes the employee, her store and her day; fieldUser gives her an account.
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
  cust_code: string;
  in_jam: string | null;
  customer: { cust_name: string; cust_lat: number | null; cust_long: number | null };
}

export async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A short tag no other journey (or run) uses: the codes of what a journey makes carry it. */
export function uniqueTag(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
}

/** A multipart body as the employee form sends it: every value as text. */
function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/**
 * An employee of the journey's own, with a day of her own: a new store (with its position), a new
 * employee in Jakarta, and her plan for the running period with one visit line today at that store,
 * made through the admin's API as the back office would. Nothing another journey touches, so the result
 * never depends on the weekday, on the demo plans or on which journeys ran before or beside it.
 */
export async function freshEmployee(admin: string, today: string): Promise<{ nrp: string; line: Line }> {
  const tag = uniqueTag();
  const digits = String(Date.now() % 1e8).padStart(8, '0');
  // Six decimals (about 10 cm), as a store's position is written: the form takes at most 12 characters.
  const lat = (-6.2 + Math.random() * 0.05).toFixed(6);
  const long = (106.8 + Math.random() * 0.05).toFixed(6);
  const cust_code = `E2E-${tag}`;
  await json(
    await apiRequest('POST', '/api/store', {
      token: admin,
      body: { cust_code, cust_name: `Toko Uji ${tag}`, cust_address: 'Jl. Uji No. 1', cust_lat: lat, cust_long: long },
    }),
  );

  const month = today.slice(0, 7);
  const created = await fetch(new URL('/api/karyawan', BASE_URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, Accept: 'application/json' },
    body: formOf({
      nama: `SPG Uji ${tag}`,
      jenis_kelamin: 'P',
      nik: `3171${digits}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
      tempat_lahir: 'Jakarta',
      tgl_lahir: '1999-04-12',
      alamat1: 'Jl. Melati No. 5',
      alamat2: 'Menteng, Jakarta',
      kode_pos: '10310',
      email: `uji.${tag.toLowerCase()}@example.com`,
      telp_hp: `0812${digits}`,
      jumlah_anak: '0',
      agama_id: '1',
      pendidikan_id: '3',
      kode_prsh: 'KM',
      kode_lokasi: 'JKT',
      jobclass: '12',
      rek_bca: digits.padStart(10, '1'),
      type_spg_id: 'REG',
      jabatan_id: 'SPG',
      departemen_id: 'SLS',
      divisi_id: 'FOOD',
      sales_office_id: 'JKT',
      lama_kontrak: '12',
      // From today: in no earlier period's lists (the posting and reports of last month another journey counts).
      mulai_kontrak: today,
      kode_umr: `JKT${today.slice(0, 4)}`,
      gaji: JSON.stringify({ gapok: 5_000_000 }),
    }),
  });
  const { nrp } = (await json<{ result: { nrp: string } }>(created)).result;

  const period = (
    await json<{ result: { id: string; mulai: string; akhir: string } }>(
      await apiRequest('GET', `/api/period/${month.replace('-', '')}`, { token: admin }),
    )
  ).result;
  const shifts = await json<{ result: { id: string }[] }>(
    await apiRequest('GET', '/api/shift?per_page=10', { token: admin }),
  );
  const shift_id = shifts.result[0]!.id;
  await json(
    await apiRequest('POST', '/api/kunjungan', {
      token: admin,
      body: {
        nrp,
        period_id: period.id,
        shift_id,
        tgl_period1: period.mulai,
        tgl_period2: period.akhir,
        details: [{ tgl_dcp: today, shift_id, cust_code }],
      },
    }),
  );
  const plan = await json<{ result: { details: Line[] } }>(
    await apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${today}`, { token: admin }),
  );
  return { nrp, line: plan.result.details[0]! };
}

/**
 * A new account of the journey's own, with the demo password: `role` (an office role such as HR), linked
 * to the employee `nrp` when given. A journey that locks or resets an account uses one of these, so no
 * other journey's login meets it.
 */
export async function newAccount(
  admin: string,
  { prefix, nama, role, nrp }: { prefix: string; nama: string; role: string; nrp?: string },
): Promise<{ username: string; userid: string }> {
  const suffix = uniqueTag().slice(-5);
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
      role,
      ...(nrp ? { nrp } : {}),
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return { username, userid };
}

/** A new field account (role USER) for the employee `nrp`. */
export function fieldUser(
  admin: string,
  nrp: string,
  prefix: string,
  nama: string,
): Promise<{ username: string; userid: string }> {
  return newAccount(admin, { prefix, nama, role: 'USER', nrp });
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
