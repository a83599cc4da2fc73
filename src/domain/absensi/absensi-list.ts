/**
 * The attendance list of /absensi and /absensi/manual (GET /api/absensi, spec part 2 §2.7, §5): records
 * of a date range with the employee's name, the status and that day's store visits.
 */
import * as v from 'valibot';
import { AbsensiSpgRecordSchema } from './absensi';
import { listAnswer } from '../api';
import { TIME_ZONES } from '../time-zone';

/** The list's query, from the address and the API alike (absensi-search.ts). */
export { AbsensiListQuerySchema, type AbsensiListQuery } from './absensi-search';

const nullableString = v.nullable(v.string());

/**
 * A reviewer's decision on a flagged day as HR's list shows it (decision 035): the reason is internal,
 * for the back office only; the employee's own answers carry OwnReviewSchema instead.
 */
export const ReviewMarkSchema = v.object({
  keputusan: v.nullable(v.picklist(['terima', 'tolak'])),
  alasan: nullableString,
  catatan: nullableString,
});
export type ReviewMark = v.InferOutput<typeof ReviewMarkSchema>;

export const AbsensiListRowSchema = v.object({
  ...AbsensiSpgRecordSchema.entries,
  karyawan: v.object({ nama: v.string() }),
  statusAbsensi: v.object({ id: v.string(), nama: v.string() }),
  /** M = manual entry, U = upload, S = the employee's own check-in. */
  sumber: v.string(),
  /** The employee's location and its zone: jam_masuk, jam_keluar and the visit times are local to it. */
  lokasi: v.object({ id: v.string(), nama: v.string() }),
  time_zone: v.picklist(TIME_ZONES),
  shift: v.nullable(v.object({ id: v.string(), nama: v.string(), jam_mulai: v.string(), jam_selesai: v.string() })),
  /** Review marks computed for the reader: checked in after the shift start; a past day without check-out. */
  late: v.boolean(),
  missing_checkout: v.boolean(),
  /** The last manual change or upload (absensi_change keeps every one). */
  updated_by: v.nullable(v.string()),
  updated_at: v.nullable(v.string()),
  alasan: v.nullable(v.string()),
  tinjau: v.optional(v.nullable(ReviewMarkSchema)),
  details: v.array(
    v.object({
      customer: v.object({ cust_code: v.string(), cust_name: v.string() }),
      in_jam: nullableString,
      in_desc: nullableString,
      out_jam: nullableString,
      out_desc: nullableString,
      /** A reviewer rejected this visit (decision 035): it counts as not visited. */
      ditolak: v.optional(v.boolean()),
    }),
  ),
});
export type AbsensiListRow = v.InferOutput<typeof AbsensiListRowSchema>;
/**
 * `totalCount` is exact up to ABSENSI_LIST_COUNT_CAP; beyond it the answer says `totalCapped: true`
 * (a month of 100,000 employees is 2.5 million rows: nobody pages that far, and counting it costs more
 * than the page). Narrow the filter to page further.
 */
export const ABSENSI_LIST_COUNT_CAP = 10_000;
export const AbsensiListAnswerSchema = v.object({
  ...listAnswer(AbsensiListRowSchema).entries,
  totalCapped: v.optional(v.boolean()),
});
