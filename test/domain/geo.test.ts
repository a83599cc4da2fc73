import { describe, expect, it } from 'vitest';
import { distanceMeters, formatDistance } from '../../src/domain/geo';

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
  });
});
