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

describe("the employee's review line (issue 28 item 5)", () => {
  it('names what is being looked at, and queues her note in the outbox (offline first)', async () => {
    renderScreen(
      <ReviewLine
        userid="U00004"
        tinjauId="hari-5"
        flags={['outside_radius_in', 'after_posting', 'no_device_signature']}
        review={null}
        rows={[]}
      />,
    );
    // after_posting is payroll's, not a reason to look at her check-in; a missing signature is the device
    // card's to say (with what to do).
    expect(screen.getByText('Sedang ditinjau: Check in di luar radius')).toBeTruthy();
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

  it('shows the decision and no way to add a note once decided; nothing for an unflagged record', () => {
    const { unmount } = renderScreen(
      <ReviewLine
        userid="U00004"
        tinjauId="kunjungan-9"
        flags={['outside_radius_in']}
        review={{ keputusan: 'tolak', alasan: 'Foto bukan di toko', catatan: 'Di parkiran' }}
        rows={[]}
      />,
    );
    expect(screen.getByText('Tidak diterima peninjau: Foto bukan di toko')).toBeTruthy();
    expect(screen.getByText('Catatan Anda: Di parkiran')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /catatan/ })).toBeNull();
    unmount();
    renderScreen(
      <ReviewLine
        userid="U00004"
        tinjauId="hari-6"
        flags={['after_posting', 'no_device_signature']}
        review={null}
        rows={[]}
      />,
    );
    expect(screen.queryByTestId('review-line')).toBeNull();
  });
});
