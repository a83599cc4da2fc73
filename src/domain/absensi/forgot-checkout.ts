/**
 * Forgotten check-outs (issue 29 item 1): each shift has a "Batas Check Out"; once it passes, a day with
 * a check-in and no check-out is marked `forgot_checkout` ("Lupa Check Out") and its hours do not count
 * until a check-out or a correction gives the day its end. Her phone is reminded 15 minutes before the
 * shift ends while she is checked in, and again at the limit.
 *
 * Times are wall-clock 'HH:MM[:SS]' of the employee's zone; a shift is read on a 24-hour circle from its
 * start (a night shift 22:00–06:00 ends the next day), and the limit is the first Batas Check Out at or
 * after the shift's end (a limit past midnight falls on the next day). Kept free of schemas.
 */
import { instantIn, type TimeZone } from '../time-zone';
import { DAY_S, seconds } from './worked-time';

/** The flag code and its words on every screen and export. */
export const FORGOT_CHECKOUT = 'forgot_checkout';
export const FORGOT_CHECKOUT_LABEL = 'Lupa Check Out';

/** A shift without its own Batas Check Out reads as its end plus this. */
export const DEFAULT_BATAS_MENIT = 120;
/** The first reminder, this long before the shift's end. */
export const REMINDER_BEFORE_END_MENIT = 15;

/** The reminders already sent for a day (absensi.pengingat). */
export const PENGINGAT = { akhir: 'akhir', batas: 'batas' } as const;

export interface LimitShift {
  jam_mulai: string;
  jam_selesai: string;
  /** null = jam_selesai + DEFAULT_BATAS_MENIT. */
  batas_check_out: string | null;
}

const hhmmss = (s: number) => {
  const t = ((s % DAY_S) + DAY_S) % DAY_S;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(t / 3600))}:${two(Math.floor((t % 3600) / 60))}:${two(t % 60)}`;
};

/** The shift's Batas Check Out as a time of day ('HH:MM:SS'), its default when unset. */
export function batasOf(shift: LimitShift): string {
  return shift.batas_check_out ?? hhmmss(seconds(shift.jam_selesai) + DEFAULT_BATAS_MENIT * 60);
}

/** The instants a day of this shift ends and its check-out limit passes, in the employee's zone. */
export function shiftDeadlines(
  shift: LimitShift,
  tanggal: string,
  zone: TimeZone,
): { endAt: Date; limitAt: Date; remindAt: Date } {
  const start = seconds(shift.jam_mulai);
  const endSinceStart = (seconds(shift.jam_selesai) - start + DAY_S) % DAY_S || DAY_S;
  const endAt = new Date(instantIn(zone, tanggal, shift.jam_mulai).getTime() + endSinceStart * 1000);
  const afterEnd = (seconds(batasOf(shift)) - seconds(shift.jam_selesai) + DAY_S) % DAY_S;
  return {
    endAt,
    limitAt: new Date(endAt.getTime() + afterEnd * 1000),
    remindAt: new Date(endAt.getTime() - REMINDER_BEFORE_END_MENIT * 60_000),
  };
}

/** What a day with a check-in and no check-out is owed at `now`: nothing, the first reminder, or the mark. */
export function forgotCheckoutStep(
  shift: LimitShift,
  tanggal: string,
  zone: TimeZone,
  now: Date,
  sent: readonly string[],
): 'tandai' | 'ingatkan' | null {
  const d = shiftDeadlines(shift, tanggal, zone);
  if (now >= d.limitAt) return 'tandai';
  if (now >= d.remindAt && now < d.endAt && !sent.includes(PENGINGAT.akhir)) return 'ingatkan';
  return null;
}
