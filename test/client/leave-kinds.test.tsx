/**
 * /jenis-leave and /jenis-cuti (spec §2.6): the rows, the add button by master.create, inline edit by
 * master.update, and delete after a confirmation naming the row (master.delete).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { JenisCutiPage } from '../../src/features/leave/components/jenis-cuti-page';
import { JenisLeavePage } from '../../src/features/leave/components/jenis-leave-page';
import { session } from '../../src/lib/session';
import { renderScreen } from './render';

function signIn(permissions: string[]) {
  const claims = {
    userid: 'U9',
    username: 'uji',
    nama: 'Uji',
    role: 'ADM',
    nrp: null,
    permissions,
    exp: 4_000_000_000,
  };
  session.start(`e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.x`);
}
afterEach(() => session.end());

const LEAVE = [
  { id: 1, jenis_leave: 'Sakit', type: 'SAKIT', status: true },
  { id: 2, jenis_leave: 'Cuti', type: 'CUTI', status: true },
];
const CUTI = [{ jenis_cuti_id: 7, jenis_cuti: 'Menikah', lama_hari: 3, potong_tahunan: false, status: true }];

/** Answers the lists by path and records every write; each answer in its contract's shape (src/domain/leave/contracts.ts). */
function fakeServer() {
  const writes: { url: string; method: string; body: unknown }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      writes.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      // Adding a kind answers the stored row too.
      if (method === 'POST' && url === '/api/jenis-cuti')
        return json({ message: 'Berhasil', result: { ...CUTI[0], jenis_cuti_id: 8 } });
      return json({ message: 'Berhasil' });
    }
    const path = url.split('?')[0];
    if (path === '/api/jenis-leave') return json({ result: LEAVE, totalCount: LEAVE.length });
    if (path === '/api/jenis-cuti') return json({ result: CUTI, totalCount: CUTI.length });
    if (path === '/api/jenis-leave/type/leave') return json({ result: [{ type: 'SAKIT', label: 'Sakit' }] });
    throw new Error(`unexpected GET ${url}`);
  }) as typeof fetch;
  return writes;
}

describe('leave kind lists', () => {
  it('lists the kinds and deletes one only after a confirmation naming it', async () => {
    signIn(['master.read', 'master.create', 'master.update', 'master.delete']);
    const writes = fakeServer();
    renderScreen(<JenisLeavePage />);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Daftar jenis leave' });
    await within(table).findByText('Sakit');
    expect(screen.getByRole('button', { name: 'Tambah Jenis Leave' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Hapus Cuti' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Anda yakin ingin menghapus jenis leave Cuti?');
    expect(writes).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(writes).toEqual([{ url: '/api/jenis-leave/2', method: 'DELETE', body: null }]));
  });

  it('edits a cuti kind inline and saves it', async () => {
    signIn(['master.read', 'master.update']);
    const writes = fakeServer();
    renderScreen(<JenisCutiPage />);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Daftar jenis cuti' });
    await user.click(await screen.findByRole('button', { name: 'Ubah Menikah' }));
    expect(screen.queryByRole('button', { name: 'Tambah Jenis Cuti' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Hapus/ })).toBeNull();
    const name = screen.getByRole('textbox', { name: 'Jenis Cuti' });
    await user.clear(name);
    await user.type(name, 'Pernikahan');
    await user.click(screen.getByRole('button', { name: 'Simpan Menikah' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ url: '/api/jenis-cuti/7', method: 'PUT' });
    expect(writes[0]!.body).toMatchObject({ jenis_cuti: 'Pernikahan' });
  });

  it('checks a new cuti kind with the server’s schema before sending it', async () => {
    signIn(['master.read', 'master.create']);
    const writes = fakeServer();
    renderScreen(<JenisCutiPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tambah Jenis Cuti' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Jenis cuti harus diisi')).toBeTruthy();
    expect(within(dialog).getByText('Lama cuti harus diisi')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), 'Cuti Umroh');
    await user.type(within(dialog).getByRole('spinbutton'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Lama cuti minimal 1 hari')).toBeTruthy();
    expect(writes).toHaveLength(0);
    await user.clear(within(dialog).getByRole('spinbutton'));
    await user.type(within(dialog).getByRole('spinbutton'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      url: '/api/jenis-cuti',
      method: 'POST',
      body: { jenis_cuti: 'Cuti Umroh', lama_hari: '10', potong_tahunan: true },
    });
  });
});
