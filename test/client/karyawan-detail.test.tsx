/**
 * The employee detail: view → EDIT → Update confirmation → SAVE, with edit rights per tab; read-only
 * from the resigned list; EDIT gone once resigned.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KaryawanDetail } from '../../src/domain/karyawan/karyawan';
import type { KaryawanRow } from '../../src/domain/karyawan/karyawan-list';
import { KaryawanDetailPage } from '../../src/features/karyawan/components/karyawan-detail-page';
import { session } from '../../src/lib/session';
import { renderScreen } from './render';

const DETAIL: KaryawanDetail = {
  nrp: '26000003',
  nama: 'Hadi Wijaya',
  jenis_kelamin: 'L',
  nik: '6471062706900003',
  tempat_lahir: 'Samarinda',
  tgl_lahir: '1990-06-27',
  alamat1: 'Jl. Sisingamangaraja No. 39',
  alamat2: 'Damai, Balikpapan',
  kode_pos: '76114',
  email: 'hadi@example.com',
  telp_hp: '08139573405',
  status_kel: 'K',
  jumlah_anak: 0,
  agama_id: 2,
  pendidikan_id: 4,
  foto_kar: null,
  foto_ktp: null,
  kode_prsh: 'KM',
  kode_lokasi: 'JKT',
  status: 2,
  jobclass: 30,
  rek_bca: '1234567890',
  tgl_awkerja: '2026-04-17',
  type_spg_id: 'TL',
  jabatan_id: 'TL',
  departemen_id: 'SLS',
  divisi_id: null,
  client_id: null,
  cust_code: null,
  sales_office_id: 'JKT',
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
  per_kontrak: 2,
  lama_kontrak: 12,
  mulai_kontrak: '2026-07-17',
  selesai_kontrak: '2027-07-16',
  no_kontrak: 'PKWT/KM/2026/000007',
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
  type: { id: 'TL', type: 'Team Leader' },
  jabatan: { id: 'TL', nama: 'Team Leader' },
  departemen: { id: 'SLS', nama: 'Sales' },
  divisi: null,
  client: null,
  store: null,
  sales_office: { id: 'JKT', nama: 'Sales Office Jakarta' },
  route_list: null,
  mst_alasan_p3: null,
  kode_umr: null,
  umr: null,
  gaji: null,
  kontrak: [
    {
      no_kontrak: 'PKWT/KM/2026/000006',
      per_kontrak: 1,
      lama_kontrak: 3,
      mulai_kontrak: '2026-04-17',
      selesai_kontrak: '2026-07-16',
      sts_kontrak: 'B',
    },
    {
      no_kontrak: 'PKWT/KM/2026/000007',
      per_kontrak: 2,
      lama_kontrak: 12,
      mulai_kontrak: '2026-07-17',
      selesai_kontrak: '2027-07-16',
      sts_kontrak: 'B',
    },
  ],
  p3: null,
};

/** An unsigned token: the client only reads its claims (the server decides). */
function signIn(permissions: string[], role = 'HR') {
  const claims = { userid: 'U9', username: 'uji', nama: 'Uji', role, nrp: null, permissions, exp: 4_000_000_000 };
  const part = btoa(JSON.stringify(claims)).replace(/=+$/, '');
  session.start(`e30.${part}.x`);
}

function fakeServer(detail: KaryawanDetail, write?: { status: number; body: unknown }) {
  const writes: { url: string; init: RequestInit | undefined }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method && init.method !== 'GET') {
      writes.push({ url, init });
      if (write) return json(write.body, write.status);
      return json({ message: `Data karyawan ${detail.nrp} - Nama Baru berhasil diubah` });
    }
    if (url.startsWith(`/api/karyawan/${detail.nrp}`)) return json({ result: detail });
    return json({ result: [], totalCount: 0 });
  }) as typeof fetch;
  return writes;
}

afterEach(() => session.end());

/**
 * Picks an Action menu item by keyboard. A pointer pick depends on Zag's page-wide interaction modality,
 * which earlier typing in the same file leaves on "keyboard" (hover then highlights nothing).
 */
async function chooseAction(user: ReturnType<typeof userEvent.setup>, name: string) {
  const item = await screen.findByRole('menuitem', { name });
  for (let i = 0; i < 5 && !item.hasAttribute('data-highlighted'); i++) await user.keyboard('{ArrowDown}');
  expect(item.hasAttribute('data-highlighted')).toBe(true);
  await user.keyboard('{Enter}');
}

