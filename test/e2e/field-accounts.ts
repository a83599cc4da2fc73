/**
 * Field accounts of their own for the journeys that need an SPG with a clean day: the demo `spg` is
 * checked in and out by other journeys, so what her day screen shows depends on the order they run in.
 * freshEmployee makes the employee, her store and her day; fieldUser gives her an account. The parts
 * are there alone too, for a journey that makes the rest through the screens: newStore, newRouteList (its
 * stores on every day), newEmployee (no plan, on a route list when given), newPlan, periodOf, and
 * visitCheckIn (a visit check-in as her phone sends it).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { MATRIX_KEYS } from '../../src/domain/route-list/matrix-kunjungan';
import { apiRequest, BASE_URL, DEMO_PASSWORD, expectVisible, waitForText } from './browser';

/** The smallest file the server takes as a JPEG (SOI, JFIF APP0, EOI). */
export const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

/**
 * A real JPEG of random pixels: the evidence job reads it and finds it like no other photo (a drawn
 * picture such as jpegFromPage's is near every other drawn one to a perceptual hash).
 */
export async function noisePhoto(): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const size = 64;
  return new Uint8Array(
    await sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
}

/**
 * A day check-in or check-out through the API, as another phone would send it. Without `photo` it sends
 * JPEG above, which has no picture in it: the evidence job flags it `photo_unreadable`, and her day shows
 * "Sedang ditinjau". A journey that must not meet that passes a photo of its own (noisePhoto).
 */
export async function dayAction(
  token: string,
  tanggal: string,
  fields: Record<string, string>,
  photo: Uint8Array = JPEG,
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ tanggal, captured_at: new Date().toISOString(), ...fields })) form.append(k, v);
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
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

/** A store of the journey's own, with a position in Jakarta (its code carries a unique tag). */
export interface FreshStore {
  cust_code: string;
  cust_name: string;
  cust_lat: number;
  cust_long: number;
}

export async function newStore(admin: string, tag = uniqueTag()): Promise<FreshStore> {
  // Six decimals (about 10 cm), as a store's position is written: the form takes at most 12 characters.
  const lat = (-6.2 + Math.random() * 0.05).toFixed(6);
  const long = (106.8 + Math.random() * 0.05).toFixed(6);
  const store = { cust_code: `E2E-${tag}`, cust_name: `Toko Uji ${tag}` };
  await json(
    await apiRequest('POST', '/api/store', {
      token: admin,
      body: { ...store, cust_address: 'Jl. Uji No. 1', cust_lat: lat, cust_long: long },
    }),
  );
  return { ...store, cust_lat: Number(lat), cust_long: Number(long) };
}

/**
 * A route list of the journey's own (company KM, as every new one), with each store of `stores` in its
 * matrix on every day of weeks 1–5, made through the admin's API as the Route List screen does. Its id
 * (five characters at most) is random; a taken one is drawn again.
 */
export async function newRouteList(admin: string, stores: string[] = []): Promise<{ id: string; nama: string }> {
  for (let attempt = 0; ; attempt++) {
    const id = `Q${Math.random().toString(36).slice(2, 6).toUpperCase().padEnd(4, '0')}`;
    const nama = `Rute Uji ${id} ${uniqueTag()}`;
    const created = await apiRequest('POST', '/api/route-list', { token: admin, body: { id, nama } });
    if (created.status === 409 && attempt < 5) continue;
    expect(created.status, await created.clone().text()).toBe(201);
    const everyDay = Object.fromEntries(MATRIX_KEYS.map((k) => [k, 'X']));
    for (const cust_code of stores) {
      const added = await apiRequest('POST', '/api/matrix-kunjungan', {
        token: admin,
        body: { route_list_id: id, cust_code, ...everyDay },
      });
      expect(added.status, await added.clone().text()).toBe(201);
    }
    return { id, nama };
  }
}

/**
 * A new employee of the journey's own in Jakarta (company KM), her contract from `today`, with no plan:
 * on `route_list_id` when given. Made through the admin's employee form API.
 */
