/** The one definition of every attendance count (src/domain/absensi/day-count.ts, docs/decisions/028). */
import { describe, expect, it } from 'vitest';
import {
  COUNT_KEYS,
  countDay,
  countDays,
  earlyCheckOut,
  lastCountedDay,
  lateCheckIn,
  onTimeUntil,
  sumberText,
  type CountDay,
  type CountShift,
} from '../../src/domain/absensi/day-count';
import { hoursText, periodDates } from '../../src/domain/report/report-absensi';

const tol = { toleransi_terlambat: 5, toleransi_pulang_cepat: 5 };
const PAGI: CountShift = { jam_mulai: '08:00:00', jam_selesai: '16:00:00', ada_uang_shift: 'T', ...tol };
const SIANG: CountShift = { jam_mulai: '12:00:00', jam_selesai: '20:00:00', ada_uang_shift: 'Y', ...tol };
const MALAM: CountShift = { jam_mulai: '22:00:00', jam_selesai: '06:00:00', ada_uang_shift: 'Y', ...tol };
const EXACT: CountShift = { ...PAGI, toleransi_terlambat: 0, toleransi_pulang_cepat: 0 };

const day = (
  sts: string,
  masuk: string | null = null,
  keluar: string | null = null,
  shift: CountShift | null = PAGI,
): CountDay => ({ sts_abs_id: sts, jam_masuk: masuk, jam_keluar: keluar, shift });

describe('lateness and early leave, with the shift’s tolerance', () => {
  it('is late only after the start plus the tolerance, to the second', () => {
    expect(lateCheckIn('07:45:00', PAGI)).toBe(false);
    expect(lateCheckIn('08:00:01', PAGI)).toBe(false);
    expect(lateCheckIn('08:05:00', PAGI)).toBe(false);
    expect(lateCheckIn('08:05:01', PAGI)).toBe(true);
    expect(lateCheckIn('08:00:01', EXACT)).toBe(true);
    expect(lateCheckIn('08:00:00', EXACT)).toBe(false);
    expect(lateCheckIn('08:20:00', { ...PAGI, toleransi_terlambat: 30 })).toBe(false);
  });

  it('leaves early only before the end minus the tolerance; no check-out is not early', () => {
    expect(earlyCheckOut('15:55:00', PAGI)).toBe(false);
    expect(earlyCheckOut('15:54:59', PAGI)).toBe(true);
    expect(earlyCheckOut('15:59:59', EXACT)).toBe(true);
    expect(earlyCheckOut('16:30:00', PAGI)).toBe(false);
    expect(countDay(day('H', '08:00:00', null)).count_early).toBe(0);
  });

  it('reads a night shift across midnight', () => {
    expect(lateCheckIn('21:50:00', MALAM)).toBe(false);
    expect(lateCheckIn('22:04:00', MALAM)).toBe(false);
    expect(lateCheckIn('22:10:00', MALAM)).toBe(true);
    expect(lateCheckIn('00:30:00', MALAM)).toBe(true);
    expect(earlyCheckOut('05:30:00', MALAM)).toBe(true);
    expect(earlyCheckOut('05:56:00', MALAM)).toBe(false);
    expect(earlyCheckOut('23:30:00', MALAM)).toBe(true);
    expect(countDay(day('H', '22:00:00', '06:15:00', MALAM)).worked_minutes).toBe(8 * 60 + 15);
  });

  it('names the last on-time second of a shift, kept on its day', () => {
    expect(onTimeUntil(PAGI)).toBe('08:05:00');
    expect(onTimeUntil(EXACT)).toBe('08:00:00');
    expect(onTimeUntil({ jam_mulai: '23:58:00', toleransi_terlambat: 5 })).toBe('23:59:59');
  });
});

