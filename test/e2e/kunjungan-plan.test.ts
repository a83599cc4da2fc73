/**
 * Visit plans through the screens (spec part 2 §2.3): an admin generates an SPG's plan for the current
 * period from her route list's matrix (from today on: the days already past only when asked), saves it
 * after the confirmation, changes a line on the detail, and sees the plan with its counts in the list. A
 * checked-in line shows its evidence. "Ganti Route List" changes another SPG's route list from today:
 * her checked-in visits and the days before stay (docs/decisions/030-route-list-change-and-fresh-pickers.md).
 *
 * The journey makes its own data: each test's SPG is a new employee with her own store(s) and route
 * list(s) (every day of weeks 1–5), a plan and a check-in where the test needs them, all made through the
 * admin's and her own API; no demo employee's plan or route list is read or changed.
 */
import { describe, expect, test } from 'vitest';
import { apiRequest, apiToken, expectVisible, loginAs, setupBrowser, snap, waitForPath, waitForText } from './browser';
import {
  fieldUser,
  freshEmployee,
  json,
  newEmployee,
  newPlan,
  newRouteList,
  newStore,
  periodOf,
  visitCheckIn,
  type Line,
} from './field-accounts';

const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
const PERIOD = TODAY.slice(0, 4) + TODAY.slice(5, 7);
/** The ISO day `n` days from `iso` (calendar arithmetic, no time zone). */
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

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
    // Her own store on every day of her own route list; she is new, with no plan: the screen makes it.
    const store = await newStore(admin);
    const list = await newRouteList(admin, [store.cust_code]);
    const { nrp: SPG_NRP } = await newEmployee(admin, TODAY, { route_list_id: list.id });
    const NO_DCP = `DCP/${PERIOD}/${SPG_NRP}`;
    const none = await apiRequest('GET', `/api/kunjungan/${encodeURIComponent(NO_DCP)}`, { token: admin });
    expect(none.status).toBe(404);

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
    // Her route list's one store, on every day from today to the period's end.
    const period = await periodOf(admin, TODAY);
    expect(saved.route_list_id).toBe(list.id);
    expect(saved.details.every((l) => l.cust_code === store.cust_code)).toBe(true);
    expect(saved.details.map((l) => l.tgl_dcp)).toEqual(
      Array.from({ length: Math.round((Date.parse(period.akhir) - Date.parse(TODAY)) / 86_400_000) + 1 }, (_, i) =>
        addDays(TODAY, i),
      ),
    );

    await page.getByRole('button', { name: 'Ubah' }).first().click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Shift' }).selectOption({ index: 2 });
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    await waitForText(page, 'Detail kunjungan berhasil diubah');

    // Her plan among the period's, found by her NRP (the list is ordered by NRP, hers among the last), with
    // the address as someone would type or paste it: an all-digit q stays text (src/app/search-params.ts).
    await page.goto(`/kunjungan?period_id=${PERIOD}&q=${SPG_NRP}`);
    const link = page.getByRole('link', { name: NO_DCP });
    await expectVisible(link);
    await snap(page, 'kunjungan-list');
    const res = await apiRequest('GET', `/api/kunjungan?period_id=${PERIOD}&q=${SPG_NRP}`, { token: admin });
    const rows = ((await res.json()) as { result: { no_dcp: string; counts: { planned: number } }[] }).result;
    expect(rows.map((r) => r.no_dcp)).toEqual([NO_DCP]);
    expect(rows[0]!.counts.planned).toBe(saved.details.length);
  });

  test('the evidence of a checked-in line: times, photo viewer and map (tiles intercepted)', async () => {
    const admin = await apiToken('admin');
    // An SPG of her own with today's visit, checked in at the store through her phone's API.
    const { nrp, line } = await freshEmployee(admin, TODAY);
    const { username } = await fieldUser(admin, nrp, 'bukti', 'SPG Bukti');
    const checked = await visitCheckIn(await apiToken(username), line.id, {
      lat: line.customer.cust_lat!,
      long: line.customer.cust_long!,
      accuracy: 10,
    });
    expect(checked.status, await checked.clone().text()).toBe(200);

    const page = await harness.newPage();
    await page.context().route(/tile\.openstreetmap\.org|\/tiles?\//, (route) => route.abort('failed'));
    await loginAs(page, 'admin');
    await page.goto(`/kunjungan/${encodeURIComponent(`DCP/${PERIOD}/${nrp}`)}/edit`);
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
    // An SPG of her own on her own route list, with a plan of the period: a line the day before (when the
    // period has one), today's line checked in, and the open line of tomorrow (when the period has one).
    // The target is another route list of her own with another store.
    const [storeA, storeB] = [await newStore(admin), await newStore(admin)];
    const listA = await newRouteList(admin, [storeA.cust_code]);
    const listB = await newRouteList(admin, [storeB.cust_code]);
    const { nrp } = await newEmployee(admin, TODAY, { route_list_id: listA.id });
    const { username } = await fieldUser(admin, nrp, 'ganti', 'SPG Ganti');
    const period = await periodOf(admin, TODAY);
    const days = [addDays(TODAY, -1), TODAY, addDays(TODAY, 1)].filter((d) => d >= period.mulai && d <= period.akhir);
    const noDcp = await newPlan(
      admin,
      nrp,
      TODAY,
      days.map((tgl_dcp) => ({ tgl_dcp, cust_code: storeA.cust_code })),
    );
    const planned = await json<{ result: { details: Line[] } }>(
      await apiRequest('GET', `/api/kunjungan/karyawan/${nrp}?tanggal=${TODAY}`, { token: admin }),
    );
    const todays = planned.result.details.find((l) => l.cust_code === storeA.cust_code)!;
    const checked = await visitCheckIn(await apiToken(username), todays.id, {
      lat: storeA.cust_lat,
      long: storeA.cust_long,
    });
    expect(checked.status, await checked.clone().text()).toBe(200);
    const before = await planOf(admin, noDcp);
    expect(before.route_list_id).toBe(listA.id);
    expect(before.counts.checked_in).toBe(1);
    const lists = (await (await apiRequest('GET', `/api/route-list?q=${listB.id}`, { token: admin })).json()) as {
      result: { id: string; nama: string; outlet_count: number }[];
    };
    const target = lists.result.find((r) => r.id === listB.id && r.id !== before.route_list_id && r.outlet_count > 0)!;
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
    // Flags are left out: the evidence job adds its findings to the checked-in line whenever it runs.
    const data = (l: PlanLine) => {
      const { flags: _flags, ...line } = l as PlanLine & { flags?: unknown };
      return line;
    };
    expect(after.details.filter(kept).map(data)).toEqual(before.details.filter(kept).map(data));
    expect(after.counts.checked_in).toBe(before.counts.checked_in);
    // From today on, the open lines are the target's store: today beside the checked-in one, and tomorrow.
    expect(
      after.details
        .filter((l) => !kept(l))
        .map((l) => [l.tgl_dcp, l.cust_code])
        .sort(),
    ).toEqual(
      Array.from({ length: Math.round((Date.parse(period.akhir) - Date.parse(TODAY)) / 86_400_000) + 1 }, (_, i) => [
        addDays(TODAY, i),
        storeB.cust_code,
      ]),
    );
    await waitForText(page, target.nama);
  });
});
