/**
 * The field app's day and times are the employee's, in her location's zone (docs/decisions/020-time-zones.md),
 * read from her own profile on the phone. Until the profile has reached this phone, the phone's own
 * clock and setting stand in (it is where she is); the server records the day from the instant anyway.
 */
import dayjs from 'dayjs';
import { asTimeZone, dateIn, timeIn, timeWithZone, type TimeZone } from '../../domain/time-zone';

/** The employee's zone from her own profile, or null while it is not on the phone. */
export function fieldZone(profile: { time_zone?: string | null } | null | undefined): TimeZone | null {
  return profile?.time_zone ? asTimeZone(profile.time_zone) : null;
}

/** Today for the field screens: in her zone, else the phone's own day. */
export function fieldToday(zone: TimeZone | null, now: Date = new Date()): string {
  return zone ? dateIn(zone, now) : dayjs(now).format('YYYY-MM-DD');
}

/** The day and time of an action at `at`, as the phone writes them in its outbox row. */
export function fieldDayTime(zone: TimeZone | null, at: Date): { tanggal: string; jam: string } {
  return zone
    ? { tanggal: dateIn(zone, at), jam: timeIn(zone, at) }
    : { tanggal: dayjs(at).format('YYYY-MM-DD'), jam: dayjs(at).format('HH:mm:ss') };
}

/** A recorded time for the field screens: '07:30 WITA' in her zone, '07:30' while it is unknown. */
export function fieldTime(jam: string | null | undefined, zone: TimeZone | null): string {
  if (!jam) return '--:--';
  return zone ? timeWithZone(jam, zone) : jam.slice(0, 5);
}