export async function newEmployee(
  admin: string,
  today: string,
  { route_list_id }: { route_list_id?: string } = {},
): Promise<{ nrp: string; nama: string }> {
  const tag = uniqueTag();
  // Time and chance together: two journeys making an employee in the same millisecond still differ.
  const digits = String(((Date.now() % 1e5) * 1000 + Math.floor(Math.random() * 1000)) % 1e8).padStart(8, '0');
  const nama = `SPG Uji ${tag}`;
  const created = await fetch(new URL('/api/karyawan', BASE_URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, Accept: 'application/json' },
    body: formOf({
      nama,
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
      ...(route_list_id ? { route_list_id } : {}),
    }),
  });
  const { nrp } = (await json<{ result: { nrp: string } }>(created)).result;
  return { nrp, nama };
}

/** The period `today` falls in (its id, first and last day). */
export async function periodOf(admin: string, today: string): Promise<{ id: string; mulai: string; akhir: string }> {
  return (
    await json<{ result: { id: string; mulai: string; akhir: string } }>(
      await apiRequest('GET', `/api/period/${today.slice(0, 7).replace('-', '')}`, { token: admin }),
    )
  ).result;
}

/**
 * The plan of `nrp` for the period of `today` with these lines (each on the first shift), saved through
 * the admin's API as the plan form does; answers its number.
 */
export async function newPlan(
  admin: string,
  nrp: string,
  today: string,
  lines: { tgl_dcp: string; cust_code: string }[],
): Promise<string> {
  const period = await periodOf(admin, today);
  const shifts = await json<{ result: { id: string }[] }>(
    await apiRequest('GET', '/api/shift?per_page=10', { token: admin }),
  );
  const shift_id = shifts.result[0]!.id;
  const saved = await json<{ result: { no_dcp: string } }>(
    await apiRequest('POST', '/api/kunjungan', {
      token: admin,
      body: {
        nrp,
        period_id: period.id,
        shift_id,
        tgl_period1: period.mulai,
        tgl_period2: period.akhir,
        details: lines.map((l) => ({ ...l, shift_id })),
      },
    }),
  );
  return saved.result.no_dcp;
}

/**
 * An employee of the journey's own, with a day of her own: a new store (with its position), a new
 * employee in Jakarta, and her plan for the running period with one visit line today at that store,
 * made through the admin's API as the back office would. Nothing another journey touches, so the result
 * never depends on the weekday, on the demo plans or on which journeys ran before or beside it.
 */
export async function freshEmployee(admin: string, today: string): Promise<{ nrp: string; line: Line }> {
  const { cust_code } = await newStore(admin);
  const { nrp } = await newEmployee(admin, today);
  await newPlan(admin, nrp, today, [{ tgl_dcp: today, cust_code }]);
  const plan = await json<{ result: { details: Line[] } }>(
    await apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${today}`, { token: admin }),
  );
  return { nrp, line: plan.result.details[0]! };
}

/** A visit check-in through the API, as the employee's phone sends it (a photo, the time, a position). */
export async function visitCheckIn(
  token: string,
  lineId: number,
  at: { lat: number; long: number; accuracy?: number; jam?: string },
): Promise<Response> {
  const jam =
    at.jam ??
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jakarta',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
  const form = formOf({
    jam,
    captured_at: new Date().toISOString(),
    lat: String(at.lat),
    long: String(at.long),
    accuracy: String(at.accuracy ?? 10),
  });
  form.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
  return fetch(new URL(`/api/kunjungan/detail/${lineId}/check-in`, BASE_URL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    body: form,
  });
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
/**
 * Taps the day's Check Out minutes after her check-in: the card asks first, where the button was ("Anda
 * baru check in N menit yang lalu. Check out sekarang?", issue 41 item 5), and she confirms.
 */
export async function checkOutSoonAfterCheckIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Check Out', exact: true }).click();
  const ask = page.getByRole('group', { name: /^Anda baru check in \d+ menit yang lalu\. Check out sekarang\?$/ });
  await expectVisible(ask);
  await ask.getByRole('button', { name: 'Ya, Check Out' }).click();
  await ask.waitFor({ state: 'detached' });
}

export async function capture(page: Page, photo: Buffer): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('photo-input').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expectVisible(dialog.getByRole('img', { name: 'Foto' }));
  await waitForText(dialog, /Lokasi ditemukan/);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
