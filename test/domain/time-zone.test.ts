import { describe, expect, it } from 'vitest';
import { dateTimeForPeople } from '../../src/domain/dates';
import {
  asTimeZone,
  dateIn,
  instantIn,
  TIME_ZONE_LABEL,
  TIME_ZONES,
  timeIn,
  timeWithZone,
  type TimeZone,
} from '../../src/domain/time-zone';

/** The same instants, as each zone's wall clock reads them (UTC+7, +8, +9). */
const CASES: { zone: TimeZone; utc: string; tanggal: string; jam: string }[] = [
  // 16:59:59Z is 23:59:59 WIB, 00:59:59 WITA (next day), 01:59:59 WIT (next day).
  { zone: 'Asia/Jakarta', utc: '2026-11-30T16:59:59Z', tanggal: '2026-11-30', jam: '23:59:59' },
  { zone: 'Asia/Makassar', utc: '2026-11-30T16:59:59Z', tanggal: '2026-12-01', jam: '00:59:59' },
  { zone: 'Asia/Jayapura', utc: '2026-11-30T16:59:59Z', tanggal: '2026-12-01', jam: '01:59:59' },
  // Midnight exactly in each zone starts its new day.
  { zone: 'Asia/Jakarta', utc: '2026-12-31T17:00:00Z', tanggal: '2027-01-01', jam: '00:00:00' },
  { zone: 'Asia/Makassar', utc: '2026-12-31T16:00:00Z', tanggal: '2027-01-01', jam: '00:00:00' },
  { zone: 'Asia/Jayapura', utc: '2026-12-31T15:00:00Z', tanggal: '2027-01-01', jam: '00:00:00' },
  // One second before each zone's midnight is still the old day (and year).
  { zone: 'Asia/Makassar', utc: '2026-12-31T15:59:59Z', tanggal: '2026-12-31', jam: '23:59:59' },
  { zone: 'Asia/Jayapura', utc: '2026-12-31T14:59:59Z', tanggal: '2026-12-31', jam: '23:59:59' },
  // 00:30 local, the check-in the issue names: the local day, not the previous one.
  { zone: 'Asia/Makassar', utc: '2026-11-24T16:30:00Z', tanggal: '2026-11-25', jam: '00:30:00' },
  { zone: 'Asia/Jayapura', utc: '2026-11-24T15:30:00Z', tanggal: '2026-11-25', jam: '00:30:00' },
  // A leap day.
  { zone: 'Asia/Jayapura', utc: '2028-02-28T15:00:00Z', tanggal: '2028-02-29', jam: '00:00:00' },
];

describe('dateIn / timeIn / instantIn', () => {
  it.each(CASES)('$utc is $tanggal $jam in $zone, and back', ({ zone, utc, tanggal, jam }) => {
    const at = new Date(utc);
    expect(dateIn(zone, at)).toBe(tanggal);
    expect(timeIn(zone, at)).toBe(jam);
    expect(instantIn(zone, tanggal, jam).toISOString()).toBe(at.toISOString());
  });

  it('agrees with the IANA database (Intl) for every zone, hour by hour over two days', () => {
    for (const zone of TIME_ZONES) {
      const fmt = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      for (let h = 0; h < 48; h++) {
        const at = new Date(Date.UTC(2026, 11, 31, h, 17, 5));
        const [d, t] = fmt.format(at).split(', ');
        expect(`${dateIn(zone, at)} ${timeIn(zone, at)}`, `${zone} ${at.toISOString()}`).toBe(`${d} ${t}`);
      }
    }
  });

  it('reads a local time without seconds, and drops milliseconds', () => {
    expect(instantIn('Asia/Makassar', '2026-11-25', '07:30').toISOString()).toBe('2026-11-24T23:30:00.000Z');
    expect(timeIn('Asia/Jayapura', new Date('2026-11-24T22:30:00.999Z'))).toBe('07:30:00');
  });
});

describe('zone names for people', () => {
  it('labels each zone and falls back to WIB for an unknown or missing one', () => {
    expect(TIME_ZONES.map((z) => TIME_ZONE_LABEL[z])).toEqual(['WIB', 'WITA', 'WIT']);
    expect(asTimeZone('Asia/Makassar')).toBe('Asia/Makassar');
    expect(asTimeZone('Europe/Paris')).toBe('Asia/Jakarta');
    expect(asTimeZone(null)).toBe('Asia/Jakarta');
    expect(timeWithZone('07:30:00', 'Asia/Makassar')).toBe('07:30 WITA');
    expect(timeWithZone(null, 'Asia/Jayapura')).toBe('--:--');
  });

  it('writes an instant for people in the zone it is given', () => {
    const at = '2026-11-24T23:30:00Z';
    expect(dateTimeForPeople(at)).toBe('25/11/2026 06:30');
    expect(dateTimeForPeople(at, 'Asia/Makassar')).toBe('25/11/2026 07:30');
    expect(dateTimeForPeople(at, 'Asia/Jayapura')).toBe('25/11/2026 08:30');
    expect(dateTimeForPeople(null, 'Asia/Jayapura')).toBe('-');
  });
});
