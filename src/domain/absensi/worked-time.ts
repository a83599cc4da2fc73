/**
 * Worked time between a day's check-in and check-out, written once for the reports
 * (src/domain/absensi/absensi-summary.ts) and the phone's day card (src/features/absensi/state.ts). Kept free of
 * schemas so the phone path does not download the reports' valibot rules with it.
 *
 * Times are local wall-clock 'HH:MM[:SS]' (src/domain/time-zone.ts); a check-out that reads earlier than
 * the check-in is past midnight (a night shift) and counts into the next day.
 */
export const DAY_S = 24 * 3600;

/** Seconds since midnight of 'HH:MM[:SS]'. */
export const seconds = (hhmmss: string) =>
  Number(hhmmss.slice(0, 2)) * 3600 + Number(hhmmss.slice(3, 5)) * 60 + Number(hhmmss.slice(6, 8) || 0);

/** Whole minutes from check-in to check-out (across midnight); 0 without both. */
export function minutesWorked(jamMasuk: string | null, jamKeluar: string | null): number {
  if (!jamMasuk || !jamKeluar) return 0;
  return Math.floor(((seconds(jamKeluar) - seconds(jamMasuk) + DAY_S) % DAY_S) / 60);
}

/** A day check-out this soon after the check-in asks first (issue 41 item 5). */
export const EARLY_CHECK_OUT_MINUTES = 60;

/**
 * The minutes since her check-in when a day check-out at `now` should ask first: within
 * EARLY_CHECK_OUT_MINUTES of the check-in, or before her shift's start on the day she checked in (a
 * check-out that reads earlier than the check-in is a night shift's next morning, never "before the
 * start"). Null when it need not ask.
 */
export function earlyCheckOutMinutes(jamMasuk: string, now: string, shiftStart: string | null): number | null {
  const minutes = minutesWorked(jamMasuk, now);
  if (minutes < EARLY_CHECK_OUT_MINUTES) return minutes;
  const sameDay = seconds(now) >= seconds(jamMasuk);
  return shiftStart && sameDay && seconds(now) < seconds(shiftStart) ? minutes : null;
}

/** The question a day check-out asks when `earlyCheckOutMinutes` is not null. */
export const earlyCheckOutText = (minutes: number) =>
  `Anda baru check in ${minutes} menit yang lalu. Check out sekarang?`;
