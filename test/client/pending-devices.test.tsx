import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PendingDeviceRow } from '../../src/domain/device/device';
import { PendingDevices } from '../../src/features/karyawan/devices/pending-devices';
import { renderScreen, serverAnswers } from './render';

const waiting: PendingDeviceRow = {
  id: 7,
  nrp: '26000002',
  nama: 'Siti Rahma',
  device_name: 'Samsung A05',
  status: 'pending',
  enrolled_at: new Date().toISOString(),
  last_used_at: null,
  approved_by: null,
  revoked_by: null,
};

describe("the approver's devices waiting for approval (issue 41)", () => {
  it('lists a pending device with whose it is, and approves it', async () => {
    const calls = serverAnswers(
      { status: 200, body: { result: [waiting] } },
      {
        status: 200,
        body: { message: 'Perangkat disetujui', result: { ...waiting, status: 'active', approved_by: 'U00003' } },
      },
      { status: 200, body: { result: [] } },
    );
    renderScreen(<PendingDevices />);
    expect(await screen.findByText('Perangkat Menunggu Persetujuan')).toBeTruthy();
    const row = screen.getByTestId('pending-device-row');
    expect(row.textContent).toContain('Siti Rahma (26000002) · Samsung A05');
    expect(row.textContent).toContain('Menunggu persetujuan');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Setujui' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]).toMatchObject({ url: expect.stringContaining('/api/karyawan/26000002/devices/7/approve') });
    expect(calls[1]!.init?.method).toBe('POST');
    // Nothing waits any more: the section goes away.
    await waitFor(() => expect(screen.queryByTestId('pending-devices')).toBeNull());
  });

  it('shows nothing when no device waits', async () => {
    const calls = serverAnswers({ status: 200, body: { result: [] } });
    renderScreen(<PendingDevices />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText('Perangkat Menunggu Persetujuan')).toBeNull();
  });
});
