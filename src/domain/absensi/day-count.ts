/**
 * One definition of every attendance count (issue 26 item 2, docs/decisions/028-one-count-and-tolerance.md).
 *
 * `countDay` reads one attendance day as it finally stands (its shown status and times: an approved
 * leave has written its status on the day, a manual or uploaded revision its values) and answers what
 * that day counts for: Hadir, Terlambat, Pulang Cepat, Sakit, Cuti, Izin, Alpa, OFF, worked minutes and
 * the payroll days. `countDays` adds the days of one employee's period. Laporan Absensi (each day's
 * flags and hours), Rekap Absensi, Rekap Absensi Harian, the posting and every export call these two and
 * nothing else, so HR and payroll read the same numbers.
 *
 * Times are local wall-clock 'HH:MM[:SS]' of the employee's location (src/domain/time-zone.ts); a shift
 * is read on a 24-hour circle from its start, so a night shift (22:00–06:00) works. Kept free of
 * schemas: the server imports it into every report query's loop.
 */
import { DAY_S, minutesWorked, seconds } from './worked-time';

/** Minutes of tolerance a shift gets when it does not say (the column default of migration 0017). */
export const DEFAULT_TOLERANSI_MENIT = 5;
/** The most tolerance a shift may give, either way (4 hours: half a shift). */
export const MAX_TOLERANSI_MENIT = 240;

/** The status codes of master data status_absensi (src/domain/absensi/absensi-search.ts STATUS_ABSENSI). */
export const STATUS = { hadir: 'H', dinasLuar: 'DL', sakit: 'S', cuti: 'C', izin: 'I', alpa: 'A', off: 'OFF' } as const;

/**
 * Where a day's shown values come from (absensi.sumber), in the words every screen and export uses:
 * S the employee's own check-in, M a manual revision, U an uploaded revision, L an approved leave.
 */
export const SUMBER_LABEL: Record<string, string> = { S: 'Aplikasi', M: 'Manual', U: 'Upload', L: 'Pengajuan' };
export const sumberText = (sumber: string): string => SUMBER_LABEL[sumber] ?? sumber;

export interface CountShift {
  jam_mulai: string;
  jam_selesai: string;
  /** 'Y' = the shift pays shift money. */
  ada_uang_shift: string;
  /** Minutes after jam_mulai a check-in is still on time. */
  toleransi_terlambat: number;
  /** Minutes before jam_selesai a check-out is still not an early leave. */
  toleransi_pulang_cepat: number;
}

/** One attendance day as it finally stands. */
export interface CountDay {
  sts_abs_id: string;
  jam_masuk: string | null;
  jam_keluar: string | null;
  shift: CountShift | null;
}

/**
 * What one day counts for (each 0 or 1, minutes in minutes); a period's counts are their sums, with
 * count_gapok capped at the period's working days.
 */
export interface DayCounts {
  /** Hadir: at work, H (Hadir) or DL (Dinas Luar, on duty away from the store). */
  count_attend: number;
  /** Present (H with a check-in) and checked in after the shift start plus its tolerance. */
  count_late: number;
  /** Present and checked out before the shift end minus its tolerance; no check-out is not early. */
  count_early: number;
  count_sakit: number;
  count_cuti: number;
  count_izin: number;
  count_alpa: number;
  count_off: number;
  /** Check-in to check-out of a day at work (across midnight); 0 without both times. */
  worked_minutes: number;
  /** Base pay: at work, or paid absence (S with a doctor's note, C). */
  count_gapok: number;
  /** Meal: physically present (H with a check-in time). */
  count_tun_makan: number;
  /** Transport: present, or on duty away (DL). */
  count_tun_bensin: number;
  /** Shift money: present on a shift that pays it. */
  count_uang_shift: number;
}

export const COUNT_KEYS = [
  'count_attend',
  'count_late',
  'count_early',
  'count_sakit',
  'count_cuti',
  'count_izin',
  'count_alpa',
  'count_off',
  'worked_minutes',
  'count_gapok',
  'count_tun_makan',
  'count_tun_bensin',
  'count_uang_shift',
] as const satisfies readonly (keyof DayCounts)[];

export const zeroCounts = (): DayCounts => Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as unknown as DayCounts;

