/**
 * The own profile and its change request on the screen: the record in the own-profile tabs, the
 * request form (employee-form rules, only changed fields, straight into the outbox as
 * profile.change), the waiting row in the history; and the approver's dialog (a note for a rejection).
 */
import type { OutboxPayload } from '../../src/domain/outbox-kinds';
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KaryawanDetail } from '../../src/domain/karyawan/karyawan';
import { PRIMITIVE_MESSAGES } from '../../src/domain/primitives';
import type { ProfileRequestDetail, ProfileRequestRow } from '../../src/domain/karyawan/request';
import { RequestDialog } from '../../src/features/karyawan/requests/request-dialog';
import { OwnEmployeeProfile } from '../../src/features/karyawan/profile/own-employee-profile';
import { offlineDb } from '../../src/lib/offline/db';
import { session } from '../../src/lib/session';
import { renderScreen } from './render';

const ME = {
  nrp: '26000002',
  nama: 'Nabila Anggraini',
  jenis_kelamin: 'P',
  nik: '3171114803960002',
  tempat_lahir: 'Bekasi',
  tgl_lahir: '1996-03-08',
  alamat1: 'Jl. Teratai No. 128',
  alamat2: 'Puri Indah, Jakarta',
  kode_pos: '11610',
  email: 'nabila@example.com',
  telp_hp: '081768127129',
  status_kel: 'T',
  jumlah_anak: 0,
  agama_id: 1,
  pendidikan_id: 3,
  foto_kar: null,
  foto_ktp: null,
  kode_prsh: 'KM',
  kode_lokasi: 'JKT',
  status: 2,
  jobclass: 12,
  rek_bca: '8116705569',
  tgl_awkerja: '2026-01-01',
  type_spg_id: 'REG',
  jabatan_id: 'SPG',
  departemen_id: 'SLS',
  divisi_id: null,
  client_id: null,
  cust_code: null,
  sales_office_id: null,
  route_list_id: null,
  pin: null,
  team_leader_nrp: null,
  team_leader_nama: null,
  npwp: null,
  tgl_npwp: null,
  tgl_pph: null,
  bpjs_kes: 'Y',
  ka_bpjs_kes: null,
  ka_bpjs_tk: null,
  bopk: 'T',
  bp: 'T',
  inhealth: 'T',
  tg: 'T',
  jum_inhealth: 0,
  sts_kontrak: 'B',
  per_kontrak: 1,
  lama_kontrak: 12,
  mulai_kontrak: '2026-01-01',
  selesai_kontrak: '2026-12-31',
  no_kontrak: 'PKWT/KM/2026/000002',
  tgl_p3: null,
  no_pb: null,
  alasan_p3: null,
  u_kebijaksanaan: null,
  u_kebijaksanaan_desc: null,
  u_cuti: null,
  u_potongan: null,
  u_lumpdrop: null,
  tgl_bast: null,
  perusahaan: { kode_prsh: 'KM', nama: 'PT Karya Mandiri' },
  lokasi: { id: 'JKT', nama: 'Jakarta' },
  time_zone: 'Asia/Jakarta',
  type: { id: 'REG', type: 'SPG Reguler' },
  jabatan: { id: 'SPG', nama: 'SPG' },
  departemen: { id: 'SLS', nama: 'Sales' },
  divisi: null,
  client: null,
  store: null,
  sales_office: null,
  route_list: null,
  mst_alasan_p3: null,
  kode_umr: null,
  umr: null,
  gaji: null,
  kontrak: [],
  p3: null,
} satisfies KaryawanDetail;

const APPROVED: ProfileRequestRow = {
  id: 7,
  nrp: '26000002',
  nama: 'Nabila Anggraini',
  request_nomor: 1,
  nomor_registrasi: 'R-26000002-1',
  tanggal_pengajuan: '2026-11-02T09:00:00.000Z',
  received_at: '2026-11-02T09:00:01.000Z',
  approve_status: 'Y',
  status: 'Disetujui',
  approve_date: '2026-11-03T02:00:00.000Z',
  approve_by: 'U00001',
  approve_by_nama: 'Administrator',
  keterangan: null,
  sales_office: null,
  changes: { kode_pos: '11610' },
};

function token(claims: Record<string, unknown>) {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function server(answers: Record<string, unknown>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const key = Object.keys(answers).find((k) => url.startsWith(k));
    if (!key) throw new Error(`unexpected request ${url}`);
    return json(answers[key]);
  }) as typeof fetch;
  return calls;
}

