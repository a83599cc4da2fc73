/**
 * Evidence capture on the phone: a GPS fix (or the reason there is none — the action stays possible)
 * and the photo, compressed on the device to at most 1280 px and 300 KB before it is stored.
 */
// The library would fetch its worker code from a CDN; the bundled copy keeps compression offline.
import imageCompressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

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

export const PHOTO_MAX_EDGE_PX = 1280;
export const PHOTO_MAX_KB = 300;

export async function compressPhoto(file: File): Promise<File> {
  // Loaded on the first photo, not with the screen: it is the biggest piece of the field app.
  const { default: imageCompression } = await import('browser-image-compression');
  const out = await imageCompression(file, {
    maxSizeMB: PHOTO_MAX_KB / 1024,
    maxWidthOrHeight: PHOTO_MAX_EDGE_PX,
    useWebWorker: true,
    libURL: new URL(imageCompressionLibUrl, window.location.href).href,
    fileType: 'image/jpeg',
    initialQuality: 0.8,
  });
  return new File([out], 'foto.jpg', { type: 'image/jpeg' });
}