/** Seconds after the shift's start, on a 24-hour circle. */
const sinceStart = (jam: string, shift: CountShift) => (seconds(jam) - seconds(shift.jam_mulai) + DAY_S) % DAY_S;
const toleranceS = (minutes: number | null | undefined) => Math.max(0, minutes ?? DEFAULT_TOLERANSI_MENIT) * 60;

/**
 * Late: checked in more than the tolerance after the shift's start (to the second: with 5 minutes,
 * 08:05:00 is on time and 08:05:01 late). A check-in more than 12 hours "after" the start is an early
 * arrival before it (a night shift's circle), not lateness.
 */
export function lateCheckIn(jamMasuk: string, shift: CountShift): boolean {
  const after = sinceStart(jamMasuk, shift);
  return after > toleranceS(shift.toleransi_terlambat) && after < DAY_S / 2;
}

/** Early leave: checked out more than the tolerance before the shift's end (measured from its start). */
export function earlyCheckOut(jamKeluar: string, shift: CountShift): boolean {
  const end = sinceStart(shift.jam_selesai, shift) || DAY_S;
  return sinceStart(jamKeluar, shift) < end - toleranceS(shift.toleransi_pulang_cepat);
}

/**
 * The last on-time second of a shift, 'HH:MM:SS' (jam_mulai plus its tolerance), for a screen or a
 * query that asks "is she late yet" of a clock rather than of a check-in (the dashboard). Kept on the
 * shift's day: a tolerance running past midnight stops at 23:59:59.
 */
export function onTimeUntil(shift: Pick<CountShift, 'jam_mulai' | 'toleransi_terlambat'>): string {
  const s = Math.min(seconds(shift.jam_mulai) + toleranceS(shift.toleransi_terlambat), DAY_S - 1);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** What one day counts for. The one rule; everything that counts attendance calls it. */
export function countDay(d: CountDay): DayCounts {
  const c = zeroCounts();
  const s = d.sts_abs_id;
  const atWork = s === STATUS.hadir || s === STATUS.dinasLuar;
  const present = s === STATUS.hadir && d.jam_masuk !== null;
  if (atWork) {
    c.count_attend = 1;
    c.count_gapok = 1;
    c.worked_minutes = minutesWorked(d.jam_masuk, d.jam_keluar);
  }
  if (present) {
    c.count_tun_makan = 1;
    c.count_tun_bensin = 1;
    if (d.shift?.ada_uang_shift === 'Y') c.count_uang_shift = 1;
    if (d.shift && d.jam_masuk && lateCheckIn(d.jam_masuk, d.shift)) c.count_late = 1;
    if (d.shift && d.jam_keluar && earlyCheckOut(d.jam_keluar, d.shift)) c.count_early = 1;
  }
  if (s === STATUS.dinasLuar) c.count_tun_bensin = 1;
  if (s === STATUS.sakit) c.count_sakit = c.count_gapok = 1;
  if (s === STATUS.cuti) c.count_cuti = c.count_gapok = 1;
  if (s === STATUS.izin) c.count_izin = 1;
  if (s === STATUS.alpa) c.count_alpa = 1;
  if (s === STATUS.off) c.count_off = 1;
  return c;
}

/** Adds `b` into `a` (a running total). */
export function addCounts(a: DayCounts, b: DayCounts): DayCounts {
  for (const k of COUNT_KEYS) a[k] += b[k];
  return a;
}

/**
 * The counts of one employee's days in a period: the sum of countDay, with base pay capped at the
 * period's working days (jum_hk).
 */
export function countDays(days: readonly CountDay[], jumHk: number): DayCounts {
  const total = zeroCounts();
  for (const d of days) addCounts(total, countDay(d));
  total.count_gapok = Math.min(total.count_gapok, Math.max(0, jumHk));
  return total;
}

/**
 * The last day an employee counts in a period: the period's end, or her last working day (tgl_p3)
 * when she resigned before it. Null when she left before the period began.
 */
export function lastCountedDay(akhir: string, tglP3: string | null, mulai: string): string | null {
  if (tglP3 && tglP3 < mulai) return null;
  return tglP3 && tglP3 < akhir ? tglP3 : akhir;
}
