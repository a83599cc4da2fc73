/** The payroll counting rules and the day rules of the attendance summary (src/domain/absensi-summary.ts). */
import { describe, expect, it } from 'vitest';
import {
  isEarlyLeave,
  isLate,
  lastCountedDay,
  payrollCounts,
  timeCounts,
  workedMinutes,
  type DayShift,
  type SummaryDay,
} from '../../src/domain/absensi-summary';
import { hoursText, periodDates } from '../../src/domain/report-absensi';

const PAGI: DayShift = { jam_mulai: '08:00:00', jam_selesai: '16:00:00', ada_uang_shift: 'T' };
const SIANG: DayShift = { jam_mulai: '12:00:00', jam_selesai: '20:00:00', ada_uang_shift: 'Y' };
const MALAM: DayShift = { jam_mulai: '22:00:00', jam_selesai: '06:00:00', ada_uang_shift: 'Y' };

const day = (
  sts: string,
  masuk: string | null = null,
  keluar: string | null = null,
  shift: DayShift | null = PAGI,
): SummaryDay => ({
  sts_abs_id: sts,
  jam_masuk: masuk,
  jam_keluar: keluar,
  shift,
});

describe('lateness, early leave and worked time', () => {
  it('is late only after the shift start, to the second', () => {
    expect(isLate(day('H', '08:00:00', '16:00:00'))).toBe(false);
    expect(isLate(day('H', '08:00:01', '16:00:00'))).toBe(true);
    expect(isLate(day('H', '07:45:00', '16:00:00'))).toBe(false);
    expect(isLate(day('S'))).toBe(false);
    expect(isLate(day('H', '09:00:00', '16:00:00', null))).toBe(false);
  });

  it('reads a night shift across midnight', () => {
    expect(isLate(day('H', '21:50:00', '06:05:00', MALAM))).toBe(false);
    expect(isLate(day('H', '22:10:00', '06:05:00', MALAM))).toBe(true);
    expect(isLate(day('H', '00:30:00', '06:05:00', MALAM))).toBe(true);
    expect(isEarlyLeave(day('H', '22:00:00', '05:30:00', MALAM))).toBe(true);
    expect(isEarlyLeave(day('H', '22:00:00', '06:00:00', MALAM))).toBe(false);
    expect(isEarlyLeave(day('H', '22:00:00', '23:30:00', MALAM))).toBe(true);
    expect(workedMinutes(day('H', '22:00:00', '06:15:00', MALAM))).toBe(8 * 60 + 15);
  });

  it('leaves early only before the shift end; no check-out is not an early leave', () => {
    expect(isEarlyLeave(day('H', '08:00:00', '15:59:59'))).toBe(true);
    expect(isEarlyLeave(day('H', '08:00:00', '16:00:00'))).toBe(false);
    expect(isEarlyLeave(day('H', '08:00:00', null))).toBe(false);
    expect(workedMinutes(day('H', '08:10:00', '16:40:30'))).toBe(8 * 60 + 30);
    expect(workedMinutes(day('H', '08:10:00', null))).toBe(0);
    expect(hoursText(8 * 60 + 5)).toBe('8:05');
  });

  it('adds them up per employee', () => {
    expect(timeCounts([day('H', '08:05:00', '15:00:00'), day('H', '07:55:00', '16:05:00'), day('A')])).toEqual({
      count_late: 1,
      count_early: 1,
      worked_minutes: 6 * 60 + 55 + 8 * 60 + 10,
    });
  });
});

describe('payroll counts', () => {
  it('counts attendance, base pay, meal, transport and shift money by status and shift', () => {
    const days = [
      day('H', '08:00:00', '16:00:00'),
      day('H', '12:00:00', '20:00:00', SIANG),
      day('H', '12:05:00', null, SIANG),
      day('DL'),
      day('S'),
      day('C'),
      day('I'),
      day('A'),
      day('OFF'),
      // Hadir keyed without a check-in time: at work, but not physically checked in.
      day('H'),
    ];
    expect(payrollCounts(days, 26)).toEqual({
      count_attend: 5,
      count_gapok: 7,
      count_tun_makan: 3,
      count_tun_bensin: 4,
      count_uang_shift: 2,
    });
  });

  it('never pays base pay for more days than the period has working days', () => {
    const days = Array.from({ length: 30 }, () => day('H', '08:00:00', '16:00:00'));
    expect(payrollCounts(days, 26).count_gapok).toBe(26);
    expect(payrollCounts(days, 26).count_attend).toBe(30);
    expect(payrollCounts([], 26)).toEqual({
      count_attend: 0,
      count_gapok: 0,
      count_tun_makan: 0,
      count_tun_bensin: 0,
      count_uang_shift: 0,
    });
  });
});

describe('the days an employee counts in a period', () => {
  it('cuts a resignation at the last working day', () => {
    expect(lastCountedDay('2026-10-31', null, '2026-10-01')).toBe('2026-10-31');
    expect(lastCountedDay('2026-10-31', '2026-10-12', '2026-10-01')).toBe('2026-10-12');
    expect(lastCountedDay('2026-10-31', '2026-11-05', '2026-10-01')).toBe('2026-10-31');
    expect(lastCountedDay('2026-10-31', '2026-09-30', '2026-10-01')).toBeNull();
  });

  it('lists every day of a period, across month ends and a leap day', () => {
    expect(periodDates('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(periodDates('2026-10-01', '2026-10-31')).toHaveLength(31);
  });
});
