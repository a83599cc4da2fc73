import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MasterForm } from '../../src/features/master/components/master-form';
import { MASTER_SCREENS } from '../../src/features/master/screens';
import { renderScreen, serverAnswers } from './render';

const COMPANIES = {
  status: 200,
  body: {
    result: [
      { kode_prsh: 'KM', nama: 'PT Karya Mandiri', device_policy: 'wajib' },
      { kode_prsh: 'SJA', nama: 'PT Sinar Jaya Abadi', device_policy: 'wajib' },
    ],
    totalCount: 2,
  },
};

/** The company select fills from GET /api/perusahaan; wait for it before choosing. */
async function companiesLoaded() {
  await screen.findByRole('option', { name: 'KM - PT Karya Mandiri' });
}

describe('master form (shift)', () => {
  it('shows the validation messages and sends nothing on bad input', async () => {
    const calls = serverAnswers(COMPANIES);
    const onSaved = vi.fn();
    renderScreen(<MasterForm screen={MASTER_SCREENS.shift} onSaved={onSaved} onCancel={() => {}} />);
    await companiesLoaded();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Nama/), 'x'.repeat(41));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Kode harus diisi')).toBeTruthy();
    expect(screen.getByText('Kode Perusahaan harus diisi')).toBeTruthy();
    expect(screen.getByText('Maksimal 40 karakter')).toBeTruthy();
    expect(screen.getAllByText('Jam harus diisi')).toHaveLength(2);
    expect(calls.map((c) => c.url)).toEqual(['/api/perusahaan?per_page=1000']);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('posts the parsed body (times as HH:mm:ss) and reports back', async () => {
    const calls = serverAnswers(COMPANIES, { status: 201, body: { message: 'Shift MALAM berhasil ditambahkan' } });
    const onSaved = vi.fn();
    renderScreen(<MasterForm screen={MASTER_SCREENS.shift} onSaved={onSaved} onCancel={() => {}} />);
    await companiesLoaded();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(/Kode Perusahaan/), 'SJA');
    await user.type(screen.getByLabelText(/Kode Shift/), 'MALAM');
    await user.type(screen.getByLabelText(/^Nama/), 'Shift Malam');
    await user.type(screen.getByLabelText(/Jam Mulai/), '22:00');
    await user.type(screen.getByLabelText(/Jam Selesai/), '06:30');
    await user.selectOptions(screen.getByLabelText(/Uang Shift/), 'Y');
    // A night shift's Batas Check Out the next morning (empty would be Jam Selesai + 2 jam).
    await user.type(screen.getByLabelText(/Batas Check Out/), '08:30');
    // The tolerances start at the default 5 minutes.
    expect((screen.getByLabelText(/Toleransi Pulang Cepat/) as HTMLInputElement).value).toBe('5');
    await user.clear(screen.getByLabelText(/Toleransi Terlambat/));
    await user.type(screen.getByLabelText(/Toleransi Terlambat/), '241');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Toleransi Terlambat harus bilangan bulat 0 sampai 240 menit')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Toleransi Terlambat/));
    await user.type(screen.getByLabelText(/Toleransi Terlambat/), '10');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[1]?.url).toBe('/api/shift');
    expect(calls[1]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      id: 'MALAM',
      kode_prsh: 'SJA',
      nama: 'Shift Malam',
      jam_mulai: '22:00:00',
      jam_selesai: '06:30:00',
      ada_uang_shift: 'Y',
      toleransi_terlambat: 10,
      toleransi_pulang_cepat: 5,
      batas_check_out: '08:30:00',
    });
  });

  it("shows the server's duplicate answer under the code and stays on the form", async () => {
    serverAnswers(COMPANIES, {
      status: 409,
      body: { message: 'Kode sudah digunakan', error: { code: 'conflict', message: 'Kode sudah digunakan' } },
    });
    const onSaved = vi.fn();
    renderScreen(<MasterForm screen={MASTER_SCREENS.client} onSaved={onSaved} onCancel={() => {}} />);
    await companiesLoaded();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(/Kode Perusahaan/), 'KM');
    await user.type(screen.getByLabelText(/Kode Client/), 'NSF');
    await user.type(screen.getByLabelText(/^Nama/), 'PT Nusa');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kode sudah digunakan')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('master form (hostile and refused input)', () => {
  it('refuses a control character in a text field and sends nothing', async () => {
    const calls = serverAnswers(COMPANIES);
    const onSaved = vi.fn();
    renderScreen(<MasterForm screen={MASTER_SCREENS.jabatan} onSaved={onSaved} onCancel={() => {}} />);
    await companiesLoaded();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(/Kode Perusahaan/), 'KM');
    await user.type(screen.getByLabelText(/Kode Jabatan/), 'SPG2');
    await user.click(screen.getByLabelText(/^Nama/));
    await user.paste('Jabatan\u0000');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Teks mengandung karakter yang tidak diperbolehkan')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows a 400's field issues under their fields", async () => {
    const message = 'Kode perusahaan tidak ditemukan';
    serverAnswers(COMPANIES, {
      status: 400,
      body: { message, error: { code: 'bad_request', message, issues: [{ path: 'nama', message: 'Nama ditolak' }] } },
    });
    const onSaved = vi.fn();
    renderScreen(<MasterForm screen={MASTER_SCREENS.divisi} onSaved={onSaved} onCancel={() => {}} />);
    await companiesLoaded();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(/Kode Perusahaan/), 'KM');
    await user.type(screen.getByLabelText(/Kode Divisi/), 'DIV9');
    await user.type(screen.getByLabelText(/^Nama/), 'Divisi Baru');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nama ditolak')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('master form (edit type karyawan)', () => {
  it('keeps the code read-only and puts whole rupiah amounts', async () => {
    const calls = serverAnswers(COMPANIES, { status: 200, body: { message: 'Type Karyawan REG berhasil diubah' } });
    const onSaved = vi.fn();
    const row = { id: 'REG', kode_prsh: 'KM', type: 'SPG Reguler', tun_makan: 25000, tun_bensin: 15000, tun_lain: 0 };
    renderScreen(
      <MasterForm screen={MASTER_SCREENS['karyawan-type']} row={row} onSaved={onSaved} onCancel={() => {}} />,
    );
    await companiesLoaded();
    expect((screen.getByLabelText(/Kode Type/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Kode Perusahaan/) as HTMLSelectElement).value).toBe('KM');
    const user = userEvent.setup();
    const makan = screen.getByLabelText(/Tunjangan Makan/);
    await user.clear(makan);
    await user.type(makan, 'abc');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nominal harus bilangan bulat 0 atau lebih')).toBeTruthy();
    expect(calls).toHaveLength(1);

    await user.clear(makan);
    await user.type(makan, '27.500');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[1]?.url).toBe('/api/karyawan-type/REG');
    expect(calls[1]?.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      kode_prsh: 'KM',
      type: 'SPG Reguler',
      tun_makan: 27500,
      tun_bensin: 15000,
      tun_lain: 0,
    });
  });
});

describe('master form (perusahaan)', () => {
  it("edits a company's device policy: the choice is sent, the key is not", async () => {
    const calls = serverAnswers({ status: 200, body: { message: 'Perusahaan KM berhasil diubah' } });
    const onSaved = vi.fn();
    renderScreen(
      <MasterForm
        screen={MASTER_SCREENS.perusahaan}
        row={{ kode_prsh: 'KM', nama: 'PT Karya Mandiri', device_policy: 'wajib' }}
        onSaved={onSaved}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    const policy = screen.getByLabelText(/Verifikasi Perangkat/) as HTMLSelectElement;
    expect(policy.value).toBe('wajib');
    await user.selectOptions(policy, 'dicatat');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.url).toBe('/api/perusahaan/KM');
    expect(calls[0]?.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ nama: 'PT Karya Mandiri', device_policy: 'dicatat' });
  });
});
