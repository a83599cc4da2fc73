import { describe, expect, it } from 'vitest';
import { accuracyText, distanceMeters, formatDistance, outsideRadius, outsideRadiusText } from '../../src/domain/geo';

describe('distance', () => {
  it('measures known distances', () => {
    // Monas to Bundaran HI, Jakarta: about 2.1 km.
    const monas = { lat: -6.175392, long: 106.827153 };
    const hi = { lat: -6.194949, long: 106.823059 };
    expect(distanceMeters(monas, hi)).toBeGreaterThan(2100);
    expect(distanceMeters(monas, hi)).toBeLessThan(2250);
    expect(distanceMeters(monas, monas)).toBe(0);
    // 0.001° of latitude is ~111 m anywhere.
    expect(distanceMeters({ lat: 0, long: 100 }, { lat: 0.001, long: 100 })).toBeCloseTo(111.2, 0);
  });

  it('formats metres and kilometres the Indonesian way', () => {
    expect(formatDistance(42.4)).toBe('42 m');
    expect(formatDistance(1530)).toBe('1,5 km');
    expect(formatDistance(25_400)).toBe('25 km');
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(5000)).toBe('5,0 km');
    // Rounding never shows "1000 m" or "10,0 km".
    expect(formatDistance(999.6)).toBe('1,0 km');
    expect(formatDistance(9_960)).toBe('10 km');
  });

  it('says how far outside the radius a check-in is (issue 26), and only outside it', () => {
    expect(outsideRadiusText(5000, 300)).toBe('Anda 5,0 km dari toko; radius 300 m');
    expect(outsideRadiusText(850, 300)).toBe('Anda 850 m dari toko; radius 300 m');
    expect(outsideRadius(301, 300)).toBe(true);
    expect(outsideRadius(300, 300)).toBe(false);
  });
});

describe('accuracyText', () => {
  it('says the accuracy in metres, and "tidak diketahui" for a position without one, never ±0 m', () => {
    expect(accuracyText(12.4)).toBe('akurasi ±12 m');
    expect(accuracyText(0.3)).toBe('akurasi ±1 m');
    for (const none of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(accuracyText(none)).toBe('akurasi tidak diketahui');
  });
});
