/**
 * The rules of a leave request (spec part 2 §4, §5, §9; docs/decisions/006-leave.md): its statuses,
 * the approval chain's codes, the dates a request may cover, the cuti entitlement, and each kind's
 * own checks on the form's fields. The form shows these; the server applies the same ones.
 */
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../dates';
import type { LeaveFields } from './leave';
import { LEAVE_TYPES, type LeaveType } from './leave-kinds';
import { CUTI_MASA_KERJA_BULAN, CUTI_TAHUNAN_HARI, LEAVE_MESSAGES, MAX_SPAN_DAYS } from './leave-messages';
import { LEAVE_STATUS } from './leave-search';

// ---------------------------------------------------------------- statuses

/** Leave status (free text on the wire; spec §4), and the tabs of /approval/leave (leave-search.ts). */
export {
  APPROVAL_TAB_STATUSES,
  APPROVAL_TABS,
  LEAVE_STATUS,
  LEAVE_STATUS_VALUES,
  type ApprovalTabStatus,
  type LeaveStatus,
} from './leave-search';

/** Spec §4: the status is shown as is, except Approved 1, shown as Approve By Team Leader. */
export function leaveStatusLabel(status: string): string {
  return status === LEAVE_STATUS.approved1 ? 'Approve By Team Leader' : status;
}

/** Approval step codes (spec §9): N waiting, Y/A approved, R rejected. */
export type StepStatus = 'N' | 'A' | 'R';
export const APPROVAL_ROLES = ['TL', 'ADMIN'] as const;
export type ApprovalRole = (typeof APPROVAL_ROLES)[number];

/** Spec §4: N Menunggu approval, Y and A Approved, R Reject, others raw. A step after a rejection is never reached. */
export function stepStatusLabel(status: string, leaveStatus?: string): string {
  if (status === 'N') return leaveStatus === LEAVE_STATUS.rejected ? 'Tidak diproses' : 'Menunggu approval';
  if (status === 'Y' || status === 'A') return 'Approved';
  if (status === 'R') return 'Reject';
  return status;
}

export const APPROVAL_ROLE_LABELS: Record<ApprovalRole, string> = { TL: 'Team Leader', ADMIN: 'Admin' };

/** GET /api/count/leave/{kind}/…: approved this year, approved this month, still open, rejected. */
export const LEAVE_COUNT_KINDS = ['year', 'month', 'open', 'reject'] as const;
export type LeaveCountKind = (typeof LEAVE_COUNT_KINDS)[number];

// ---------------------------------------------------------------- dates

/** Spec §5: a cuti's end date = start + lama_hari − 1 days (weekends included). */
export function cutiEndDate(start: string, lamaHari: number): string {
  return dayjs(start)
    .add(lamaHari - 1, 'day')
    .format(DATE_FORMAT);
}

/** Spec §5, §9: the earliest start date, measured from the day the request is filed. */
export function earliestStart(filedOn: string, isLeaveAdmin: boolean): string {
  const d = dayjs(filedOn);
  return (isLeaveAdmin ? d.subtract(6, 'month') : d.subtract(2, 'day')).format(DATE_FORMAT);
}

/** Inclusive number of calendar days from start to end. */
export function daysInclusive(start: string, end: string): number {
  return dayjs(end).diff(dayjs(start), 'day') + 1;
}

/** Every date from start to end, inclusive. */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = dayjs(start); !d.isAfter(end, 'day'); d = d.add(1, 'day')) out.push(d.format(DATE_FORMAT));
  return out;
}

/**
 * The annual cuti entitlement of a year: 12 days once the employee has completed 12 months of service
 * on or before the last day of that year, else 0. An unknown start of work counts as eligible.
 */
export function cutiEntitlement(
  tglAwkerja: string | null,
  tahun: number,
): { hak: number; eligibleFrom: string | null } {
  if (!tglAwkerja) return { hak: CUTI_TAHUNAN_HARI, eligibleFrom: null };
  const from = dayjs(tglAwkerja).add(CUTI_MASA_KERJA_BULAN, 'month').format(DATE_FORMAT);
  return { hak: from <= `${tahun}-12-31` ? CUTI_TAHUNAN_HARI : 0, eligibleFrom: from };
}

// ---------------------------------------------------------------- each kind's checks

export interface FieldIssue {
  path: string;
  message: string;
}

/** What the kind-specific rules need to know beyond the fields themselves. */
export interface LeaveRuleContext {
  type: LeaveType;
  /** lama_hari of the chosen jenis cuti (Pengajuan Cuti). */
  lamaHari?: number | null;
  /** The day the request is filed (the device's date). */
  filedOn: string;
  isLeaveAdmin: boolean;
  hasAttachment: boolean;
}

/**
 * Spec §5 for each kind, on the fields alone: the form shows these under the fields and the server
 * answers the first as a 400. Checks against stored data (visit plan, overlaps, balance) are the server's.
 */
export function leaveRuleIssues(f: LeaveFields, ctx: LeaveRuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const min = earliestStart(ctx.filedOn, ctx.isLeaveAdmin);
  if (LEAVE_TYPES[ctx.type].byPeriod) {
    if (!f.period_id) add('period_id', LEAVE_MESSAGES.periodRequired);
    if (!f.tanggal_off) add('tanggal_off', LEAVE_MESSAGES.visitRequired);
    else if (f.tanggal_off < min) add('tanggal_off', LEAVE_MESSAGES.earliest(min));
    if (ctx.type === 'TUKER_OFF') {
      if (!f.hari_request) add('hari_request', LEAVE_MESSAGES.hariRequestRequired);
      else if (f.hari_request === f.tanggal_off) add('hari_request', LEAVE_MESSAGES.hariRequestSame);
      else if (f.hari_request < min) add('hari_request', LEAVE_MESSAGES.earliest(min));
    } else if (!f.shift_request) add('shift_request', LEAVE_MESSAGES.shiftRequestRequired);
    return issues;
  }
  if (ctx.type === 'SAKIT' && !ctx.hasAttachment) add('attachment', LEAVE_MESSAGES.attachmentRequired);
  if (ctx.type === 'CUTI' && !f.jenis_cuti) add('jenis_cuti', LEAVE_MESSAGES.jenisCutiRequired);
  if (!f.start_date) {
    add('start_date', LEAVE_MESSAGES.startRequired);
    return issues;
  }
  if (f.start_date < min) add('start_date', LEAVE_MESSAGES.earliest(min));
  if (ctx.type === 'CUTI') {
    if (ctx.lamaHari && f.end_date && f.end_date !== cutiEndDate(f.start_date, ctx.lamaHari)) {
      add('end_date', LEAVE_MESSAGES.cutiEnd(cutiEndDate(f.start_date, ctx.lamaHari)));
    }
    return issues;
  }
  const end = f.end_date ?? f.start_date;
  if (end < f.start_date) add('end_date', LEAVE_MESSAGES.endBeforeStart);
  else if (daysInclusive(f.start_date, end) > MAX_SPAN_DAYS) add('end_date', LEAVE_MESSAGES.spanTooLong);
  return issues;
}
