/**
 * Every rule of spec §5 a request must pass, whatever the form did: the kind's own rules
 * (src/domain/leave/leave-rules.ts leaveRuleIssues), then what needs stored data — the kind and cuti kind
 * are active, the visit plan day exists and is not checked in, the requested day is free, the cuti
 * balance suffices, and no other request covers the same days. Answers the row to store.
 */
import dayjs from 'dayjs';
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { DATE_FORMAT } from '../../../src/domain/dates';
import type { LeaveFields } from '../../../src/domain/leave/leave';
import { LEAVE_TYPES, type LeaveType } from '../../../src/domain/leave/leave-kinds';
import { FILING_DATE_MAX_AGE_DAYS, LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import { cutiEndDate, LEAVE_STATUS, leaveRuleIssues } from '../../../src/domain/leave/leave-rules';
import { effectivePermissions } from '../../../src/domain/roles/permissions';
import { roles, users } from '../../db/schema/auth';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { jenisCuti, jenisLeave, leave } from '../../db/schema/leave';
import { period, shift } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { loadEmployee } from '../../lib/employee';
import { todayOfNrp } from '../../lib/time-zone';
import { assertInScope } from '../../middleware/trustee-scope';
import { cutiBalance } from './leave-read.service';

const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

type LeaveValues = Omit<typeof leave.$inferInsert, 'leave_id' | 'nomor' | 'received_at' | 'updated_at'>;

interface Prepared {
  values: LeaveValues;
  /** The employee's team leader, when one can decide step 1. */
  teamLeaderNrp: string | null;
}

/** Whose request this is: the caller's own, or (leave.admin, in scope) the employee named in karyawan_nrp. */
export async function targetEmployee(tx: Tx, actor: Actor, requested: string | undefined) {
  const nrp = requested ?? actor.nrp;
  if (!nrp) throw forbidden(LEAVE_MESSAGES.notLinked);
  const onBehalf = nrp !== actor.nrp;
  if (onBehalf && !actor.permissions.includes('leave.admin')) throw forbidden(LEAVE_MESSAGES.onBehalfForbidden);
  const emp = await loadEmployee(tx, nrp);
  if (!emp) throw fieldError('karyawan_nrp', LEAVE_MESSAGES.karyawanNotFound);
  if (onBehalf) assertInScope(actor, emp);
  return emp;
}

/**
 * The day of filing: the device's, within [today − 45 days, today + 1 day] of the server's clock, today
 * being the employee's (her location's time zone).
 */
function filingDate(fields: LeaveFields, today: string): string {
  const filedOn = fields.tanggal ?? today;
  if (filedOn > dayjs(today).add(1, 'day').format(DATE_FORMAT))
    throw fieldError('tanggal', LEAVE_MESSAGES.tanggalFuture);
  if (filedOn < dayjs(today).subtract(FILING_DATE_MAX_AGE_DAYS, 'day').format(DATE_FORMAT)) {
    throw fieldError('tanggal', LEAVE_MESSAGES.tanggalTooOld);
  }
  return filedOn;
}

/** The visit plan day a Tuker Off Hari / Perubahan Shift Kerja refers to, and its checks. */
async function planDay(tx: Tx, nrp: string, periodId: string, tanggal: string) {
  const [p] = await tx.select({ id: period.id }).from(period).where(eq(period.id, periodId)).limit(1);
  if (!p) throw fieldError('period_id', LEAVE_MESSAGES.periodNotFound);
  const [plan] = await tx
    .select()
    .from(kunjungan)
    .where(and(eq(kunjungan.nrp, nrp), eq(kunjungan.period_id, periodId)))
    .limit(1);
  if (!plan) throw fieldError('tanggal_off', LEAVE_MESSAGES.visitNotFound);
  const lines = await tx
    .select({ id: kunjunganDetail.id, shift_id: kunjunganDetail.shift_id, in_jam: kunjunganDetail.in_jam })
    .from(kunjunganDetail)
    .innerJoin(shift, eq(shift.id, kunjunganDetail.shift_id))
    .where(and(eq(kunjunganDetail.no_dcp, plan.no_dcp), eq(kunjunganDetail.tgl_dcp, tanggal)))
    .orderBy(asc(shift.jam_mulai), asc(kunjunganDetail.id));
  const first = lines[0];
  if (!first) throw fieldError('tanggal_off', LEAVE_MESSAGES.visitNotFound);
  if (lines.some((l) => l.in_jam !== null)) throw fieldError('tanggal_off', LEAVE_MESSAGES.visitCheckedIn);
  return { plan, first };
}

async function assertNoOverlap(tx: Tx, nrp: string, start: string, end: string, exceptId?: number) {
  const [other] = await tx
    .select({ nomor: leave.nomor, jenis: jenisLeave.jenis_leave })
    .from(leave)
    .innerJoin(jenisLeave, eq(jenisLeave.id, leave.jenis_leave_id))
    .where(
      and(
        eq(leave.nrp, nrp),
        ne(leave.status, LEAVE_STATUS.rejected),
        lte(leave.start_date, end),
        gte(leave.end_date, start),
        exceptId ? ne(leave.leave_id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw conflict(LEAVE_MESSAGES.overlap(other.nomor, other.jenis));
}

/** Validates a request against every rule and answers the row to store. */
export async function prepare(
  tx: Tx,
  actor: Actor,
  now: Date,
  fields: LeaveFields,
  emp: { nrp: string; team_leader_nrp: string | null },
  hasAttachment: boolean,
  exceptId?: number,
): Promise<Prepared> {
  const filedOn = filingDate(fields, await todayOfNrp(tx, emp.nrp, now));
  const [jenis] = await tx.select().from(jenisLeave).where(eq(jenisLeave.id, fields.jenis_leave)).limit(1);
  if (!jenis) throw fieldError('jenis_leave', LEAVE_MESSAGES.jenisNotFound);
  if (!jenis.status) throw fieldError('jenis_leave', LEAVE_MESSAGES.jenisInactive);
  const type = jenis.type as LeaveType;
  if (!(type in LEAVE_TYPES)) throw fieldError('jenis_leave', LEAVE_MESSAGES.jenisNotFound);

  let cuti: typeof jenisCuti.$inferSelect | undefined;
  if (type === 'CUTI' && fields.jenis_cuti) {
    [cuti] = await tx.select().from(jenisCuti).where(eq(jenisCuti.jenis_cuti_id, fields.jenis_cuti)).limit(1);
    if (!cuti) throw fieldError('jenis_cuti', LEAVE_MESSAGES.jenisCutiNotFound);
    if (!cuti.status) throw fieldError('jenis_cuti', LEAVE_MESSAGES.jenisCutiInactive);
  }

  const issues = leaveRuleIssues(fields, {
    type,
    lamaHari: cuti?.lama_hari ?? null,
    filedOn,
    isLeaveAdmin: actor.permissions.includes('leave.admin'),
    hasAttachment,
  });
  if (issues.length) throw badRequest(issues[0]!.message, issues);

  const values: LeaveValues = {
    nrp: emp.nrp,
    jenis_leave_id: jenis.id,
    jenis_cuti_id: null,
    lama_hari: null,
    start_date: '',
    end_date: '',
    tanggal: filedOn,
    hari_request: null,
    periode: null,
    kunjungan_detail_id: null,
    shift_id: null,
    shift_request: null,
    keterangan: fields.keterangan || null,
    captured_at: fields.captured_at ? new Date(fields.captured_at) : null,
  };

  if (LEAVE_TYPES[type].byPeriod) {
    const tanggal = fields.tanggal_off!;
    const { plan, first } = await planDay(tx, emp.nrp, fields.period_id!, tanggal);
    Object.assign(values, {
      start_date: tanggal,
      end_date: tanggal,
      periode: fields.period_id!,
      kunjungan_detail_id: first.id,
      shift_id: first.shift_id,
    });
    if (type === 'TUKER_OFF') {
      const hari = fields.hari_request!;
      if (hari < plan.tgl_period1 || hari > plan.tgl_period2) {
        throw fieldError('hari_request', LEAVE_MESSAGES.hariRequestOutside);
      }
      const busy = await tx
        .select({ id: kunjunganDetail.id })
        .from(kunjunganDetail)
        .where(and(eq(kunjunganDetail.no_dcp, plan.no_dcp), eq(kunjunganDetail.tgl_dcp, hari)))
        .limit(1);
      if (busy.length) throw fieldError('hari_request', LEAVE_MESSAGES.hariRequestBusy);
      values.hari_request = hari;
    } else {
      const [wanted] = await tx
        .select({ id: shift.id })
        .from(shift)
        .where(eq(shift.id, fields.shift_request!))
        .limit(1);
      if (!wanted) throw fieldError('shift_request', LEAVE_MESSAGES.shiftRequestNotFound);
      if (wanted.id === first.shift_id) throw fieldError('shift_request', LEAVE_MESSAGES.shiftRequestSame);
      values.shift_request = wanted.id;
    }
  } else if (type === 'CUTI') {
    const start = fields.start_date!;
    const end = cutiEndDate(start, cuti!.lama_hari);
    Object.assign(values, {
      start_date: start,
      end_date: end,
      jenis_cuti_id: cuti!.jenis_cuti_id,
      lama_hari: cuti!.lama_hari,
    });
    if (cuti!.potong_tahunan) {
      const balance = await cutiBalance(tx, emp.nrp, Number(start.slice(0, 4)));
      if (balance.eligible_from && start < balance.eligible_from) {
        throw fieldError('start_date', LEAVE_MESSAGES.cutiNotEligible(balance.eligible_from));
      }
      // When changing a request, its own days are not counted against it.
      const own = exceptId ? await ownCutiDays(tx, exceptId, start.slice(0, 4)) : 0;
      const available = balance.sisa - balance.menunggu + own;
      if (cuti!.lama_hari > available)
        throw fieldError('jenis_cuti', LEAVE_MESSAGES.cutiInsufficient(Math.max(0, available)));
    }
  } else {
    values.start_date = fields.start_date!;
    values.end_date = fields.end_date ?? fields.start_date!;
  }

  await assertNoOverlap(tx, emp.nrp, values.start_date, values.end_date, exceptId);
  const teamLeaderNrp =
    emp.team_leader_nrp && emp.team_leader_nrp !== emp.nrp && (await hasActiveApprover(tx, emp.team_leader_nrp))
      ? emp.team_leader_nrp
      : null;
  return { values, teamLeaderNrp };
}

async function ownCutiDays(tx: Tx, id: number, year: string): Promise<number> {
  const [row] = await tx
    .select({ start: leave.start_date, end: leave.end_date, potong: jenisCuti.potong_tahunan })
    .from(leave)
    .innerJoin(jenisCuti, eq(jenisCuti.jenis_cuti_id, leave.jenis_cuti_id))
    .where(eq(leave.leave_id, id))
    .limit(1);
  if (!row?.potong || row.start.slice(0, 4) !== year) return 0;
  return dayjs(row.end).diff(dayjs(row.start), 'day') + 1;
}

/** Step 1 exists when an active account linked to the team leader's NRP holds leave.approve. */
async function hasActiveApprover(tx: Tx, nrp: string): Promise<boolean> {
  const rows = await tx
    .select({ permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .where(and(eq(users.nrp, nrp), eq(users.isActive, true)));
  return rows.some((r) => effectivePermissions(r.permissions).includes('leave.approve'));
}
