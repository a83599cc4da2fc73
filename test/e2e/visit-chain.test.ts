/**
 * The visit-planning chain end to end (issue 12 "Tests"), through the screens alone: an admin creates a
 * store by dragging its marker on the map (tiles intercepted), puts it on every day of weeks 1–5 of an
 * SPG's route list with the row's "Semua hari" switch, and generates her plan for the current period
 * from that matrix; the SPG, on a 360 px phone, sees the store in today's visits and checks in offline
 * with a photo; back online the outbox delivers it; the admin sees the photo and the position on the
 * plan's map dialog.
 *
 * The journey makes its own data: the SPG is a new employee (no plan yet) with an account of her own,
 * on a new, empty route list, both made through the admin's API before the screens take over; the store
 * is made on its screen. No demo employee's route list or plan is touched.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  apiRequest,
  apiToken,
  expectVisible,
  jpegFromPage,
  loginAs,
  setupBrowser,
  SYNC_WAIT,
  WAIT,
  waitForPath,
  waitForServiceWorker,
  waitForText,
} from './browser';
import { capture, fieldUser, newEmployee, newRouteList } from './field-accounts';

const harness = setupBrowser();
const PHONE_360 = { width: 360, height: 740 } as const;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
const PERIOD = today.slice(0, 4) + today.slice(5, 7);
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const CODE = `V${RUN}`;
const NAME = `Toko Rantai ${RUN}`;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

// A 1×1 grey PNG for every map tile (there is no internet here).
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/x8AAwMB/6X8bVQAAAAASUVORK5CYII=',
  'base64',
);

async function interceptTiles(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.context().route(/tile\.openstreetmap\.org/, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  return asked;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Line {
  id: number;
  tgl_dcp: string;
  cust_code: string;
  in_jam: string | null;
  in_lat: number | null;
  in_long: number | null;
  in_foto: string | null;
}

describe('store → matrix → plan → offline check-in → evidence', () => {
  test('the whole chain through the screens', { timeout: 240_000 }, async () => {
    const admin = await apiToken('admin');
    // Her own route list (no store yet), and she, on it, with no plan and an account.
    const ownList = await newRouteList(admin);
    const { nrp: SPG_NRP } = await newEmployee(admin, today, { route_list_id: ownList.id });
    const { username } = await fieldUser(admin, SPG_NRP, 'rantai', 'SPG Rantai');
    const NO_DCP = `DCP/${PERIOD}/${SPG_NRP}`;

    // ------------------------------------------------ admin: a store placed on the map
    const office = await harness.newPage({ serviceWorkers: 'block' });
    const tiles = await interceptTiles(office);
    await loginAs(office, 'admin');
    await office.goto('/store/new');
    await office.getByLabel('Kode Customer').fill(CODE);
    await office.getByLabel('Nama Customer').fill(NAME);
    const marker = office.locator('.leaflet-marker-icon');
    await expectVisible(marker);
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    await marker.scrollIntoViewIfNeeded();
    const box = (await marker.boundingBox())!;
    await office.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
    await office.mouse.down();
    await office.mouse.move(box.x + box.width / 2 - 50, box.y + box.height + 30, { steps: 8 });
    await office.mouse.up();
    await expect.poll(() => office.getByLabel('Latitude').inputValue()).not.toBe('');
    await office.getByRole('button', { name: 'Simpan' }).click();
    await waitForPath(office, `/store/${CODE}/edit`);
    await waitForText(office, 'Store berhasil ditambahkan');
    const store = (
      await json<{ result: { cust_lat: number; cust_long: number } }>(
        await apiRequest('GET', `/api/store/${CODE}`, { token: admin }),
      )
    ).result;
    expect(store.cust_lat).toBeLessThan(0.79);
    expect(store.cust_long).toBeLessThan(113.92);

    // ------------------------------------------------ admin: every day of weeks 1–5 on her route list
    const spg = (
      await json<{ result: { route_list_id: string | null } }>(
        await apiRequest('GET', `/api/karyawan/${SPG_NRP}`, { token: admin }),
      )
    ).result;
    const routeListId = spg.route_list_id!;
    expect(routeListId).toBe(ownList.id);
    await office.goto('/matrix-kunjungan');
    await expect
      .poll(() => office.getByLabel('Route List').locator('option').count(), { timeout: WAIT })
      .toBeGreaterThan(1);
    await office.getByLabel('Route List').selectOption(routeListId);
    // Her route list is new: its editor opens empty.
    await waitForText(office, 'Belum ada store di route list ini.');
    await office.getByRole('button', { name: 'Tambah Store' }).click();
    const picker = office.getByRole('dialog');
    await picker.getByLabel('Cari kode atau nama store').fill(CODE);
    await picker.getByRole('button', { name: `Tambah ${NAME}` }).click();
    await expectVisible(office.getByRole('table', { name: 'Matrix kunjungan' }));
    const allDays = office.getByRole('switch', { name: `${NAME}: semua hari` });
    await expectVisible(allDays);
    expect(await allDays.getAttribute('aria-checked')).toBe('false');
    await allDays.click();
    await expect.poll(() => allDays.getAttribute('aria-checked'), { timeout: WAIT }).toBe('true');
    for (const label of ['1 Senin', '3 Kamis', '5 Minggu']) {
      expect(await office.getByRole('switch', { name: `${NAME}: minggu ${label}` }).getAttribute('aria-checked')).toBe(
        'true',
      );
    }
    const matrix = await json<{ result: ({ cust_code: string } & Record<string, unknown>)[] }>(
      await apiRequest('GET', `/api/matrix-kunjungan/route-list/${routeListId}`, { token: admin }),
    );
    // The store is the only one on her route list.
    expect(matrix.result.map((r) => r.cust_code)).toEqual([CODE]);
    const row = matrix.result.find((r) => r.cust_code === CODE)!;
    expect(Object.entries(row).filter(([k, v]) => /^W\d_\d$/.test(k) && v === 'X')).toHaveLength(35);

    // ------------------------------------------------ admin: her plan of the current period, generated
    // She is new: no plan of the period yet, so the screen generates it from the matrix.
    const none = await apiRequest('GET', `/api/kunjungan/${encodeURIComponent(NO_DCP)}`, { token: admin });
    expect(none.status).toBe(404);
    await office.goto('/kunjungan/create/new');
    await office.getByRole('button', { name: 'Pilih', exact: true }).click();
    await office.getByLabel('Cari karyawan').fill(SPG_NRP);
    await office.getByRole('button', { name: `Pilih ${SPG_NRP}` }).click();
    await office.getByRole('combobox', { name: 'Shift' }).selectOption({ index: 1 });
    await office.getByRole('combobox', { name: 'Period' }).selectOption(PERIOD);
    await office.getByRole('button', { name: 'Pratinjau' }).click();
    await expectVisible(office.getByRole('button', { name: /^Hapus / }).first());
    await office.getByRole('button', { name: 'Simpan', exact: true }).click();
    await office.getByRole('alertdialog').getByRole('button', { name: 'Simpan' }).click();
    await waitForPath(office, `/kunjungan/${encodeURIComponent(NO_DCP)}/edit`);
    await waitForText(office, 'Kunjungan berhasil disimpan');
    const planned = await json<{ result: { details: Line[] } }>(
      await apiRequest('GET', `/api/kunjungan/karyawan/${SPG_NRP}?tanggal=${today}`, { token: admin }),
    );
    const line = planned.result.details.find((l) => l.cust_code === CODE)!;
    expect(line).toBeDefined();
    expect(line.in_jam).toBeNull();

    // ------------------------------------------------ the SPG: today's visit, checked in offline
    const at = { latitude: store.cust_lat + 0.0001, longitude: store.cust_long - 0.0001, accuracy: 8 };
    const phone = await harness.newPage({ viewport: PHONE_360, geolocation: at });
    await loginAs(phone, username);
    await waitForPath(phone, '/profile');
    await phone.getByTestId('bottom-nav').getByRole('link', { name: 'Absensi' }).click();
    const visit = phone.getByTestId('visit-line').filter({ hasText: NAME });
    await expectVisible(visit);
    await waitForServiceWorker(phone);
    await phone.context().setOffline(true);
    const photo = await jpegFromPage(phone, 'Rantai');
    await visit.getByRole('button', { name: 'Check In Toko' }).click();
    await capture(phone, photo);
    await expectVisible(visit.getByTestId('pending-badge'));
    const offline = await json<{ result: { details: Line[] } }>(
      await apiRequest('GET', `/api/kunjungan/karyawan/${SPG_NRP}?tanggal=${today}`, { token: admin }),
    );
    expect(offline.result.details.find((l) => l.id === line.id)!.in_jam).toBeNull();

    await phone.context().setOffline(false);
    await visit.getByTestId('pending-badge').waitFor({ state: 'detached', timeout: SYNC_WAIT });
    const delivered = (
      await json<{ result: { details: Line[] } }>(
        await apiRequest('GET', `/api/kunjungan/karyawan/${SPG_NRP}?tanggal=${today}`, { token: admin }),
      )
    ).result.details.find((l) => l.id === line.id)!;
    expect(delivered.in_jam).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(delivered.in_lat).toBeCloseTo(at.latitude, 5);
    expect(delivered.in_long).toBeCloseTo(at.longitude, 5);
    expect(delivered.in_foto).toMatch(/\.jpe?g$/);

    // ------------------------------------------------ admin: the photo and the position on the plan
    await office.goto(`/kunjungan/${encodeURIComponent(NO_DCP)}/edit`);
    const evidence = office
      .getByRole('row')
      .filter({ hasText: CODE })
      .filter({ hasText: ddmmyyyy(today) });
    await expectVisible(evidence);
    await waitForText(evidence, delivered.in_jam!);
    await evidence.getByRole('button', { name: 'Foto' }).click();
    const photoDialog = office.getByRole('dialog');
    const img = photoDialog.getByRole('img', { name: 'Foto check in' });
    await expectVisible(img);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await photoDialog.getByRole('button', { name: 'Tutup' }).click();
    await photoDialog.waitFor({ state: 'hidden' });

    await evidence.getByRole('button', { name: 'Peta' }).click();
    const mapDialog = office.getByRole('dialog');
    await expectVisible(mapDialog.getByTestId('map'));
    await waitForText(mapDialog, /Check In: akurasi ±8 m, jarak \d+ m dari store/);
    // The store, its radius and the check-in position are on the map.
    await expect.poll(() => mapDialog.locator('.leaflet-interactive').count()).toBeGreaterThanOrEqual(2);
  });
});
