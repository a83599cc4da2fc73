/**
 * The new-employee screen: the §5 field checks before anything is sent, the derived fields as the user
 * types, and the multipart body (gaji as JSON text) it posts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KaryawanCreatePage } from '../../src/features/karyawan/components/karyawan-create-page';
import { renderScreen } from './render';

/** A store row's other fields as GET /api/store answers them (lookups parse answers with their contracts). */
const STORE_DETAILS = {
  kunnr: null,
  sales_office_id: null,
  cust_address: null,
  cust_zip: null,
  cust_lat: null,
  cust_long: null,
  cust_contact: null,
  cust_telp: null,
  cust_email: null,
  cust_key_account: null,
  cust_type: null,
  radius_m: null,
};

/** The lists in the shapes of their contracts (src/lib/lookups.ts reads them with call()). */
const LISTS: Record<string, Record<string, unknown>[]> = {
  perusahaan: [
    { kode_prsh: 'KM', nama: 'PT Karya Mandiri', device_policy: 'wajib' },
    { kode_prsh: 'SJA', nama: 'PT Sinar Jaya Abadi', device_policy: 'wajib' },
  ],
  lokasi: [
    { id: 'JKT', kode_prsh: 'KM', nama: 'Jakarta', alamat: null, time_zone: 'Asia/Jakarta' },
    { id: 'PLM', kode_prsh: 'SJA', nama: 'Palembang', alamat: null, time_zone: 'Asia/Jakarta' },
  ],
  'karyawan-type': [
    { id: 'REG', kode_prsh: 'KM', type: 'SPG Reguler', tun_makan: 25000, tun_bensin: 15000, tun_lain: 0 },
    { id: 'SHF', kode_prsh: 'KM', type: 'SPG Shift', tun_makan: 25000, tun_bensin: 15000, tun_lain: 20000 },
  ],
  umr: [{ id: 'JKT2026', area: 'DKI Jakarta', tahun: 2026, umr: 5396761 }],
  departemen: [{ id: 'SLS', kode_prsh: 'KM', nama: 'Sales' }],
  jabatan: [{ id: 'SPG', kode_prsh: 'KM', nama: 'Sales Promotion Girl' }],
  divisi: [{ id: 'FOOD', kode_prsh: 'KM', nama: 'Makanan' }],
  client: [
    { id: 'NSF', kode_prsh: 'KM', nama: 'PT Nusa Segar Foods' },
    { id: 'BRV', kode_prsh: 'KM', nama: 'PT Bintang Rasa' },
  ],
  'sales-office': [{ id: 'JKT', kode_prsh: 'KM', nama: 'Sales Office Jakarta' }],
  store: [
    { cust_code: 'NSF-JKT01', cust_name: 'Hypermart Kemang', client_id: 'NSF', ...STORE_DETAILS },
    { cust_code: 'NSF-JKT02', cust_name: 'Superindo Tebet', client_id: 'NSF', ...STORE_DETAILS },
    { cust_code: 'BRV-BDG01', cust_name: 'Yogya Riau', client_id: 'BRV', ...STORE_DETAILS },
  ],
  'route-list': [
    { id: 'RJK01', kode_prsh: 'KM', nama: 'Jakarta Selatan 1', outlet_count: 0 },
    { id: 'RXX01', kode_prsh: 'LN', nama: 'Lain Perusahaan', outlet_count: 0 },
  ],
};

