/**
 * What the leave routes take (spec part 2 §3, §7 "Leave"): the request form's fields, shared by the
 * form, the outbox payload and the server; an approver's decision; the list, report and lookup
 * queries; the path parameters. Every field is built from the input primitives (docs/guide.md §9), so
 * nothing a client sends reaches SQL unchecked. Rules: leave-rules.ts; answers: leave-answers.ts.
 */
import * as v from 'valibot';
import { fileField } from '../api';
import { LEAVE_MESSAGES, KETERANGAN_MAX } from './leave-messages';
import { APPROVAL_TAB_STATUSES, LEAVE_COUNT_KINDS, LEAVE_STATUS_VALUES } from './leave-rules';
import { reportFilterEntries } from '../report/report-search';
import { idAny, idString, isoDate, page, perPage, periodId, PRIMITIVE_MESSAGES, text } from '../primitives';

const date = isoDate(LEAVE_MESSAGES.dateFormat);
const keterangan = text(KETERANGAN_MAX, {
  multiline: true,
  tooLong: LEAVE_MESSAGES.keteranganMax,
  notText: LEAVE_MESSAGES.keteranganMax,
});
/** NRPs, shift ids: letters, digits, dot, underscore, dash. */
const codeText = (max: number, message: string) =>
  v.pipe(text(max, { tooLong: message, notText: message }), v.regex(/^[A-Za-z0-9._-]+$/, message));
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** The device's time of the action (docs/guide.md §4: the time of record). */
const capturedAt = v.pipe(
  v.string(LEAVE_MESSAGES.capturedAt),
  v.trim(),
  v.regex(ISO_WITH_OFFSET, LEAVE_MESSAGES.capturedAt),
  v.check((s) => !Number.isNaN(Date.parse(s)), LEAVE_MESSAGES.capturedAt),
);

// ---------------------------------------------------------------- the request form

/** Multipart sends every field as text and an empty input as ''; blank fields count as absent. */
const withoutBlanks = v.transform((input: unknown) =>
  input !== null && typeof input === 'object' && !Array.isArray(input)
    ? Object.fromEntries(Object.entries(input).filter(([, x]) => !(typeof x === 'string' && x.trim() === '')))
    : input,
);

const leaveFieldEntries = {
  karyawan_nrp: v.optional(codeText(12, LEAVE_MESSAGES.karyawanNotFound)),
  karyawan_nama: v.optional(text(100)),
  // Absent means the form was sent without a kind: the default fails with the spec's "incomplete".
  jenis_leave: v.optional(idAny(LEAVE_MESSAGES.incomplete), 0),
  jenis_cuti: v.optional(idAny(LEAVE_MESSAGES.jenisCutiNotFound)),
  start_date: v.optional(date),
  end_date: v.optional(date),
  keterangan: v.optional(keterangan),
  tanggal_off: v.optional(date),
  shift_name: v.optional(text(60)),
  shift_id: v.optional(codeText(10, LEAVE_MESSAGES.shiftRequestNotFound)),
  period_id: v.optional(periodId(LEAVE_MESSAGES.periodNotFound)),
  shift_request: v.optional(codeText(10, LEAVE_MESSAGES.shiftRequestNotFound)),
  hari_request: v.optional(date),
  /** The device's date of filing. */
  tanggal: v.optional(date),
  captured_at: v.optional(capturedAt),
};

/**
 * POST /api/leave (multipart; `attachment` travels beside these) and PUT /api/leave/{id}: the leave
 * form fields of spec §3. `tanggal` is the device's date of filing (the time of record, docs/guide.md §4).
 */
export const LeaveFieldsSchema = v.pipe(v.unknown(), withoutBlanks, v.object(leaveFieldEntries));
export type LeaveFields = v.InferOutput<typeof LeaveFieldsSchema>;

/** The form fields as they travel (multipart: every value is text), keyed as the schema names them. */
export type LeaveFormFields = { [K in keyof typeof leaveFieldEntries]?: string };

/** The multipart body as the API document shows it (a plain shape: the checks are LeaveFieldsSchema's). */
export const LeaveFormDocSchema = v.object({
  ...Object.fromEntries(Object.keys(leaveFieldEntries).map((k) => [k, v.optional(v.string())])),
  attachment: v.optional(fileField('PDF, JPEG or PNG of at most 2 MB (checked by content); required for SAKIT')),
});

// ---------------------------------------------------------------- approval

