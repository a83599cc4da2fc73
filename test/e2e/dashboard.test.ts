/**
 * The dashboard journey (spec part 1 §2): an SPG of the journey's own checks in at the store of her day
 * through the field API; the admin opens "/", selects her location, sees her visit's circle turn yellow (checked
 * in, not out) and her marker on the map with her name and the store. Map tiles are intercepted (there
 * is no internet). With E2E_SHOTS_DIR set, the screen is also saved at 360, 800 and 1366 px wide.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiToken, BASE_URL, expectVisible, loginAs, setupBrowser, waitForText, snap } from './browser';
import { dateIn } from '../../src/domain/time-zone';
import { fieldUser, freshEmployee, JPEG } from './field-accounts';

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

const harness = setupBrowser();

describe('dashboard', () => {
  test("the SPG's check-in turns her circle yellow and puts her on the map", async () => {
    // ------------------------------------------------ the SPG checks in at her first store of the day
    // An SPG of the journey's own, with a visit today at a store of her own.
    const admin = await apiToken('admin');
    const { nrp, line } = await freshEmployee(admin, dateIn('Asia/Jakarta', new Date()));
    const spg = await apiToken((await fieldUser(admin, nrp, 'peta', 'SPG Peta')).username);
    const jam = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jakarta',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    const form = new FormData();
    form.append('jam', jam);
    form.append('captured_at', new Date().toISOString());
    form.append('lat', String(line.customer.cust_lat! + 0.0001));
    form.append('long', String(line.customer.cust_long!));
    form.append('accuracy', '8');
    form.append('photo', new Blob([JPEG], { type: 'image/jpeg' }), 'foto.jpg');
    const checkIn = await fetch(new URL(`/api/kunjungan/detail/${line.id}/check-in`, BASE_URL), {
      method: 'POST',
      headers: { Authorization: `Bearer ${spg}` },
      body: form,
    });
    expect(checkIn.status, await checkIn.clone().text()).toBe(200);

    // ------------------------------------------------ the admin's dashboard
    const page = await harness.newPage({ serviceWorkers: 'block' });
    const tiles = await interceptTiles(page);
    await loginAs(page, 'admin');
    await waitForText(page, 'Pilih Lokasi Untuk Melihat Aktifitas');
    await expectVisible(page.getByRole('tab', { name: 'Rekap Absensi' }));
    await expectVisible(page.getByTestId('clock'));

    await page.locator('tr[data-lokasi="JKT"]').click();
    await page.getByRole('searchbox', { name: 'Cari NRP atau nama' }).fill(nrp);
    const row = page.locator(`[data-testid="activity-row"][data-nrp="${nrp}"]`);
    await expectVisible(row);
    const circle = row.getByRole('button', { name: new RegExp(`^${line.cust_code} `) }).first();
    await expect.poll(() => circle.getAttribute('data-colour')).toBe('yellow');
    // The tooltip opens on pointer movement over the circle (and on keyboard focus).
    await circle.hover();
    const box = (await circle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2 + 1, { steps: 3 });
    await waitForText(page.getByRole('tooltip'), new RegExp(`Check In: ${jam.slice(0, 5)} WIB`));

    // Her marker: the map flies to her and opens her popup.
    const map = page.getByTestId('positions-map');
    await expectVisible(map.locator('.leaflet-container'));
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    await row.getByRole('button', { name: /^Peta / }).click();
    // Her popup says who she is and at which store (the map's answer carries it with her marker).
    const popup = map.getByTestId('position-popup');
    await expectVisible(popup);
    await waitForText(popup, `(${nrp})`);
    expect(await popup.textContent()).toContain(line.customer.cust_name);

    // Rekap Kontrak: a count opens its employees.
    await page.getByRole('tab', { name: 'Rekap Kontrak' }).click();
    const count = page.locator('tr[data-lokasi="JKT"]').getByRole('button').first();
    await count.click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByRole('button', { name: 'Export To Excel' }));
    await expect.poll(() => dialog.getByRole('link').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Rekap Absensi' }).click();
    await snap(page, 'dashboard');
  });
});
