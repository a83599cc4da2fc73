import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReviewLine } from '../../src/features/absensi/components/review-line';
import { offlineDb } from '../../src/lib/offline/db';
import { renderScreen } from './render';

beforeEach(async () => {
  await offlineDb().outbox.clear();
});

describe("the employee's review line (issue 28 item 5, issue 41 item 3)", () => {
  it('says only "Sedang ditinjau" while open, and queues her note in the outbox (offline first)', async () => {
    renderScreen(
      <ReviewLine
        userid="U00004"
        tinjauId="hari-5"
        review={{ status: 'ditinjau', pesan: null, catatan: null }}
        rows={[]}
      />,
    );
    // Never which flags: naming them tells a cheater what was caught.
    const line = screen.getByTestId('review-line');
    expect(line.textContent).toMatch(/^Sedang ditinjau/);
    expect(line.textContent).not.toMatch(/radius|Foto|Lokasi|:/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tambah catatan' }));
    await user.click(await screen.findByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Catatan wajib diisi')).toBeTruthy();
    expect(await offlineDb().outbox.count()).toBe(0);
    await user.type(screen.getByLabelText(/Catatan Anda/), 'GPS lemah di basement');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(async () => expect(await offlineDb().outbox.count()).toBe(1));
    const [row] = await offlineDb().outbox.toArray();
    expect(row).toMatchObject({
      kind: 'tinjau.catatan',
      userid: 'U00004',
      method: 'POST',
      path: '/api/absensi/tinjau/hari-5/catatan',
      encoding: 'json',
      payload: { catatan: 'GPS lemah di basement', tinjau_id: 'hari-5' },
    });
  });

  it('shows the outcome and only the message written for her; no note once decided; nothing when not reviewed', () => {
    const { unmount } = renderScreen(
      <ReviewLine
        userid="U00004"
        tinjauId="kunjungan-9"
        review={{ status: 'tidak_diterima', pesan: 'Check in harus di dalam toko.', catatan: 'Di parkiran' }}
        rows={[]}
      />,
    );
    expect(screen.getByText('Tidak diterima')).toBeTruthy();
    expect(screen.getByText('Pesan peninjau: Check in harus di dalam toko.')).toBeTruthy();
    expect(screen.getByText('Catatan Anda: Di parkiran')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /catatan/ })).toBeNull();
    unmount();
    const accepted = renderScreen(
      <ReviewLine
        userid="U00004"
        tinjauId="hari-7"
        review={{ status: 'diterima', pesan: null, catatan: null }}
        rows={[]}
      />,
    );
    expect(screen.getByTestId('review-line').textContent).toBe('Diterima');
    accepted.unmount();
    renderScreen(<ReviewLine userid="U00004" tinjauId="hari-6" review={null} rows={[]} />);
    expect(screen.queryByTestId('review-line')).toBeNull();
  });
});