describe('employee detail', () => {
  it('edits only the tabs the user may change and confirms before saving', async () => {
    signIn(['karyawan.read', 'karyawan.update', 'karyawan.personal.edit', 'karyawan.kontrak.read']);
    const writes = fakeServer(DETAIL);
    renderScreen(<KaryawanDetailPage nrp="26000003" readOnly={false} onDeleted={() => {}} />);
    expect(await screen.findByText('26000003 - Hadi Wijaya')).toBeTruthy();
    // No salary tab without karyawan.gaji.read; the contract history is there.
    expect(screen.queryByRole('tab', { name: 'Gaji & Tunjangan' })).toBeNull();
    expect(screen.getByText('PKWT/KM/2026/000006')).toBeTruthy();
    // No renewal without karyawan.kontrak.edit.
    expect(screen.queryByRole('button', { name: 'Perpanjang Kontrak' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'EDIT' }));
    const nama = screen.getByLabelText(/^Nama/) as HTMLInputElement;
    await user.clear(nama);
    await user.type(nama, 'Nama Baru');
    await user.click(screen.getByRole('tab', { name: 'Pegawai' }));
    expect(screen.getByText('Anda tidak memiliki akses untuk mengubah tab Pegawai.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Kode Lokasi/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Simpan perubahan data karyawan 26000003 - Hadi Wijaya?');
    expect(writes).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.url).toBe('/api/karyawan/26000003');
    expect(writes[0]?.init?.method).toBe('PUT');
    const body = writes[0]?.init?.body as FormData;
    expect(body.get('nama')).toBe('Nama Baru');
    // Only the Personal tab goes out.
    expect(body.has('kode_lokasi')).toBe(false);
    expect(body.has('npwp')).toBe(false);
    expect(body.has('gaji')).toBe(false);
    expect(await screen.findByRole('button', { name: 'EDIT' })).toBeTruthy();
  });

  it('shows the team leader as "NRP - Nama", clears it and picks another in the employee picker', async () => {
    signIn(['karyawan.read', 'karyawan.update', 'karyawan.pegawai.edit']);
    const writes = fakeServer({ ...DETAIL, team_leader_nrp: '26000001', team_leader_nama: 'Sari Dewi' });
    const list = globalThis.fetch;
    // The picker's list (GET /api/karyawan?…): one employee to pick.
    globalThis.fetch = (async (url: string, init?: RequestInit) =>
      url.startsWith('/api/karyawan?')
        ? new Response(
            JSON.stringify({
              result: [
                {
                  nrp: '26000010',
                  nama: 'Budi Santoso',
                  foto_kar: null,
                  telp_hp: null,
                  kode_lokasi: 'JKT',
                  type: { id: 'TL', type: 'Team Leader' },
                  sales_office: null,
                  per_kontrak: 1,
                  lama_kontrak: 12,
                  mulai_kontrak: '2026-01-01',
                  selesai_kontrak: '2026-12-31',
                  tgl_p3: null,
                  no_pb: null,
                  alasan_p3: null,
                  mst_alasan_p3: null,
                  u_kebijaksanaan: null,
                  u_kebijaksanaan_desc: null,
                  u_cuti: null,
                  u_potongan: null,
                  u_lumpdrop: null,
                  tgl_bast: null,
                  p3: null,
                } satisfies KaryawanRow,
              ],
              totalCount: 1,
            }),
            { headers: { 'content-type': 'application/json' } },
          )
        : list(url, init)) as typeof fetch;
    renderScreen(<KaryawanDetailPage nrp="26000003" readOnly={false} onDeleted={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Pegawai' }));
    expect(screen.getByText('26000001 - Sari Dewi')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'EDIT' }));
    await user.click(screen.getByRole('tab', { name: 'Pegawai' }));
    const field = screen.getByLabelText('Team Leader') as HTMLInputElement;
    expect(field.value).toBe('26000001 - Sari Dewi');
    await user.click(screen.getByRole('button', { name: 'Hapus Team Leader' }));
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('button', { name: 'Hapus Team Leader' })).toBeNull();

    // By keyboard: Enter on the field opens the picker.
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Pilih Karyawan' });
    await user.click(await within(dialog).findByRole('button', { name: 'Pilih 26000010' }));
    await waitFor(() => expect(field.value).toBe('26000010 - Budi Santoso'));

    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const body = writes[0]?.init?.body as FormData;
    expect(body.get('team_leader_nrp')).toBe('26000010');
    // The name is shown, never sent.
    expect(body.has('team_leader_nama')).toBe(false);
  });

  it('is read-only from the resigned list, and has no EDIT once resigned', async () => {
    signIn(['karyawan.read', 'karyawan.update', 'karyawan.personal.edit']);
    fakeServer(DETAIL);
    const view = renderScreen(<KaryawanDetailPage nrp="26000003" readOnly onDeleted={() => {}} />);
    expect(await screen.findByText('Data karyawan resign/keluar: hanya dapat dilihat.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'EDIT' })).toBeNull();
    view.unmount();

    fakeServer({ ...DETAIL, alasan_p3: 1, tgl_p3: '2026-10-01', mst_alasan_p3: { id: 1, nama: 'Resign' } });
    renderScreen(<KaryawanDetailPage nrp="26000003" readOnly={false} onDeleted={() => {}} />);
    expect(await screen.findByText('Resign: Resign')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'EDIT' })).toBeNull();
  });

  it('deletes after a warning and a second confirmation; a refusal keeps the employee', async () => {
    signIn(['karyawan.read', 'karyawan.delete']);
    const refusal =
      'Tidak bisa menghapus karyawan 26000003 - Hadi Wijaya. Karyawan sudah memiliki kunjungan. Mohon hapus kunjungan terlebih dahulu.';
    const writes = fakeServer(DETAIL, {
      status: 409,
      body: { message: refusal, error: { code: 'conflict', message: refusal } },
    });
    const onDeleted = vi.fn();
    renderScreen(<KaryawanDetailPage nrp="26000003" readOnly={false} onDeleted={onDeleted} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Action' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'Karyawan 26000003 - Hadi Wijaya akan dihapus',
    );
    await user.click(screen.getByRole('button', { name: 'Lanjutkan' }));
    expect((await screen.findByText(/Yakin menghapus karyawan 26000003 - Hadi Wijaya\?/)).textContent).toContain(
      'tidak dapat dibatalkan',
    );
    expect(writes).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Ya, Hapus' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.url).toBe('/api/karyawan/26000003');
    expect(writes[0]?.init?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('hides Reset and Change Password without karyawan.resetpassword', async () => {
    signIn(['karyawan.read', 'karyawan.delete']);
    fakeServer(DETAIL);
    renderScreen(<KaryawanDetailPage nrp="26000003" readOnly={false} onDeleted={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Action' }));
    await screen.findByRole('menuitem', { name: 'Delete' });
    expect(screen.queryByRole('menuitem', { name: 'Reset Password' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Change Password' })).toBeNull();
  });

  it('Change Password checks the policy live and sends the pair', async () => {
    signIn(['karyawan.read', 'karyawan.resetpassword']);
    const writes = fakeServer(DETAIL, { status: 200, body: { message: 'Password berhasil diubah' } });
    renderScreen(<KaryawanDetailPage nrp="26000003" readOnly={false} onDeleted={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Action' }));
    await chooseAction(user, 'Change Password');
    const dialog = await screen.findByRole('form', { name: 'Change Password' });
    const [pw, confirm] = dialog.querySelectorAll('input');
    await user.type(pw!, 'pendek');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(/Password tidak sesuai kriteria/)).toBeTruthy();
    expect(writes).toHaveLength(0);
    await user.clear(pw!);
    await user.type(pw!, 'Baru#Sekali2026');
    await user.type(confirm!, 'Baru#Sekali2026');
    expect(screen.getAllByRole('checkbox').every((c) => c.getAttribute('aria-checked') === 'true')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.url).toBe('/api/karyawan/26000003/change-password');
    expect(JSON.parse(String(writes[0]?.init?.body))).toEqual({
      new_password: 'Baru#Sekali2026',
      confirm_password: 'Baru#Sekali2026',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change Password' })).toBeNull());
  });
  it('Reset Password asks, then shows the temporary password once', async () => {
    signIn(['karyawan.read', 'karyawan.resetpassword']);
    const writes = fakeServer(DETAIL, {
      status: 200,
      body: { message: 'Password berhasil direset', password: 'Sementara#12345x' },
    });
    renderScreen(<KaryawanDetailPage nrp="26000003" readOnly={false} onDeleted={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Action' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await chooseAction(user, 'Reset Password');
    expect((await screen.findByRole('alertdialog')).textContent).toContain('26000003 - Hadi Wijaya');
    expect(writes).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Sementara#12345x');
    expect(writes[0]?.url).toBe('/api/karyawan/26000003/reset-password');
    expect(writes[0]?.init?.method).toBe('POST');
  });
});