/** POST /api/leave/approved/status. `id` is the approval step (approval_id of the queue row). */
export const LeaveDecisionSchema = v.object({
  id: idAny(LEAVE_MESSAGES.stepNotFound),
  status: v.picklist(['A', 'R'], LEAVE_MESSAGES.decisionStatus),
  keterangan: v.optional(v.nullable(keterangan), null),
  captured_at: v.optional(capturedAt),
});
export type LeaveDecision = v.InferOutput<typeof LeaveDecisionSchema>;
/** The decision as the outbox sends it. */
export type LeaveDecisionInput = v.InferInput<typeof LeaveDecisionSchema>;

/** `{status}` of /api/leave/approval/{status} and /api/leave/approval/admin/{status}. */
export const QueueStatusParamSchema = v.object({
  status: v.picklist(APPROVAL_TAB_STATUSES, LEAVE_MESSAGES.queueStatus),
});

// ---------------------------------------------------------------- lists, counts, lookups, report

const optionalText = (max: number) => v.optional(text(max), '');
const optionalId = (message: string) => v.optional(v.union([v.literal(''), idAny(message)], message), '');
const statusFilter = v.optional(v.picklist(['', ...LEAVE_STATUS_VALUES], LEAVE_MESSAGES.statusUnknown), '');
const pageEntries = { page: page(), per_page: perPage(10, 1000) };

/** POST /api/leave/karyawan/get (own list) and GET /api/leave (leave.admin: everyone in scope). */
export const LeaveListQuerySchema = v.object({
  ...pageEntries,
  startDate: v.optional(date),
  endDate: v.optional(date),
  jenis: optionalId(LEAVE_MESSAGES.jenisNotFound),
  status: statusFilter,
  period_id: v.optional(v.union([v.literal(''), periodId()], PRIMITIVE_MESSAGES.period), ''),
  nrp: optionalText(12),
});
export type LeaveListQuery = v.InferOutput<typeof LeaveListQuerySchema>;
export type LeaveListQueryInput = v.InferInput<typeof LeaveListQuerySchema>;

/** Spec §3 "Report filter": period mandatory (§9), the rest optional. */
export const LeaveReportQuerySchema = v.object({
  ...pageEntries,
  period: v.optional(
    v.union([v.literal(''), periodId(LEAVE_MESSAGES.reportPeriodRequired)], LEAVE_MESSAGES.reportPeriodRequired),
    '',
  ),
  ...reportFilterEntries,
  sales_office: optionalText(4),
  jenis_leave: optionalId(LEAVE_MESSAGES.jenisNotFound),
  jenis_cuti: optionalId(LEAVE_MESSAGES.jenisCutiNotFound),
  status: statusFilter,
});
export type LeaveReportQuery = v.InferOutput<typeof LeaveReportQuerySchema>;
export type LeaveReportFilter = Omit<LeaveReportQuery, 'page' | 'per_page'>;

/** GET /api/leave/visit/list: the period, and (leave.admin) the employee; "0", "me" or absent = the caller. */
export const VisitQuerySchema = v.object({
  period_id: v.pipe(
    v.optional(text(6), ''),
    v.nonEmpty(LEAVE_MESSAGES.periodRequired),
    v.regex(/^\d{4}(0[1-9]|1[0-2])$/, LEAVE_MESSAGES.periodNotFound),
  ),
  karyawan: v.optional(text(12)),
});

/** GET /api/leave/cuti/sisa: the employee (as for the visit list) and the year (default: this one). */
export const BalanceQuerySchema = v.object({
  nrp: v.optional(text(12)),
  tahun: v.optional(
    v.pipe(v.string(LEAVE_MESSAGES.tahunInvalid), v.regex(/^\d{4}$/, LEAVE_MESSAGES.tahunInvalid), v.transform(Number)),
  ),
});

/** `{id}` of /api/leave/{id} and /api/leave/attachment/{id}/download. */
export const LeaveIdParamSchema = v.object({ id: idString(LEAVE_MESSAGES.notFound) });

/** `{kind}/{jenis}` of /api/count/leave: an unknown kind is a 404 (the handler's), jenis an id or "all". */
export const LeaveCountParamSchema = v.object({
  kind: v.pipe(v.string(), v.description(`One of ${LEAVE_COUNT_KINDS.join(', ')}`)),
  jenis: v.union([v.literal('all'), idString(LEAVE_MESSAGES.jenisNotFound)], LEAVE_MESSAGES.jenisNotFound),
});
