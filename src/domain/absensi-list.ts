/**
 * The attendance list of /absensi and /absensi/manual (GET /api/absensi, spec part 2 §2.7, §5): records
 * of a date range with the employee's name, the status and that day's store visits.
 */
import * as v from 'valibot';
import { ABSENSI_MESSAGES, AbsensiSpgRecordSchema, TanggalSchema } from './absensi';
import { listAnswer } from './api';
import { code, page, perPage } from './primitives';

export const AbsensiListQuerySchema = v.pipe(
  v.object({
    startDate: v.optional(TanggalSchema),
    endDate: v.optional(TanggalSchema),
    // Empty means every employee in scope.
    nrp: v.optional(code(/^[A-Za-z0-9._-]{0,12}$/, ABSENSI_MESSAGES.nrpFormat)),
    manual: v.optional(v.picklist(['true', 'false', '1', '0'], ABSENSI_MESSAGES.manualFlag)),
    page: page(),
    per_page: perPage(10, 1000),
  }),
  v.check((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, ABSENSI_MESSAGES.dateOrder),
);
export type AbsensiListQuery = v.InferOutput<typeof AbsensiListQuerySchema>;

const nullableString = v.nullable(v.string());

export const AbsensiListRowSchema = v.object({
  ...AbsensiSpgRecordSchema.entries,
  karyawan: v.object({ nama: v.string() }),
  statusAbsensi: v.object({ id: v.string(), nama: v.string() }),
  /** M = manual entry, U = upload, S = the employee's own check-in. */
  sumber: v.string(),
  details: v.array(
    v.object({
      customer: v.object({ cust_code: v.string(), cust_name: v.string() }),
      in_jam: nullableString,
      in_desc: nullableString,
      out_jam: nullableString,
      out_desc: nullableString,
    }),
  ),
});
export type AbsensiListRow = v.InferOutput<typeof AbsensiListRowSchema>;
export const AbsensiListAnswerSchema = listAnswer(AbsensiListRowSchema);