const SPG = {
  userid: 'U00004',
  username: 'spg',
  nama: 'Nabila',
  role: 'USER',
  nrp: '26000002',
  permissions: ['leave.read'],
};

beforeEach(async () => {
  session.start(token({ ...SPG, exp: 4102444800 }));
  await offlineDb().outbox.clear();
});
afterEach(() => session.end());

describe('own profile', () => {
  it('shows the own record in the own-profile tabs, with names for the codes', async () => {
    server({
      '/api/profile/me': { result: ME },
      '/api/request/karyawan/me': { result: [APPROVED], totalCount: 1 },
    });
    renderScreen(<OwnEmployeeProfile user={{ ...SPG, exp: 4102444800 }} />);
    expect(await screen.findByText('26000002 - Nabila Anggraini')).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual([
      'Personal',
      'Pegawai',
      'Pajak',
      'BPJS',
      'Kontrak',
      'Info Gaji',
      'Request Update Profile',
      'Perangkat',
    ]);
    expect(screen.getByText('nabila@example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Pegawai' }));
    expect(await screen.findByText('KM - PT Karya Mandiri')).toBeTruthy();
    expect(screen.getByText('REG - SPG Reguler')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Request Update Profile' }));
    expect(await screen.findByText('R-26000002-1')).toBeTruthy();
    expect(screen.getByTestId('request-status').textContent).toBe('Disetujui');
  });

  it('shows her own Info Gaji of the current period, asked for as hers (no NRP in the address)', async () => {
    const period = {
      id: '202611',
      kode_prsh: 'KM',
      mulai: '2026-11-01',
      akhir: '2026-11-30',
      jum_hk: 25,
      status: true,
    };
    const calls = server({
      '/api/profile/me': { result: ME },
      '/api/request/karyawan/me': { result: [], totalCount: 0 },
      '/api/period/current/get': { result: period },
      '/api/period': { result: [period], totalCount: 1 },
      '/api/profile/gaji/202611': {
        result: {
          period_id: '202611',
          mulai: '2026-11-01',
          akhir: '2026-11-30',
          jum_hk: 25,
          count_attend: 20,
          count_gapok: 21,
          count_tun_makan: 20,
          count_tun_bensin: 20,
          count_uang_shift: 0,
          rates: { gapok: 5_000_000, tun_makan: 25_000, tun_bensin: 15_000, tun_lain: 0 },
          gapok: 4_200_000,
          tun_makan: 500_000,
          tun_bensin: 300_000,
          uang_shift: 0,
          total: 5_000_000,
          info_gaji: 'Periode: 202611 (01/11/2026 s/d 30/11/2026)\nTotal: Rp 5.000.000',
        },
      },
    });
    renderScreen(<OwnEmployeeProfile user={{ ...SPG, exp: 4102444800 }} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Info Gaji' }));
    expect(await screen.findByText('Rp 5.000.000')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/profile/gaji/202611'))).toBe(true);
    expect(calls.some((c) => c.url.includes('/api/karyawan/'))).toBe(false);
  });

  it('files only the changed fields through the outbox, after the form rules pass', async () => {
    const calls = server({
      '/api/profile/me': { result: ME },
      '/api/request/karyawan/me': { result: [], totalCount: 0 },
    });
    renderScreen(<OwnEmployeeProfile user={{ ...SPG, exp: 4102444800 }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request Update Profile' }));
    const form = await screen.findByRole('form', { name: 'Request Update Profile' });
    expect(within(form).getByTestId('approval-notice').textContent).toContain('memerlukan persetujuan admin');

    // Nothing changed: nothing is filed.
    await userEvent.click(within(form).getByRole('button', { name: 'Kirim Request' }));
    expect(await within(form).findByText('Belum ada data yang diubah.')).toBeTruthy();
    expect(await offlineDb().outbox.count()).toBe(0);

    const email = within(form).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'bukan-email');
    await userEvent.click(within(form).getByRole('button', { name: 'Kirim Request' }));
    expect(await within(form).findByText('Format email tidak valid')).toBeTruthy();
    expect(await offlineDb().outbox.count()).toBe(0);

    await userEvent.clear(email);
    await userEvent.type(email, 'nabila.baru@example.com');
    const anak = within(form).getByLabelText(/Jumlah Anak/);
    await userEvent.clear(anak);
    await userEvent.type(anak, '2');
    await userEvent.selectOptions(within(form).getByLabelText('Agama'), 'Kristen');
    await userEvent.click(within(form).getByRole('button', { name: 'Kirim Request' }));

    await waitFor(async () => expect(await offlineDb().outbox.count()).toBe(1));
    const [row] = await offlineDb().outbox.toArray();
    expect(row).toMatchObject({
      kind: 'profile.change',
      userid: 'U00004',
      method: 'POST',
      path: '/api/request/karyawan',
      encoding: 'json',
      state: 'pending',
    });
    const { captured_at, ...payload } = row!.payload as OutboxPayload<'profile.change'>;
    expect(payload).toEqual({ email: 'nabila.baru@example.com', jumlah_anak: '2', agama_id: '2', nrp: '26000002' });
    expect(String(captured_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    // The screen did not call the server itself: the outbox delivers it.
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);

    // Back on the tabs, the request waits in the history.
    expect(await screen.findByTestId('pending-badge')).toBeTruthy();
    expect(screen.getByTestId('pending-badge').textContent).toBe('menunggu sinkron');
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByText('Email, Jumlah Anak, Agama')).toBeTruthy();
  });

  it("refuses a pasted control character with the server's message, before anything is saved", async () => {
    server({
      '/api/profile/me': { result: ME },
      '/api/request/karyawan/me': { result: [], totalCount: 0 },
    });
    renderScreen(<OwnEmployeeProfile user={{ ...SPG, exp: 4102444800 }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request Update Profile' }));
    const form = await screen.findByRole('form', { name: 'Request Update Profile' });
    const alamat = within(form).getByLabelText('Alamat 1');
    await userEvent.clear(alamat);
    alamat.focus();
    await userEvent.paste('Jl. Mawar\tNo. 1');
    await userEvent.click(within(form).getByRole('button', { name: 'Kirim Request' }));
    expect(await within(form).findByText(PRIMITIVE_MESSAGES.control)).toBeTruthy();
    expect(await offlineDb().outbox.count()).toBe(0);
  });
});

describe('the approver dialog', () => {
  const OPEN: ProfileRequestRow = {
    ...APPROVED,
    id: 9,
    request_nomor: 2,
    nomor_registrasi: 'R-26000002-2',
    approve_status: 'N',
    status: 'Open',
    approve_date: null,
    approve_by: null,
    approve_by_nama: null,
    changes: { email: 'baru@example.com', agama_id: 2 },
  };
  const DETAIL: ProfileRequestDetail = {
    ...OPEN,
    items: [
      { field: 'email', label: 'Email', current: 'lama@example.com', requested: 'baru@example.com', previous: null },
      { field: 'agama_id', label: 'Agama', current: 1, requested: 2, previous: null },
    ],
  };

  it('shows each requested value beside the current one and needs a note to reject', async () => {
    session.start(
      token({
        ...SPG,
        userid: 'U00001',
        nrp: null,
        role: 'ADMIN',
        permissions: ['karyawan.request.approve'],
        exp: 4102444800,
      }),
    );
    const calls = server({
      '/api/request/karyawan/9': { result: DETAIL },
      '/api/request/approve': { message: 'Request R-26000002-2 ditolak', result: { ...OPEN, approve_status: 'R' } },
    });
    let closed = false;
    renderScreen(<RequestDialog row={OPEN} canDecide onClose={() => (closed = true)} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Approve Perubahan Profile Karyawan')).toBeTruthy();
    expect(within(dialog).getByText('Lanjut Perubahan Profile Karyawan 26000002 - Nabila Anggraini?')).toBeTruthy();
    const agama = await within(dialog).findByTestId('change-agama_id');
    expect(within(agama).getByTestId('value-current').textContent).toBe('Islam');
    expect(within(agama).getByTestId('value-requested').textContent).toBe('Kristen');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Keterangan harus diisi bila request ditolak')).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'PUT')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox'), 'Lampirkan surat baptis');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(closed).toBe(true));
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(put?.url).toBe('/api/request/approve');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ id: 9, status: 'R', keterangan: 'Lampirkan surat baptis' });
    // The decision refreshes what shows requests: the open detail is asked for again.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/request/karyawan/9')).toHaveLength(2));
  });
});