/** Answers the lookups by path and records the writes. */
function fakeServer(
  write = {
    status: 201,
    body: { message: 'Karyawan 26000301 - Ani berhasil ditambahkan', result: { nrp: '26000301' } },
  },
) {
  const writes: { url: string; init: RequestInit | undefined }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    if (!init?.method || init.method === 'GET') {
      const client = new URL(url, 'http://x').searchParams.get('client_id');
      const list = LISTS[path.replace('/api/', '')]?.filter((r) => !client || r.client_id === client);
      if (!list) throw new Error(`unexpected GET ${url}`);
      return new Response(JSON.stringify({ result: list, totalCount: list.length }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    writes.push({ url, init });
    return new Response(JSON.stringify(write.body), {
      status: write.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return writes;
}

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('tab', { name: new RegExp(`^${name.replace(/[&]/g, '\\$&')}`) }));
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

// The whole employee form (five tabs of Chakra fields) renders in jsdom in 3–4 s alone; in the full suite,
// beside PGlite and photo-hashing workers on two cores, one test took 21 s: the time limit, not the form.
describe('new employee form', { timeout: 60_000 }, () => {
  it('shows the §5 messages on their tabs and sends nothing', async () => {
    const writes = fakeServer();
    renderScreen(<KaryawanCreatePage onCreated={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('Nama harus diisi')).toBeTruthy();
    // The input itself stops at the limit.
    expect(field(/^Nama/).maxLength).toBe(40);
    expect(screen.getByText('Jenis Kelamin harus diisi')).toBeTruthy();
    await openTab(user, 'Pegawai');
    expect(screen.getByText('Kode Perusahaan harus diisi')).toBeTruthy();
    expect(screen.getByText('Tipe harus diisi')).toBeTruthy();
    await openTab(user, 'Pajak');
    await user.type(field(/^NPWP/), '1234');
    expect(field(/^NPWP/).value).toBe('12.34');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('NPWP harus berformat 99.999.999.9-999.999')).toBeTruthy();
    await openTab(user, 'Gaji & Tunjangan');
    expect(screen.getByText('Kode UMR harus diisi')).toBeTruthy();
    expect(screen.getByText('Gaji Pokok harus diisi')).toBeTruthy();
    expect(writes).toHaveLength(0);
  });

  it('derives the contract end, the start dates, the allowances, the base salary and clears the store', async () => {
    fakeServer();
    renderScreen(<KaryawanCreatePage onCreated={() => {}} />);
    const user = userEvent.setup();
    await openTab(user, 'Kontrak');
    await user.clear(field(/^Mulai Kontrak/));
    await user.type(field(/^Mulai Kontrak/), '2026-01-31');
    await user.selectOptions(field(/^Lama Kontrak/), '6');
    expect(await screen.findByText('30/07/2026')).toBeTruthy();
    await openTab(user, 'Pegawai');
    expect(field(/^Tanggal Awal Kerja/).value).toBe('2026-01-31');
    await screen.findByRole('option', { name: 'SHF - SPG Shift' });
    await user.selectOptions(field(/^Tipe/), 'SHF');
    // The store waits for a client, then lists only that client's stores; a new client clears it.
    expect(field(/^Store/).disabled).toBe(true);
    await user.selectOptions(field(/^Client/), 'NSF');
    await screen.findByRole('option', { name: 'NSF-JKT02 - Superindo Tebet' });
    expect(screen.queryByRole('option', { name: /BRV-BDG01/ })).toBeNull();
    await user.selectOptions(field(/^Store/), 'NSF-JKT02');
    expect(field(/^Store/).value).toBe('NSF-JKT02');
    await user.selectOptions(field(/^Client/), 'BRV');
    expect(field(/^Store/).value).toBe('');
    await screen.findByRole('option', { name: 'BRV-BDG01 - Yogya Riau' });
    expect(screen.queryByRole('option', { name: /NSF-JKT02/ })).toBeNull();
    await openTab(user, 'Pajak');
    expect(field(/^Tanggal PPh/).value).toBe('2026-01-31');
    await openTab(user, 'Gaji & Tunjangan');
    expect(field(/^Uang Shift/).value).toBe('20000');
    await screen.findByRole('option', { name: /^JKT2026/ });
    await user.selectOptions(field(/^Kode UMR/), 'JKT2026');
    expect(field(/^Gaji Pokok/).value).toBe('5396761');
    // The amount reads back grouped as rupiah.
    expect(screen.getByText(/^Rp\s?5\.396\.761 · Terisi dari UMR$/)).toBeTruthy();
  });

  it('posts multipart with gaji as JSON text and goes back to the list', async () => {
    const writes = fakeServer();
    const onCreated = vi.fn();
    renderScreen(<KaryawanCreatePage onCreated={onCreated} />);
    const user = userEvent.setup();
    await user.type(field(/^Nama/), 'Ani Lestari');
    await user.selectOptions(field(/^Jenis Kelamin/), 'P');
    await openTab(user, 'Pegawai');
    await screen.findByRole('option', { name: 'KM - PT Karya Mandiri' });
    await user.selectOptions(field(/^Kode Perusahaan/), 'KM');
    // Only the chosen company's locations.
    const lokasi = within(field(/^Kode Lokasi/) as unknown as HTMLElement);
    expect(lokasi.queryByRole('option', { name: 'PLM - Palembang' })).toBeNull();
    await user.selectOptions(field(/^Kode Lokasi/), 'JKT');
    await user.selectOptions(field(/^Tipe/), 'REG');
    await user.selectOptions(field(/^Departemen/), 'SLS');
    // Route lists of the chosen company only.
    const routeLists = within(field(/^Route List/) as unknown as HTMLElement);
    await routeLists.findByRole('option', { name: 'RJK01 - Jakarta Selatan 1' });
    expect(routeLists.queryByRole('option', { name: /RXX01/ })).toBeNull();
    await user.selectOptions(field(/^Route List/), 'RJK01');
    await openTab(user, 'Kontrak');
    await user.selectOptions(field(/^Lama Kontrak/), '12');
    await openTab(user, 'Gaji & Tunjangan');
    await screen.findByRole('option', { name: /^JKT2026/ });
    await user.selectOptions(field(/^Kode UMR/), 'JKT2026');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(writes[0]?.url).toBe('/api/karyawan');
    expect(writes[0]?.init?.method).toBe('POST');
    const body = writes[0]?.init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('nama')).toBe('Ani Lestari');
    expect(body.get('kode_lokasi')).toBe('JKT');
    expect(body.get('route_list_id')).toBe('RJK01');
    expect(body.get('lama_kontrak')).toBe('12');
    expect(body.get('status_kel')).toBe('T');
    expect(body.get('bpjs_kes')).toBe('Y');
    expect(body.has('selesai_kontrak')).toBe(false);
    expect(JSON.parse(String(body.get('gaji')))).toEqual({
      gapok: '5396761',
      tun_makan: '25000',
      tun_bensin: '15000',
      tun_lain: '0',
    });
  });
});
