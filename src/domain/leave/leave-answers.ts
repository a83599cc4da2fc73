/**
 * What the leave routes answer (spec part 2 §3, §7 "Leave"): the full request row with its employee,
 * kind, cuti, shifts and approval steps; the approver's queue; the cuti balance; the visit plan the
 * form picks from; counts. The server's contracts declare these and the client's calls read them.
 */
import * as v from 'valibot';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { LEAVE_TYPE_IDS } from './leave-kinds';
import { APPROVAL_ROLES, LEAVE_STATUS_VALUES } from './leave-rules';

const ref = v.object({ id: v.string(), nama: v.string() });

export const ShiftRefSchema = v.object({
  id: v.string(),
  nama: v.string(),
  jam_mulai: v.string(),
  jam_selesai: v.string(),
});
export type ShiftRef = v.InferOutput<typeof ShiftRefSchema>;

export const ApprovalStepSchema = v.object({
  approval_id: v.number(),
  approval_num: v.number(),
  approval_role: v.picklist(APPROVAL_ROLES),
  /** The team leader's NRP on step TL; on step ADMIN the deciding admin's NRP, if any. */
  approval_nrp: v.nullable(v.string()),
  /** N waiting, A approved, R rejected. */
  approval_status: v.string(),
  /** Device time of the decision (ISO). */
  approval_date: v.nullable(v.string()),
  approver: v.nullable(v.object({ userid: v.string(), nama: v.string() })),
  keterangan: v.nullable(v.string()),
});
export type ApprovalStep = v.InferOutput<typeof ApprovalStepSchema>;

/** A planned store visit the leave would leave without the employee (what an approver must re-staff). */
export const CoverageLineSchema = v.object({
  tanggal: v.string(),
  cust_code: v.string(),
  cust_name: v.string(),
  shift_id: v.string(),
  checked_in: v.boolean(),
});
export type CoverageLine = v.InferOutput<typeof CoverageLineSchema>;

export const LeaveRowSchema = v.object({
  leave_id: v.number(),
  nomor: v.string(),
  nrp: v.string(),
  karyawan: v.object({
    nama: v.string(),
    lokasi: ref,
    client: v.nullable(ref),
    sales_office: v.nullable(ref),
    team_leader_nrp: v.nullable(v.string()),
  }),
  jenis: v.object({ id: v.number(), jenis_leave: v.string(), type: v.picklist(LEAVE_TYPE_IDS) }),
  start_date: v.string(),
  end_date: v.string(),
  /** The day the request was filed (device date). */
  tanggal: v.string(),
  hari_request: v.nullable(v.string()),
  keterangan: v.nullable(v.string()),
  periode: v.nullable(v.string()),
  status: v.picklist(LEAVE_STATUS_VALUES),
  /** The attachment's original file name, or null; download it through /api/leave/attachment/{id}/download. */
  attachment: v.nullable(v.string()),
  cuti: v.nullable(v.object({ jenis_cuti_id: v.number(), jenis_cuti: v.string(), lama_hari: v.number() })),
  shift: v.nullable(ShiftRefSchema),
  shiftRequest: v.nullable(ShiftRefSchema),
  approval: v.array(ApprovalStepSchema),
  created_by: v.nullable(v.string()),
  captured_at: v.nullable(v.string()),
  received_at: v.string(),
  /** Only where an approver decides: the detail and the waiting queue. */
  coverage: v.optional(v.array(CoverageLineSchema)),
});
export type LeaveRow = v.InferOutput<typeof LeaveRowSchema>;

export const LeaveListAnswerSchema = listAnswer(LeaveRowSchema);
export const LeaveDetailAnswerSchema = resultAnswer(LeaveRowSchema);
/** Filing, changing and deciding answer the request as it now stands, with the toast's text. */
export const LeaveSavedSchema = messageWith(LeaveRowSchema);
export type LeaveSaved = v.InferOutput<typeof LeaveSavedSchema>;

/** A row of the approval queue: the step waiting for (or decided by) this approver, with its request. */
export const ApprovalQueueRowSchema = v.object({
  approval_id: v.number(),
  transaksi_id: v.number(),
  approval_num: v.number(),
  approval_role: v.picklist(APPROVAL_ROLES),
  approval_status: v.string(),
  approval_date: v.nullable(v.string()),
  keterangan: v.nullable(v.string()),
  leave: LeaveRowSchema,
});
export type ApprovalQueueRow = v.InferOutput<typeof ApprovalQueueRowSchema>;
export const ApprovalQueueAnswerSchema = listAnswer(ApprovalQueueRowSchema);

/** GET /api/leave/cuti/sisa and the balance shown on /leave and to approvers. */
export const CutiBalanceSchema = v.object({
  nrp: v.string(),
  tahun: v.number(),
  hak: v.number(),
  /** Approved days of kinds that count against the annual cuti. */
  terpakai: v.number(),
  /** Days of such requests still in approval. */
  menunggu: v.number(),
  sisa: v.number(),
  eligible_from: v.nullable(v.string()),
});
export type CutiBalance = v.InferOutput<typeof CutiBalanceSchema>;
export const CutiBalanceAnswerSchema = resultAnswer(CutiBalanceSchema);

/** GET /api/leave/visit/list: one day of the employee's visit plan in the period. */
export const VisitDaySchema = v.object({
  tanggal: v.string(),
  kunjungan_detail_id: v.number(),
  shift: ShiftRefSchema,
  stores: v.array(v.object({ cust_code: v.string(), cust_name: v.string() })),
  checked_in: v.boolean(),
});
export type VisitDay = v.InferOutput<typeof VisitDaySchema>;

export const VisitDaysSchema = v.object({
  nrp: v.string(),
  period_id: v.string(),
  no_dcp: v.nullable(v.string()),
  mulai: v.string(),
  akhir: v.string(),
  days: v.array(VisitDaySchema),
  /** Days of the period without any planned visit (candidates for Request Hari). */
  free_days: v.array(v.string()),
});
export type VisitDays = v.InferOutput<typeof VisitDaysSchema>;
export const VisitDaysAnswerSchema = resultAnswer(VisitDaysSchema);

/** GET /api/count/leave/{kind}/{jenis}. */
export const LeaveCountAnswerSchema = resultAnswer(v.number());

/** The four counts of /api/count/leave/{kind}/{jenis} for one kind of leave (or every kind). */
const counts = {
  /** Approved, starting this year. */
  year: v.number(),
  /** Approved, starting this month. */
  month: v.number(),
  /** Still in approval. */
  open: v.number(),
  /** Rejected. */
  reject: v.number(),
};
export const LeaveCountsSchema = v.object(counts);
export type LeaveCounts = v.InferOutput<typeof LeaveCountsSchema>;
/** GET /api/count/leave/summary: every count at once, for every kind ("all") and each kind of leave. */
export const LeaveCountSummarySchema = v.object({
  all: LeaveCountsSchema,
  by_jenis: v.array(v.object({ jenis_leave_id: v.number(), ...counts })),
});
export type LeaveCountSummary = v.InferOutput<typeof LeaveCountSummarySchema>;
export const LeaveCountSummaryAnswerSchema = resultAnswer(LeaveCountSummarySchema);

/** GET /api/leave/karyawan/options: the employees a leave.admin may file for. */
export const KaryawanOptionSchema = v.object({ nrp: v.string(), nama: v.string() });
export type KaryawanOption = v.InferOutput<typeof KaryawanOptionSchema>;
export const KaryawanOptionListAnswerSchema = listAnswer(KaryawanOptionSchema);
