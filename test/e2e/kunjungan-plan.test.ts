/**
 * Visit plans through the screens (spec part 2 §2.3): an admin generates the demo SPG's plan for the
 * current period from her route list's matrix (from today on: the days already past only when asked),
 * saves it after the confirmation, changes a line on the detail, and sees the plan with its counts in the
 * list. "Ganti Route List" changes another SPG's route list from today: her checked-in visits and the
 * days before stay (docs/decisions/030-route-list-change-and-fresh-pickers.md).
 */
import { describe, expect, test } from 'vitest';
import { apiRequest, apiToken, expectVisible, loginAs, setupBrowser, snap, waitForPath, waitForText } from './browser';

const SPG_NRP = '26000002';
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
const PERIOD = TODAY.slice(0, 4) + TODAY.slice(5, 7);
const NO_DCP = `DCP/${PERIOD}/${SPG_NRP}`;

interface PlanLine {
  id: number;
  tgl_dcp: string;
  cust_code: string;
  in_jam: string | null;
  out_jam: string | null;
}
interface Plan {
  route_list_id: string | null;
  counts: { planned: number; checked_in: number };
  details: PlanLine[];
}

async function planOf(token: string, noDcp: string): Promise<Plan> {
  const res = await apiRequest('GET', `/api/kunjungan/${encodeURIComponent(noDcp)}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: Plan }).result;
}

const harness = setupBrowser();

describe('visit plans', () => {
  test('generate the SPG’s plan, save it, edit a line, see the counts', async () => {
    const admin = await apiToken('admin');
    // The seed already planned her month: remove it (checked-in lines too) so the screen makes it anew.
    const gone = await apiRequest('DELETE', `/api/kunjungan/${encodeURIComponent(NO_DCP)}?force=true`, {
      token: admin,
    });
    expect(gone.status).toBe(200);

    const page = await harness.newPage();
    await loginAs(page, 'admin');
    await page.goto('/kunjungan/create/new');
    await expectVisible(page.getByRole('heading', { name: 'Tambah Kunjungan' }));
    await page.getByRole('button', { name: 'Pilih', exact: true }).click();
    await page.getByLabel('Cari karyawan').fill(SPG_NRP);
    await page.getByRole('button', { name: `Pilih ${SPG_NRP}` }).click();
    await page.getByRole('combobox', { name: 'Shift' }).selectOption({ index: 1 });
    await page.getByRole('combobox', { name: 'Period' }).selectOption(PERIOD);
    await page.getByRole('button', { name: 'Pratinjau' }).click();
    await expectVisible(page.getByRole('button', { name: /^Hapus / }).first());
    // The header locks once rows exist (spec §4).
    await expect.poll(() => page.getByRole('combobox', { name: 'Period' }).isDisabled()).toBe(true);
    await snap(page, 'kunjungan-create');

    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Simpan' }).click();
    await waitForPath(page, `/kunjungan/${encodeURIComponent(NO_DCP)}/edit`);
    await waitForText(page, 'Kunjungan berhasil disimpan');
    await expectVisible(page.getByRole('heading', { name: 'Detail Kunjungan' }));
    await snap(page, 'kunjungan-detail');
    const saved = await planOf(admin, NO_DCP);
    expect(saved.details.length).toBeGreaterThan(0);
    expect(saved.details.filter((l) => l.tgl_dcp < TODAY)).toEqual([]);

    await page.getByRole('button', { name: 'Ubah' }).first().click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Shift' }).selectOption({ index: 2 });
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await waitForText(page, 'Detail kunjungan berhasil diubah');

    await page.goto(`/kunjungan?period_id=${PERIOD}`);
    const link = page.getByRole('link', { name: NO_DCP });
    await expectVisible(link);
    await snap(page, 'kunjungan-list');
    const res = await apiRequest('GET', `/api/kunjungan?period_id=${PERIOD}&q=${SPG_NRP}`, { token: admin });
    const row = ((await res.json()) as { result: { no_dcp: string; counts: { planned: number } }[] }).result[0]!;
    expect(row.no_dcp).toBe(NO_DCP);
    expect(row.counts.planned).toBeGreaterThan(0);
  });

  test('the evidence of a checked-in line: times, photo viewer and map (tiles intercepted)', async () => {
    const page = await harness.newPage();
    await page.context().route(/tile\.openstreetmap\.org|\/tiles?\//, (route) => route.abort('failed'));
    await loginAs(page, 'admin');
    // Another SPG of the seed has checked in on the days already past.
    await page.goto(`/kunjungan/${encodeURIComponent(`DCP/${PERIOD}/26000004`)}/edit`);
    await expectVisible(page.getByRole('button', { name: 'Peta' }).first());
    await page.getByRole('button', { name: 'Foto' }).first().click();
    await expectVisible(page.getByRole('dialog').getByText('Check In', { exact: true }));
    await page.getByRole('dialog').getByRole('button', { name: 'Tutup' }).click();
    await page.getByRole('button', { name: 'Peta' }).first().click();
    await expectVisible(page.getByTestId('map'));
    await waitForText(page.getByRole('dialog'), /Check In: akurasi/);
    await snap(page, 'kunjungan-map');
  });

  test('Ganti Route List from today: checked-in visits and earlier days stay', async () => {
    const admin = await apiToken('admin');
    // Another SPG of the seed, with check-ins on the days already past.
    const noDcp = `DCP/${PERIOD}/26000004`;
    const before = await planOf(admin, noDcp);
    const lists = (await (await apiRequest('GET', '/api/route-list?per_page=100', { token: admin })).json()) as {
      result: { id: string; nama: string; outlet_count: number }[];
    };
    const target = lists.result.find((r) => r.id !== before.route_list_id && r.outlet_count > 0)!;
    expect(target).toBeDefined();

    const page = await harness.newPage();
    await loginAs(page, 'admin');
    await page.goto(`/kunjungan/${encodeURIComponent(noDcp)}/edit`);
    await expectVisible(page.getByRole('heading', { name: 'Detail Kunjungan' }));
    await page.getByRole('button', { name: 'Ganti Route List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ganti Route List' });
    // "Mulai Tanggal" opens on today (her zone, as the server answers).
    await expect.poll(() => dialog.getByLabel('Mulai Tanggal').inputValue()).toBe(TODAY);
    await dialog.getByRole('combobox', { name: 'Route List' }).selectOption(target.id);
    const summary = dialog.getByTestId('ganti-summary');
    await waitForText(summary, `${target.id} – ${target.nama}`);
    await waitForText(summary, /kunjungan yang sudah check in tidak diubah/);
    await snap(page, 'kunjungan-ganti-route-list');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await waitForText(page, /^Route list diganti mulai /);
    await expect.poll(() => dialog.count()).toBe(0);

    const after = await planOf(admin, noDcp);
    expect(after.route_list_id).toBe(target.id);
    // Every line before today and every checked-in line is exactly as it was.
    const kept = (l: PlanLine) => l.tgl_dcp < TODAY || l.in_jam !== null || l.out_jam !== null;
    expect(after.details.filter(kept)).toEqual(before.details.filter(kept));
    expect(after.counts.checked_in).toBe(before.counts.checked_in);
    await waitForText(page, target.nama);
  });
});
