/**
 * A store check-in far outside the store's radius says so before saving, and can still be saved
 * (issue 26: flagged, never refused); the visit card's distance badge turns to a warning colour.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { KunjunganLine } from '../../src/domain/absensi/kunjungan-checkin';
import { CaptureDialog } from '../../src/features/absensi/components/capture-dialog';
import { VisitLineCard } from '../../src/features/absensi/components/visit-line-card';
import { renderScreen } from './render';

const noop = () => {};
// Monas, Jakarta; a point 0.045° of latitude (5.0 km) south of it; one 0.0018° (200 m) south.
const STORE = { cust_lat: -6.175392, cust_long: 106.827153, radius_m: null };
const FAR = { lat: -6.175392 - 0.045, long: 106.827153 };
const NEAR = { lat: -6.175392 - 0.0018, long: 106.827153 };

function phoneAt(p: { lat: number; long: number }) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({
          coords: { latitude: p.lat, longitude: p.long, accuracy: 12 },
          timestamp: Date.now(),
        } as GeolocationPosition),
    },
  });
}

afterEach(() => {
  // jsdom has no geolocation of its own.
  delete (navigator as { geolocation?: unknown }).geolocation;
});

describe('the store check-in dialog', () => {
  it('says how far the phone is from the store, against its radius, and still offers Simpan', async () => {
    phoneAt(FAR);
    renderScreen(<CaptureDialog title="Check In Toko" store={STORE} onClose={noop} onSave={async () => {}} />);
    expect((await screen.findByTestId('radius-warning')).textContent).toContain('Anda 5,0 km dari toko; radius 300 m');
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeTruthy();
  });

  it("uses the store's own radius", async () => {
    phoneAt(FAR);
    renderScreen(
      <CaptureDialog
        title="Check In Toko"
        store={{ ...STORE, radius_m: 1500 }}
        onClose={noop}
        onSave={async () => {}}
      />,
    );
    expect((await screen.findByTestId('radius-warning')).textContent).toContain('radius 1,5 km');
  });

  it('says nothing inside the radius, nor for the day check-in (no store)', async () => {
    phoneAt(NEAR);
    const { unmount } = renderScreen(
      <CaptureDialog title="Check In Toko" store={STORE} onClose={noop} onSave={async () => {}} />,
    );
    await screen.findByTestId('location-status');
    expect(screen.queryByTestId('radius-warning')).toBeNull();
    unmount();
    phoneAt(FAR);
    renderScreen(<CaptureDialog title="Check In" onClose={noop} onSave={async () => {}} />);
    await screen.findByTestId('location-status');
    expect(screen.queryByTestId('radius-warning')).toBeNull();
  });
});

describe('the visit card', () => {
  const line = {
    id: 1,
    cust_code: 'C001',
    customer: { cust_name: 'Toko A', cust_address: null, ...STORE },
    shift: { nama: 'Pagi', jam_mulai: '08:00:00', jam_selesai: '16:00:00' },
    flags: [],
  } as unknown as KunjunganLine;
  const status = { in: { done: false, pending: false, jam: null }, out: { done: false, pending: false, jam: null } };
  const card = (distanceM: number) => (
    <VisitLineCard
      line={line}
      status={status as unknown as Parameters<typeof VisitLineCard>[0]['status']}
      zone={null}
      distanceM={distanceM}
      onAction={noop}
    />
  );

  it('shows the distance in a warning colour outside the radius, and says so to a screen reader', () => {
    renderScreen(card(5000));
    const badge = screen.getByTestId('distance');
    expect(badge.getAttribute('data-outside-radius')).toBe('true');
    expect(badge.textContent).toBe('5,0 km, di luar radius 300 m');
  });

  it('shows it plainly inside the radius', () => {
    renderScreen(card(120));
    const badge = screen.getByTestId('distance');
    expect(badge.getAttribute('data-outside-radius')).toBeNull();
    expect(badge.textContent).toBe('120 m');
  });
});
