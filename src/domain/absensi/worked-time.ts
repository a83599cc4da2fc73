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
