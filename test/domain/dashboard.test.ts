import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageText,
  alertCategory,
  alertRange,
  ALERT_IDS,
  daysBetween,
  isStale,
  mapAnswerOf,
  mapMarkerOf,
  missingCheckout,
  notStarted,
  visitColour,
  type MapRow,
} from '../../src/domain/dashboard/dashboard';

describe('visitColour', () => {
  it('is green checked in and out, yellow checked in only, red neither', () => {
    expect(visitColour({ in_jam: '08:00:00', out_jam: '10:00:00' })).toBe('green');
    expect(visitColour({ in_jam: '08:00:00', out_jam: null })).toBe('yellow');
    expect(visitColour({ in_jam: null, out_jam: null })).toBe('red');
    // A check-out without a check-in is no visit.
    expect(visitColour({ in_jam: null, out_jam: '10:00:00' })).toBe('red');
  });
});

describe('alertCategory', () => {
  const day = '2026-02-27';
  it('sorts a contract end by days from the chosen day, month and year ends included', () => {
    expect(alertCategory(null, day)).toBeNull();
    expect(alertCategory('2026-02-26', day)).toBe('expired');
    expect(alertCategory('2025-12-31', day)).toBe('expired');
    expect(alertCategory(day, day)).toBe('within30');
    expect(alertCategory(addDays(day, 30), day)).toBe('within30');
    expect(addDays(day, 30)).toBe('2026-03-29');
    expect(alertCategory(addDays(day, 31), day)).toBe('within60');
    expect(alertCategory(addDays(day, 60), day)).toBe('within60');
    expect(alertCategory(addDays(day, 61), day)).toBe('within90');
    expect(alertCategory(addDays(day, 90), day)).toBe('within90');
    expect(alertCategory(addDays(day, 91), day)).toBeNull();
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('has ranges that agree with the rule, with no gap and no overlap', () => {
    for (let d = -5; d <= 95; d++) {
      const end = addDays(day, d);
      const inRanges = ALERT_IDS.filter((id) => {
        const [from, to] = alertRange(id, day);
        return (from === null || end >= from) && (to === null || end <= to);
      });
      const cat = alertCategory(end, day);
      expect(inRanges, end).toEqual(cat ? [cat] : []);
    }
  });
});

describe('positions and the attention rules', () => {
  const now = new Date('2026-05-05T05:00:00Z');
  it('calls a position stale after two hours and says its age', () => {
    expect(isStale(new Date(now.getTime() - 119 * 60_000), now)).toBe(false);
    expect(isStale(new Date(now.getTime() - 121 * 60_000), now)).toBe(true);
    expect(ageText(new Date(now.getTime() - 20_000), now)).toBe('baru saja');
    expect(ageText(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 mnt lalu');
    expect(ageText(new Date(now.getTime() - 130 * 60_000), now)).toBe('2 jam 10 mnt lalu');
  });

  it('a day is not started once the shift began and its lateness tolerance passed without any check-in', () => {
    const plan = { tanggal: '2026-05-05', jam_mulai: '08:00:00', toleransi_terlambat: 5, any_in: false };
    expect(notStarted(plan, '2026-05-05', '07:59:00')).toBe(false);
    expect(notStarted(plan, '2026-05-05', '08:05:00')).toBe(false);
    expect(notStarted(plan, '2026-05-05', '08:05:01')).toBe(true);
    expect(notStarted({ ...plan, toleransi_terlambat: 0 }, '2026-05-05', '08:00:01')).toBe(true);
    expect(notStarted({ ...plan, any_in: true }, '2026-05-05', '12:00:00')).toBe(false);
    expect(notStarted(plan, '2026-05-06', '00:01:00')).toBe(true);
    expect(notStarted(plan, '2026-05-04', '12:00:00')).toBe(false);
  });

  it('a check-out is missing once the shift ended', () => {
    const line = { tanggal: '2026-05-05', in_jam: '08:10:00', out_jam: null, jam_selesai: '17:00:00' };
    expect(missingCheckout(line, '2026-05-05', '16:59:00')).toBe(false);
    expect(missingCheckout(line, '2026-05-05', '17:00:00')).toBe(true);
    expect(missingCheckout({ ...line, out_jam: '16:00:00' }, '2026-05-05', '18:00:00')).toBe(false);
    expect(missingCheckout({ ...line, in_jam: null }, '2026-05-06', '18:00:00')).toBe(false);
    expect(missingCheckout(line, '2026-05-06', '06:00:00')).toBe(true);
  });
});

describe('the map answer (decision 047)', () => {
  const shop = { cust_code: 'MKS003', cust_name: 'Toko "Maju"', cust_address: 'Jl. Sudirman No. 1, Makassar' };
  const noStore = { cust_code: null, cust_name: null, cust_address: null };
  const at = (iso: string) => Date.parse(iso) / 1000;
  const rows: MapRow[] = [
    // 09:40:07 WITA, a visit's check-out.
    {
      nrp: '26000001',
      nama: 'Ani',
      lat: -5.1476651,
      long: 119.4327312,
      at: at('2026-05-05T01:40:07Z'),
      kind: 3,
      time_zone: 'Asia/Makassar',
      ...shop,
    },
    {
      nrp: '26000002',
      nama: 'Budi',
      lat: -5.15,
      long: 119.43,
      at: at('2026-05-05T00:05:00Z'),
      kind: 2,
      time_zone: 'Asia/Makassar',
      ...shop,
    },
    // 07:55 WIT, the day's own check-in (no store).
    {
      nrp: '26000003',
      nama: 'Citra',
      lat: -2.5337,
      long: 140.7181,
      at: at('2026-05-04T22:55:00Z'),
      kind: 0,
      time_zone: 'Asia/Jayapura',
      ...noStore,
    },
  ];

  it('writes each store once and reads back what the popup says: time in her zone, side, source, store', () => {
    const answer = mapAnswerOf(rows);
    expect(answer.stores).toEqual([[shop.cust_code, shop.cust_name, shop.cust_address]]);
    expect(answer.result.map((p) => p[7])).toEqual([0, 0, null]);
    const markers = answer.result.map((p) => mapMarkerOf(p, answer.stores));
    expect(markers.map((m) => [m.nrp, m.nama, m.jam, m.time_zone, m.side, m.source])).toEqual([
      ['26000001', 'Ani', '09:40:07', 'Asia/Makassar', 'out', 'kunjungan'],
      ['26000002', 'Budi', '08:05:00', 'Asia/Makassar', 'in', 'kunjungan'],
      ['26000003', 'Citra', '07:55:00', 'Asia/Jayapura', 'in', 'absensi'],
    ]);
    expect(markers.map((m) => m.at.getTime() / 1000)).toEqual(rows.map((r) => r.at));
    expect(markers.map((m) => m.store)).toEqual([shop, shop, null]);
    // 5 decimals: about a metre.
    expect(answer.result[0]!.slice(2, 4)).toEqual([-5.14767, 119.43273]);
  });
});
