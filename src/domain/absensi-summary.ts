/**
 * The attendance summary of a period (spec part 2 §3 "Attendance summary", §2.7 posting) and the day
 * rules the reports share: which days count for base pay, meal, transport and shift money, lateness,
 * early leave and worked hours. Written once here; the posting, the three reports and their exports
 * all call these functions (docs/decisions/022-attendance-posting-and-reports.md).
 *
 * Times are the local wall-clock times of the employee's location (jam_masuk, jam_keluar and the
 * shift's jam_mulai/jam_selesai all hold local values, src/domain/time-zone.ts), so comparing them
 * needs no zone arithmetic.
 */
import * as v from 'valibot';
import { listAnswer, messageWith } from './api';
import { SUMMARY_PAGE_SIZE } from './report-search';
import { page, perPage, periodId } from './primitives';
import { DAY_S, minutesWorked, seconds } from './worked-time';

/** The attendance statuses (enums.ts STATUS_ABSENSI) by what they mean for payroll. */
export const PAYROLL_STATUS = {
  /** At work: Hadir, Dinas Luar (on duty away from the store). */
  attended: ['H', 'DL'],
  /** Paid although absent: Sakit (with a doctor's note), Cuti (paid leave). */
  paidAbsence: ['S', 'C'],
} as const;

export interface DayShift {
  jam_mulai: string;
  jam_selesai: string;
  /** 'Y' = the shift pays shift money (spec §3 "Shift"). */
  ada_uang_shift: string;
}

/** One attendance day as the rules read it. */
export interface SummaryDay {
  sts_abs_id: string;
  jam_masuk: string | null;
  jam_keluar: string | null;
  shift: DayShift | null;
}

/** Seconds after the shift's start, on a 24-hour circle (a night shift ends after midnight). */
const sinceStart = (jam: string, shift: DayShift) => (seconds(jam) - seconds(shift.jam_mulai) + DAY_S) % DAY_S;

const isAttended = (d: SummaryDay) => (PAYROLL_STATUS.attended as readonly string[]).includes(d.sts_abs_id);
/** Physically at the store: Hadir with a check-in time. */
export const isPresent = (d: SummaryDay) => d.sts_abs_id === 'H' && d.jam_masuk !== null;

/**
 * Late: checked in after the shift's start. A check-in more than 12 hours "after" the start is read as
 * an early arrival before it (a night shift's circle), not as lateness.
 */
export function isLate(d: SummaryDay): boolean {
  if (!isPresent(d) || !d.shift || !d.jam_masuk) return false;
  const after = sinceStart(d.jam_masuk, d.shift);
  return after > 0 && after < DAY_S / 2;
}

/** Early leave: checked out before the shift's end (measured from the shift's start, so night shifts work). */
export function isEarlyLeave(d: SummaryDay): boolean {
  if (!isPresent(d) || !d.shift || !d.jam_keluar) return false;
  const end = sinceStart(d.shift.jam_selesai, d.shift) || DAY_S;
  return sinceStart(d.jam_keluar, d.shift) < end;
}

/** Minutes between check-in and check-out (across midnight when the check-out reads earlier); 0 without both. */
export function workedMinutes(d: SummaryDay): number {
  return minutesWorked(d.jam_masuk, d.jam_keluar);
}

export interface PayrollCounts {
  count_attend: number;
  count_gapok: number;
  count_tun_makan: number;
  count_tun_bensin: number;
  count_uang_shift: number;
}

/**
 * The payroll counts of one employee's days in a period:
 * - count_attend: days at work (H, DL);
 * - count_gapok: days paid base pay: at work or on paid absence (S, C), at most the period's jum_hk;
 * - count_tun_makan: days physically present (H with a check-in);
 * - count_tun_bensin: present days plus Dinas Luar days (travel on duty needs transport too);
 * - count_uang_shift: present days on a shift that pays shift money (ada_uang_shift 'Y').
 * Izin (I), Alpa (A) and Libur (OFF) count for none.
 */
export function payrollCounts(days: readonly SummaryDay[], jumHk: number): PayrollCounts {
  let attend = 0;
  let paid = 0;
  let present = 0;
  let dinas = 0;
  let shiftMoney = 0;
  for (const d of days) {
    if (isAttended(d)) attend++;
    if ((PAYROLL_STATUS.paidAbsence as readonly string[]).includes(d.sts_abs_id)) paid++;
    if (isPresent(d)) {
      present++;
      if (d.shift?.ada_uang_shift === 'Y') shiftMoney++;
    }
    if (d.sts_abs_id === 'DL') dinas++;
  }
  return {
    count_attend: attend,
    count_gapok: Math.min(attend + paid, Math.max(0, jumHk)),
    count_tun_makan: present,
    count_tun_bensin: present + dinas,
    count_uang_shift: shiftMoney,
  };
}

