/**
 * The attendance posting's calls (spec part 2 §3 "Attendance summary", §2.7 posting): what
 * GET /api/absensi/period/{id} and POST /api/absensi/posting take and answer. The counts come from
 * src/domain/absensi/day-count.ts, the one rule the posting, the three reports and their exports share
 * (docs/decisions/022-attendance-posting-and-reports.md, 028-one-count-and-tolerance.md).
 */
import * as v from 'valibot';
import { listAnswer, messageWith } from '../api';
import { SUMMARY_PAGE_SIZE } from '../report/report-search';
import { page, perPage, periodId } from '../primitives';
import { dateIn } from '../time-zone';

// ---------------------------------------------------------------- the posting's calls

export const POSTING_MESSAGES = {
  periodRequired: 'Mohon pilih Period',
  periodNotFound: 'Period tidak ditemukan',
  disabled: (id: string) => `Posting periode ${id} belum diaktifkan (Enable Posting di menu Period)`,
  alreadyPosted: (id: string) => `Periode ${id} sudah diposting sebelumnya`,
  posted: (id: string, n: number) => `Absensi periode ${id} berhasil diposting (${n} karyawan)`,
  scopeLimited:
    'Posting mengunci absensi seluruh karyawan periode ini; hanya pengguna tanpa batasan cakupan data yang dapat memposting',
  /** The 409 of a period not yet ended, posted without `belum_berakhir: true`. */
  notEnded: (id: string, akhir: string) =>
    `Periode ${id} belum berakhir (sampai ${akhir.slice(8, 10)}/${akhir.slice(5, 7)}/${akhir.slice(0, 4)}): absensi hari-hari yang tersisa belum tercatat dan tidak akan ` +
    'masuk posting. Konfirmasi untuk tetap memposting.',
  belumBerakhir: 'Konfirmasi posting periode yang belum berakhir harus true atau false',
} as const;

/**
 * A period is over when its last day has ended everywhere: in WIB, the westernmost zone, whose day ends
 * last (an employee in Jakarta may still check in on `akhir` when Jayapura is already past it).
 */
export function periodEnded(akhir: string, now: Date): boolean {
  return dateIn('Asia/Jakarta', now) > akhir;
}

/** POST /api/absensi/posting. */
export const PostingBodySchema = v.object({
  period_id: v.pipe(
    v.optional(v.string(POSTING_MESSAGES.periodRequired), ''),
    v.nonEmpty(POSTING_MESSAGES.periodRequired),
    periodId(),
  ),
  /**
   * true: post although the period has not ended yet (the screen asks first). Without it a period that
   * has not ended is refused with 409 `period_not_ended`, so no client posts half a month by accident.
   */
  belum_berakhir: v.optional(v.boolean(POSTING_MESSAGES.belumBerakhir), false),
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
  /** The userid of who posted. */
  posted_by: v.string(),
  /** Her name, as the screen says it ("oleh Staf HR"); the userid when the account is gone. */
  posted_by_nama: v.string(),
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
    /**
     * The period is over everywhere: its last day has ended in the westernmost zone (WIB). Posting one
     * that has not asks first (`belum_berakhir`).
     */
    berakhir: v.boolean(),
    /**
     * Flagged check-ins of the period nobody has decided yet ("Perlu Ditinjau", decision 035), while it is
     * open: the screen names them and asks before posting.
     */
    tinjau_terbuka: v.optional(v.number()),
    /** More open items than the count reads (TINJAU_LIST_COUNT_CAP): `tinjau_terbuka` is the cap. */
    tinjau_terbuka_lebih: v.optional(v.boolean()),
    /**
     * Days a reviewer rejected that still count as present (nobody changed them in Absensi Manual), in
     * the caller's scope, oldest first (the first 100), while the period is open.
     */
    tinjau_ditolak_hadir: v.optional(v.array(v.object({ nrp: v.string(), nama: v.string(), tanggal: v.string() }))),
    /** Days of the period still marked Lupa Check Out (no hours counted) in the caller's scope, while open. */
    lupa_check_out: v.optional(v.number()),
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
