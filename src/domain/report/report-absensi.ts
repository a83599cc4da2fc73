/**
 * The three attendance reports (spec part 2 §2.8, §3 "Report filter", §5 "Mohon pilih Period", §7
 * "Reports"): Laporan Absensi (one row per attendance day), Rekap Absensi (one row per employee with
 * every count) and Rekap Absensi Harian (one row per employee, one status code per day of the period,
 * and the status counts). Every flag, hour and count is src/domain/absensi/day-count.ts's, so the three agree
 * with each other and with the posting. Times are local to the employee's location; `zona` names the zone.
 */
import * as v from 'valibot';
import { listAnswer } from '../api';
import type { ReportAbsensiFilter } from './report-search';

/** The filter, the query and the messages of the reports' address and API (report-search.ts). */
export {
  REPORT_DETAIL_COUNT_CAP,
  REPORT_MESSAGES,
  ReportAbsensiFilterSchema,
  ReportAbsensiQuerySchema,
  type ReportAbsensiFilter,
  type ReportAbsensiFilterInput,
  type ReportAbsensiQuery,
} from './report-search';

export const REPORT_FILTER_KEYS = [
  'period',
  'client',
  'divisi',
  'jabatan',
  'key_account',
  'lokasi',
  'spg_type',
  'karyawan',
] as const satisfies readonly (keyof ReportAbsensiFilter)[];

const ref = v.object({ id: v.string(), nama: v.string() });
const employee = {
  nrp: v.string(),
  nama: v.string(),
  lokasi: ref,
  client: v.nullable(ref),
  /** WIB, WITA or WIT: every time of the row is in this zone. */
  zona: v.string(),
};

/** Laporan Absensi: one attendance day. */
export const ReportDetailRowSchema = v.object({
  ...employee,
  tanggal: v.string(),
  shift: v.nullable(
    v.object({
      id: v.string(),
      nama: v.string(),
      jam_mulai: v.string(),
      jam_selesai: v.string(),
      ada_uang_shift: v.string(),
      /** Minutes after jam_mulai a check-in is still on time. */
      toleransi_terlambat: v.number(),
      /** Minutes before jam_selesai a check-out is not yet early. */
      toleransi_pulang_cepat: v.number(),
    }),
  ),
  jam_masuk: v.nullable(v.string()),
  jam_keluar: v.nullable(v.string()),
  status: ref,
  terlambat: v.boolean(),
  pulang_cepat: v.boolean(),
  jam_kerja_menit: v.number(),
  /** S own check-in, M manual, U upload, L approved leave; in words: SUMBER_LABEL (day-count.ts). */
  sumber: v.string(),
  flags: v.array(v.string()),
  /** A reviewer's decision on her flagged day (decision 035); it does not change how the day counts. */
  tinjau: v.nullable(v.picklist(['terima', 'tolak'])),
  /** "Lupa Check Out": the shift's Batas Check Out passed with no check-out; no hours until corrected. */
  lupa_check_out: v.boolean(),
});
export type ReportDetailRow = v.InferOutput<typeof ReportDetailRowSchema>;
export const ReportDetailAnswerSchema = v.object({
  ...listAnswer(ReportDetailRowSchema).entries,
  /** True when there are more rows than REPORT_DETAIL_COUNT_CAP (then totalCount is the cap). */
  totalCapped: v.boolean(),
});

/** Rekap Absensi: one employee over the period (up to her last working day when she resigned). */
export const ReportSummaryRowSchema = v.object({
  ...employee,
  jum_hk: v.number(),
  /** Her last working day when she resigned during the period. */
  tgl_p3: v.nullable(v.string()),
  /** Days by their final status (an approved leave has written its days' status): countDays of day-count.ts. */
  count_attend: v.number(),
  count_late: v.number(),
  count_early: v.number(),
  count_sakit: v.number(),
  count_cuti: v.number(),
  count_izin: v.number(),
  count_alpa: v.number(),
  count_off: v.number(),
  worked_minutes: v.number(),
  count_gapok: v.number(),
  count_tun_makan: v.number(),
  count_tun_bensin: v.number(),
  count_uang_shift: v.number(),
});
export type ReportSummaryRow = v.InferOutput<typeof ReportSummaryRowSchema>;
export const ReportSummaryAnswerSchema = listAnswer(ReportSummaryRowSchema);

/** Rekap Absensi Harian: one employee, the status code of each day of the period (null: no record). */
export const ReportDailyRowSchema = v.object({
  ...employee,
  tgl_p3: v.nullable(v.string()),
  /** In the order of the answer's `dates`; a day after her last working day is null. */
  days: v.array(v.nullable(v.string())),
  /** The status counts of those days (day-count.ts), as Rekap Absensi counts them. */
  count_attend: v.number(),
  count_sakit: v.number(),
  count_cuti: v.number(),
  count_izin: v.number(),
  count_alpa: v.number(),
  count_off: v.number(),
});
export type ReportDailyRow = v.InferOutput<typeof ReportDailyRowSchema>;
export const ReportDailyAnswerSchema = v.object({
  ...listAnswer(ReportDailyRowSchema).entries,
  /** Every day of the period, 'YYYY-MM-DD'. */
  dates: v.array(v.string()),
});
export type ReportDailyAnswer = v.InferOutput<typeof ReportDailyAnswerSchema>;

/** Worked minutes as people read them: '7:45'. */
export function hoursText(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Every day from `mulai` to `akhir` inclusive ('YYYY-MM-DD', calendar arithmetic in UTC). */
export function periodDates(mulai: string, akhir: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${mulai}T00:00:00Z`); t <= Date.parse(`${akhir}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