/** Late days, early leaves and worked minutes of one employee's days. */
export function timeCounts(days: readonly SummaryDay[]) {
  let late = 0;
  let early = 0;
  let minutes = 0;
  for (const d of days) {
    if (isLate(d)) late++;
    if (isEarlyLeave(d)) early++;
    minutes += workedMinutes(d);
  }
  return { count_late: late, count_early: early, worked_minutes: minutes };
}

/**
 * The last day an employee counts in a period: the period's end, or her last working day (tgl_p3)
 * when she resigned before it. Null when she left before the period began.
 */
export function lastCountedDay(akhir: string, tglP3: string | null, mulai: string): string | null {
  if (tglP3 && tglP3 < mulai) return null;
  return tglP3 && tglP3 < akhir ? tglP3 : akhir;
}

// ---------------------------------------------------------------- the posting's calls

export const POSTING_MESSAGES = {
  periodRequired: 'Mohon pilih Period',
  periodNotFound: 'Period tidak ditemukan',
  disabled: (id: string) => `Posting periode ${id} belum diaktifkan (Enable Posting di menu Period)`,
  alreadyPosted: (id: string) => `Periode ${id} sudah diposting sebelumnya`,
  posted: (id: string, n: number) => `Absensi periode ${id} berhasil diposting (${n} karyawan)`,
  scopeLimited:
    'Posting mengunci absensi seluruh karyawan periode ini; hanya pengguna tanpa batasan cakupan data yang dapat memposting',
} as const;

/** POST /api/absensi/posting. */
export const PostingBodySchema = v.object({
  period_id: v.pipe(
    v.optional(v.string(POSTING_MESSAGES.periodRequired), ''),
    v.nonEmpty(POSTING_MESSAGES.periodRequired),
    periodId(),
  ),
});
export type PostingBody = v.InferInput<typeof PostingBodySchema>;

/** `{id}` of GET /api/absensi/period/{id}. */
export const PeriodParamSchema = v.object({ id: periodId() });

/** One employee's row of the summary (spec §3 "Attendance summary"). */
export const AbsensiSummaryRowSchema = v.object({
  period_id: v.string(),
  nrp: v.string(),
  karyawan: v.object({ nama: v.string() }),
  period: v.object({ jum_hk: v.number() }),
  count_attend: v.number(),
  count_gapok: v.number(),
  count_tun_makan: v.number(),
  count_tun_bensin: v.number(),
  count_uang_shift: v.number(),
});
export type AbsensiSummaryRow = v.InferOutput<typeof AbsensiSummaryRowSchema>;

export const PostingInfoSchema = v.object({
  posted_at: v.string(),
  posted_by: v.string(),
  employee_count: v.number(),
});

/** GET /api/absensi/period/{id}: the summary page of the employees in scope, and whether it is posted. */
export const AbsensiPeriodSummaryAnswerSchema = v.object({
  ...listAnswer(AbsensiSummaryRowSchema).entries,
  period: v.object({
    id: v.string(),
    mulai: v.string(),
    akhir: v.string(),
    jum_hk: v.number(),
    status: v.boolean(),
  }),
  /** Null while the period is open; the rows are then counted live, else read from the frozen posting. */
  posting: v.nullable(PostingInfoSchema),
});
export type AbsensiPeriodSummaryAnswer = v.InferOutput<typeof AbsensiPeriodSummaryAnswerSchema>;

export const PostingAnswerSchema = messageWith(PostingInfoSchema);

/** A field record that reached the server after its period was posted: a correction for the next payroll. */
export const AfterPostingRowSchema = v.object({
  /** absensi = the day's own check-in/out; kunjungan = a store visit. */
  jenis: v.picklist(['absensi', 'kunjungan']),
  id: v.number(),
  nrp: v.string(),
  nama: v.string(),
  tanggal: v.string(),
  jam_masuk: v.nullable(v.string()),
  jam_keluar: v.nullable(v.string()),
  /** The store of a visit; null for the day's record. */
  cust_code: v.nullable(v.string()),
  cust_name: v.nullable(v.string()),
  /** WIB, WITA or WIT: the zone of the employee's location, which the times are in. */
  zona: v.string(),
  /** When the server received the late record (ISO instant). */
  received_at: v.nullable(v.string()),
});
export type AfterPostingRow = v.InferOutput<typeof AfterPostingRowSchema>;
export const AfterPostingAnswerSchema = listAnswer(AfterPostingRowSchema);

/** Page size of the summary tables (spec §9), with the reports' query in report-search.ts. */
export { SUMMARY_PAGE_SIZE };

/** The paging of GET /api/absensi/period/{id} and its after-posting list. */
export const PeriodSummaryQuerySchema = v.object({ page: page(), per_page: perPage(SUMMARY_PAGE_SIZE, 1000) });
export type PeriodSummaryQuery = v.InferOutput<typeof PeriodSummaryQuerySchema>;
