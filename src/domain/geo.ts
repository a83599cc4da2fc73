const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): accurate to well under a metre at store scale. */
export function distanceMeters(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Indonesian style: "850 m", "5,0 km", "12 km" (999.6 m reads "1,0 km", not "1000 m"). */
export function formatDistance(m: number): string {
  return m < 999.5 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(m < 9_950 ? 1 : 0).replace('.', ',')} km`;
}

/**
 * A store check-in farther from the store than its radius (the server flags it the same way: recorded,
 * never refused); `radiusM` is the store's own radius or the default.
 */
export function outsideRadius(distanceM: number, radiusM: number): boolean {
  return distanceM > radiusM;
}

/** What the phone says before a check-in outside the radius is saved: "Anda 5,0 km dari toko; radius 300 m". */
export function outsideRadiusText(distanceM: number, radiusM: number): string {
  return `Anda ${formatDistance(distanceM)} dari toko; radius ${formatDistance(radiusM)}`;
}

/**
 * "akurasi ±12 m"; a position without an accuracy (missing, 0 or not a number, as some phones report it)
 * reads "akurasi tidak diketahui", never "±0 m", which would claim a perfect fix.
 */
export function accuracyText(m: number | null | undefined): string {
  return m != null && Number.isFinite(m) && m > 0
    ? `akurasi ±${Math.max(1, Math.round(m))} m`
    : 'akurasi tidak diketahui';
}
