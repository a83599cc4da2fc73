import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserForm } from '../../src/features/users/components/user-form';
import { blankUser, formValuesOf } from '../../src/features/users/components/user-form-values';
import { renderScreen } from './render';

/** The role select and the six trustee selects load their choices; each list answers by its path. */
function lists() {
  globalThis.fetch = (async (url: string) => {
    const path = new URL(url, 'http://app').pathname;
    const result =
      path === '/api/roles'
        ? [{ id: 'HR', nama: 'HRD', permissionCount: 3, allPermissions: false, userCount: 1, deletable: false }]
        : [];
    return new Response(JSON.stringify({ result, totalCount: result.length }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

const STRONG = 'Kuat#Sekali2026';

describe('user form', () => {
  it('shows the field messages of the domain schema and submits nothing on bad input', async () => {
    lists();
    const onSubmit = vi.fn();
    renderScreen(<UserForm mode="create" initial={blankUser()} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Username/), 'ada spasi');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), STRONG);
    await user.type(screen.getByLabelText(/^Konfirmasi Password/, { selector: 'input' }), 'Lain#Sekali2026');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('User ID harus diisi')).toBeTruthy();
    expect(screen.getByText('Username tidak boleh mengandung spasi')).toBeTruthy();
    expect(screen.getByText('Nama harus diisi')).toBeTruthy();
    expect(screen.getByText('Role Harus Diisi')).toBeTruthy();
    expect(screen.getByText('Konfirmasi Password tidak sama, check kembali')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a control character in a text field', async () => {
    lists();
    const onSubmit = vi.fn();
    renderScreen(<UserForm mode="create" initial={blankUser()} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Nama/));
    await user.paste('Budi\u0000');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Teks mengandung karakter yang tidak diperbolehkan')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits an edit with a blank password (kept) as the inputs hold it', async () => {
    lists();
    const onSubmit = vi.fn();
    const initial = formValuesOf({
      userid: 'U00002',
      username: 'hr',
      nama: 'Staf HR',
      role: 'HR',
      role_nama: 'HRD',
      is_active: true,
      reset_password: false,
      last_login: null,
      nrp: null,
      app_version: null,
      karyawan_nama: null,
      trustee: { kode_prsh: ['KM'], sales_office: [], lokasi: [], client: [], jabatan: [], spg_type: [] },
    });
    renderScreen(<UserForm mode="edit" initial={initial} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'HRD (HR)' });
    await user.clear(screen.getByLabelText(/^Nama/));
    await user.type(screen.getByLabelText(/^Nama/), 'Staf HR Baru');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      userid: 'U00002',
      nama: 'Staf HR Baru',
      password: '',
      nrp: '',
      trustee: { kode_prsh: ['KM'] },
    });
  });
});
