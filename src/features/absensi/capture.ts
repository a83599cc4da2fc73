/**
 * Evidence capture on the phone: a GPS fix, or the reason there is none (the action stays possible).
 * The photo is compressed by src/lib/image.ts.
 */

export type LocationFix =
  { ok: true; lat: number; long: number; accuracy: number; fixAt: string } | { ok: false; reason: string };

const GEO_TIMEOUT_MS = 15_000;

export function captureLocation(): Promise<LocationFix> {
  if (!('geolocation' in navigator)) return Promise.resolve({ ok: false, reason: 'Perangkat tidak mendukung GPS' });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (pos) =>
        resolve({
          ok: true,
          lat: pos.coords.latitude,
          long: pos.coords.longitude,
          accuracy: pos.coords.accuracy,
          fixAt: new Date(pos.timestamp).toISOString(),
        }),
      (err) =>
        resolve({
          ok: false,
          reason:
            err.code === err.PERMISSION_DENIED
              ? 'Izin lokasi ditolak'
              : err.code === err.TIMEOUT
                ? 'Lokasi tidak ditemukan dalam 15 detik'
                : 'Lokasi tidak tersedia',
        }),
      { enableHighAccuracy: true, timeout: GEO_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
