/**
 * A day check-out soon after the check-in asks first (issue 41 item 5): within 60 minutes of the
 * check-in, or before her shift's start on the day she checked in; a night shift's next morning never
 * reads as "before the start".
 */
import { describe, expect, it } from 'vitest';
import { earlyCheckOutMinutes, earlyCheckOutText } from '../../src/domain/absensi/worked-time';

describe('earlyCheckOutMinutes', () => {
  it('asks within the first hour, with the minutes since the check-in', () => {
    expect(earlyCheckOutMinutes('08:00:00', '08:00:30', '08:00:00')).toBe(0);
    expect(earlyCheckOutMinutes('08:00:00', '08:59:59', '08:00:00')).toBe(59);
    expect(earlyCheckOutMinutes('08:00:00', '09:00:00', '08:00:00')).toBeNull();
    expect(earlyCheckOutMinutes('08:00:00', '17:00:00', null)).toBeNull();
  });

  it('asks before the shift starts, however long since an early check-in', () => {
    expect(earlyCheckOutMinutes('06:00:00', '07:45:00', '08:00:00')).toBe(105);
    expect(earlyCheckOutMinutes('06:00:00', '08:00:00', '08:00:00')).toBeNull();
    expect(earlyCheckOutMinutes('06:00:00', '07:45:00', null)).toBeNull();
  });

  it('a night shift: across midnight counts on, and the next morning is not before the start', () => {
    expect(earlyCheckOutMinutes('23:30:00', '00:10:00', '22:00:00')).toBe(40);
    expect(earlyCheckOutMinutes('21:50:00', '06:00:00', '22:00:00')).toBeNull();
  });

  it('says it in the words of the issue', () => {
    expect(earlyCheckOutText(12)).toBe('Anda baru check in 12 menit yang lalu. Check out sekarang?');
  });
});