describe('countDay: what one day counts for', () => {
  it('counts a day at work: Hadir, late, early, worked hours and the payroll days', () => {
    expect(countDay(day('H', '08:10:00', '15:00:30'))).toEqual({
      count_attend: 1,
      count_late: 1,
      count_early: 1,
      count_sakit: 0,
      count_cuti: 0,
      count_izin: 0,
      count_alpa: 0,
      count_off: 0,
      worked_minutes: 6 * 60 + 50,
      count_gapok: 1,
      count_tun_makan: 1,
      count_tun_bensin: 1,
      count_uang_shift: 0,
    });
    expect(countDay(day('H', '11:58:00', '20:03:00', SIANG))).toMatchObject({
      count_late: 0,
      count_early: 0,
      count_uang_shift: 1,
    });
  });

  it('counts each absence by its status, and nothing else of it', () => {
    const only = (sts: string) => {
      const c = countDay(day(sts));
      return COUNT_KEYS.filter((k) => c[k] > 0);
    };
    expect(only('S')).toEqual(['count_sakit', 'count_gapok']);
    expect(only('C')).toEqual(['count_cuti', 'count_gapok']);
    expect(only('I')).toEqual(['count_izin']);
    expect(only('A')).toEqual(['count_alpa']);
    expect(only('OFF')).toEqual(['count_off']);
    expect(only('DL')).toEqual(['count_attend', 'count_gapok', 'count_tun_bensin']);
    // Hadir keyed without times: at work and paid, but not physically present (no meal, no transport).
    expect(only('H')).toEqual(['count_attend', 'count_gapok']);
  });

  it('gives a day that is not at work no hours, whatever times it carries', () => {
    expect(countDay(day('S', '08:00:00', '16:00:00')).worked_minutes).toBe(0);
    expect(countDay(day('H', '08:00:00', '16:00:00', null))).toMatchObject({ count_late: 0, worked_minutes: 480 });
  });
});

describe('countDays: one employee’s period', () => {
  it('adds the days up', () => {
    const days = [
      day('H', '07:50:00', '16:10:00'),
      day('H', '08:04:59', '15:56:00'),
      day('H', '12:30:00', null, SIANG),
      day('H', '12:05:00', '19:00:00', SIANG),
      day('DL'),
      day('S'),
      day('C'),
      day('I'),
      day('A'),
      day('OFF'),
      day('H'),
    ];
    expect(countDays(days, 26)).toEqual({
      count_attend: 6,
      count_late: 1,
      count_early: 1,
      count_sakit: 1,
      count_cuti: 1,
      count_izin: 1,
      count_alpa: 1,
      count_off: 1,
      worked_minutes: 8 * 60 + 20 + 7 * 60 + 51 + 6 * 60 + 55,
      count_gapok: 8,
      count_tun_makan: 4,
      count_tun_bensin: 5,
      count_uang_shift: 2,
    });
  });

  it('never pays base pay for more days than the period has working days', () => {
    const days = Array.from({ length: 30 }, () => day('H', '08:00:00', '16:00:00'));
    expect(countDays(days, 26).count_gapok).toBe(26);
    expect(countDays(days, 26).count_attend).toBe(30);
    expect(Object.values(countDays([], 26)).every((n) => n === 0)).toBe(true);
  });
});

describe('the words and days around the counts', () => {
  it('names each source as the screens do', () => {
    expect(['S', 'M', 'U', 'L'].map(sumberText)).toEqual(['Aplikasi', 'Manual', 'Upload', 'Pengajuan']);
  });

  it('cuts a resignation at the last working day', () => {
    expect(lastCountedDay('2026-10-31', null, '2026-10-01')).toBe('2026-10-31');
    expect(lastCountedDay('2026-10-31', '2026-10-12', '2026-10-01')).toBe('2026-10-12');
    expect(lastCountedDay('2026-10-31', '2026-11-05', '2026-10-01')).toBe('2026-10-31');
    expect(lastCountedDay('2026-10-31', '2026-09-30', '2026-10-01')).toBeNull();
  });

  it('writes hours and lists a period’s days, across month ends and a leap day', () => {
    expect(hoursText(8 * 60 + 5)).toBe('8:05');
    expect(periodDates('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(periodDates('2026-10-01', '2026-10-31')).toHaveLength(31);
  });
});
