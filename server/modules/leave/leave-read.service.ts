/**
 * Reading leave requests: the full row of spec §3 (employee, kind, cuti, shifts, approval steps),
 * who may see one, the own list, counts, the cuti balance, the visit plan lookup of the form and the
 * coverage an approver sees. Every multi-employee read applies the trustee scope in SQL.
 */
import dayjs from 'dayjs';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  cutiEntitlement,
  LEAVE_MESSAGES,
  LEAVE_STATUS,
  type ApprovalRole,
  type ApprovalStep,
  type CoverageLine,
  type CutiBalance,
  type LeaveCountKind,
  type LeaveListQuery,
  type LeaveRow,
  type LeaveType,
  type VisitDays,
} from '../../../src/domain/leave';
import { DATE_FORMAT } from '../../../src/domain/dates';
import { hasPermission } from '../../../src/domain/permissions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { jenisCuti, jenisLeave, leave, leaveApproval } from '../../db/schema/leave';
import { client, lokasi, period, salesOffice, shift } from '../../db/schema/master';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import type { Tx } from '../../middleware/idempotency';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';

type Reader = Db | Tx;

const shiftA = alias(shift, 'leave_shift');
const shiftB = alias(shift, 'leave_shift_request');

const columns = {
  leave_id: leave.leave_id,
  nomor: leave.nomor,
  nrp: leave.nrp,
  nama: karyawan.nama,
  team_leader_nrp: karyawan.team_leader_nrp,
  kode_prsh: karyawan.kode_prsh,
  sales_office_id: karyawan.sales_office_id,
  kode_lokasi: karyawan.kode_lokasi,
  client_id: karyawan.client_id,
  jabatan_id: karyawan.jabatan_id,
  type_spg_id: karyawan.type_spg_id,
  lokasi_nama: lokasi.nama,
  client_nama: client.nama,
  so_nama: salesOffice.nama,
  jenis_id: jenisLeave.id,
  jenis_leave: jenisLeave.jenis_leave,
  jenis_type: jenisLeave.type,
  start_date: leave.start_date,
  end_date: leave.end_date,
  tanggal: leave.tanggal,
  hari_request: leave.hari_request,
  keterangan: leave.keterangan,
  periode: leave.periode,
  status: leave.status,
  attachment: leave.attachment,
  attachment_name: leave.attachment_name,
  jenis_cuti_id: jenisCuti.jenis_cuti_id,
  jenis_cuti: jenisCuti.jenis_cuti,
  lama_hari: leave.lama_hari,
  shift_id: shiftA.id,
  shift_nama: shiftA.nama,
  shift_mulai: shiftA.jam_mulai,
  shift_selesai: shiftA.jam_selesai,
  sr_id: shiftB.id,
  sr_nama: shiftB.nama,
  sr_mulai: shiftB.jam_mulai,
  sr_selesai: shiftB.jam_selesai,
  created_by: leave.created_by,
  captured_at: leave.captured_at,
  received_at: leave.received_at,
  kunjungan_detail_id: leave.kunjungan_detail_id,
};

/** A loaded request with what access checks need (stored file name, the employee's scope fields). */
export interface LoadedLeave extends LeaveRow {
  storedAttachment: string | null;
  kunjungan_detail_id: number | null;
  scope: {
    kode_prsh: string;
    sales_office_id: string | null;
    kode_lokasi: string;
    client_id: string | null;
    jabatan_id: string | null;
    type_spg_id: string;
  };
}

/** The joins every leave read shares; `where` may use leave, karyawan and jenis_leave columns. */
export function leaveFrom(db: Reader) {
  return db
    .select(columns)
    .from(leave)
    .innerJoin(karyawan, eq(karyawan.nrp, leave.nrp))
    .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .leftJoin(client, eq(client.id, karyawan.client_id))
    .leftJoin(salesOffice, eq(salesOffice.id, karyawan.sales_office_id))
    .innerJoin(jenisLeave, eq(jenisLeave.id, leave.jenis_leave_id))
    .leftJoin(jenisCuti, eq(jenisCuti.jenis_cuti_id, leave.jenis_cuti_id))
    .leftJoin(shiftA, eq(shiftA.id, leave.shift_id))
    .leftJoin(shiftB, eq(shiftB.id, leave.shift_request));
}

/** The number of requests matching `where` (same joins as leaveFrom, for the filters). */
export async function countLeaves(db: Reader, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leave)
    .innerJoin(karyawan, eq(karyawan.nrp, leave.nrp))
    .innerJoin(jenisLeave, eq(jenisLeave.id, leave.jenis_leave_id))
    .where(where);
  return row?.n ?? 0;
}

type Raw = Awaited<ReturnType<ReturnType<typeof leaveFrom>['execute']>>[number];

async function stepsOf(db: Reader, ids: number[]): Promise<Map<number, ApprovalStep[]>> {
  const out = new Map<number, ApprovalStep[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      leave_id: leaveApproval.leave_id,
      approval_id: leaveApproval.approval_id,
      approval_num: leaveApproval.approval_num,
      approval_role: leaveApproval.approval_role,
      approval_nrp: leaveApproval.approval_nrp,
      approval_status: leaveApproval.approval_status,
      approval_date: leaveApproval.approval_date,
      approval_userid: leaveApproval.approval_userid,
      approver_nama: users.nama,
      keterangan: leaveApproval.keterangan,
    })
    .from(leaveApproval)
    .leftJoin(users, eq(users.userid, leaveApproval.approval_userid))
    .where(inArray(leaveApproval.leave_id, ids))
    .orderBy(asc(leaveApproval.leave_id), asc(leaveApproval.approval_num));
  for (const r of rows) {
    const list = out.get(r.leave_id) ?? [];
    list.push({
      approval_id: r.approval_id,
      approval_num: r.approval_num,
      approval_role: r.approval_role as ApprovalRole,
      approval_nrp: r.approval_nrp,
      approval_status: r.approval_status,
      approval_date: r.approval_date ? r.approval_date.toISOString() : null,
      approver: r.approval_userid ? { userid: r.approval_userid, nama: r.approver_nama ?? r.approval_userid } : null,
      keterangan: r.keterangan,
    });
    out.set(r.leave_id, list);
  }
  return out;
}

function toRow(r: Raw, steps: ApprovalStep[]): LoadedLeave {
  return {
    leave_id: r.leave_id,
    nomor: r.nomor,
    nrp: r.nrp,
    karyawan: {
      nama: r.nama,
      lokasi: { id: r.kode_lokasi, nama: r.lokasi_nama },
      client: r.client_id ? { id: r.client_id, nama: r.client_nama ?? '' } : null,
      sales_office: r.sales_office_id ? { id: r.sales_office_id, nama: r.so_nama ?? '' } : null,
      team_leader_nrp: r.team_leader_nrp,
    },
    jenis: { id: r.jenis_id, jenis_leave: r.jenis_leave, type: r.jenis_type as LeaveType },
    start_date: r.start_date,
    end_date: r.end_date,
    tanggal: r.tanggal,
    hari_request: r.hari_request,
    keterangan: r.keterangan,
    periode: r.periode,
    status: r.status,
    attachment: r.attachment ? (r.attachment_name ?? r.attachment) : null,
    cuti:
      r.jenis_cuti_id !== null
        ? { jenis_cuti_id: r.jenis_cuti_id, jenis_cuti: r.jenis_cuti ?? '', lama_hari: r.lama_hari ?? 0 }
        : null,
    shift: r.shift_id
      ? { id: r.shift_id, nama: r.shift_nama ?? '', jam_mulai: r.shift_mulai ?? '', jam_selesai: r.shift_selesai ?? '' }
      : null,
    shiftRequest: r.sr_id
      ? { id: r.sr_id, nama: r.sr_nama ?? '', jam_mulai: r.sr_mulai ?? '', jam_selesai: r.sr_selesai ?? '' }
      : null,
    approval: steps,
    created_by: r.created_by,
    captured_at: r.captured_at ? r.captured_at.toISOString() : null,
    received_at: r.received_at.toISOString(),
    storedAttachment: r.attachment,
    kunjungan_detail_id: r.kunjungan_detail_id,
    scope: {
      kode_prsh: r.kode_prsh,
      sales_office_id: r.sales_office_id,
      kode_lokasi: r.kode_lokasi,
      client_id: r.client_id,
      jabatan_id: r.jabatan_id,
      type_spg_id: r.type_spg_id,
    },
  };
}

/** The answer shape: what only the server needs is left out. */
export function publicRow(row: LoadedLeave): LeaveRow {
  const { storedAttachment: _s, kunjungan_detail_id: _k, scope: _c, ...rest } = row;
  return rest;
}

export interface LoadOptions {
  limit?: number;
  offset?: number;
  order?: SQL[];
  withCoverage?: boolean;
}

export async function loadLeaves(db: Reader, where: SQL | undefined, opts: LoadOptions = {}): Promise<LoadedLeave[]> {
  let q = leaveFrom(db)
    .where(where)
    .orderBy(...(opts.order ?? [desc(leave.start_date), desc(leave.leave_id)]))
    .$dynamic();
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  const raw = await q;
  const steps = await stepsOf(
    db,
    raw.map((r) => r.leave_id),
  );
  const rows = raw.map((r) => toRow(r, steps.get(r.leave_id) ?? []));
  if (opts.withCoverage) for (const row of rows) row.coverage = await coverageOf(db, row);
  return rows;
}

export async function loadLeave(db: Reader, id: number, withCoverage = false): Promise<LoadedLeave | null> {
  const [row] = await loadLeaves(db, eq(leave.leave_id, id), { withCoverage });
  return row ?? null;
}

/**
 * Who may open a request: the employee, the team leader of its TL step, and holders of leave.admin
 * or leave.laporan whose trustee scope covers the employee.
 */
export function canView(actor: Actor, row: LoadedLeave): boolean {
  if (actor.nrp && actor.nrp === row.nrp) return true;
  if (
    actor.nrp &&
    hasPermission(actor.permissions, 'leave.approve') &&
    row.approval.some((s) => s.approval_role === 'TL' && s.approval_nrp === actor.nrp)
  )
    return true;
  if (!actor.permissions.includes('leave.admin') && !actor.permissions.includes('leave.laporan')) return false;
  try {
    assertInScope(actor, row.scope);
    return true;
  } catch {
    return false;
  }
}

export function parseLeaveId(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!id) throw notFound(LEAVE_MESSAGES.notFound);
  return id;
}

export async function getVisibleLeave(db: Reader, actor: Actor, id: number, withCoverage = false) {
  const row = await loadLeave(db, id, withCoverage);
  if (!row) throw notFound(LEAVE_MESSAGES.notFound);
  if (!canView(actor, row)) throw forbidden(LEAVE_MESSAGES.noAccess);
  return row;
}

// ---------------------------------------------------------------- lists

/** Date filters may not lie after today (spec §5 "List date filters cannot be after today"). */
function listFilter(q: LeaveListQuery, today: string): SQL | undefined {
  for (const [path, d] of [
    ['startDate', q.startDate],
    ['endDate', q.endDate],
  ] as const) {
    if (d && d > today) throw badRequest(LEAVE_MESSAGES.filterFuture, [{ path, message: LEAVE_MESSAGES.filterFuture }]);
  }
  if (q.startDate && q.endDate && q.endDate < q.startDate) {
    throw badRequest(LEAVE_MESSAGES.endBeforeStart, [{ path: 'endDate', message: LEAVE_MESSAGES.endBeforeStart }]);
  }
  return and(
    // A request is listed when its days overlap the range.
    q.startDate ? gte(leave.end_date, q.startDate) : undefined,
    q.endDate ? lte(leave.start_date, q.endDate) : undefined,
    q.jenis ? eq(leave.jenis_leave_id, q.jenis) : undefined,
    q.status ? eq(leave.status, q.status) : undefined,
    q.period_id ? eq(leave.periode, q.period_id) : undefined,
  );
}

export async function listLeaves(db: Db, where: SQL | undefined, q: LeaveListQuery) {
  const { limit, offset } = pageWindow(q);
  const rows = await loadLeaves(db, where, { limit, offset });
  return { result: rows.map(publicRow), totalCount: await countLeaves(db, where) };
}

export function ownListWhere(nrp: string, q: LeaveListQuery, today: string) {
  return and(eq(leave.nrp, nrp), listFilter(q, today));
}

export function scopedListWhere(actor: Actor, q: LeaveListQuery, today: string) {
  return and(karyawanScope(actor), q.nrp ? eq(leave.nrp, q.nrp) : undefined, listFilter(q, today));
}

// ---------------------------------------------------------------- counts and balance

/**
 * GET /api/count/leave/{kind}/{jenis} for the caller: year / month = approved requests starting in
 * the current year / month; open = still in approval; reject = rejected. `jenis` is an id or "all".
 */
export async function countOwn(db: Db, nrp: string, kind: LeaveCountKind, jenis: number | null, today: string) {
  const base = and(eq(leave.nrp, nrp), jenis ? eq(leave.jenis_leave_id, jenis) : undefined);
  const year = today.slice(0, 4);
  const month = dayjs(today).startOf('month');
  const approvedFrom = (from: string, before: string) =>
    and(eq(leave.status, LEAVE_STATUS.approved), gte(leave.start_date, from), lt(leave.start_date, before));
  const byKind: Record<LeaveCountKind, SQL | undefined> = {
    year: approvedFrom(`${year}-01-01`, `${Number(year) + 1}-01-01`),
    month: approvedFrom(month.format(DATE_FORMAT), month.add(1, 'month').format(DATE_FORMAT)),
    open: inArray(leave.status, [LEAVE_STATUS.pending, LEAVE_STATUS.approved1]),
    reject: eq(leave.status, LEAVE_STATUS.rejected),
  };
  const [row] = await db.select({ n: count() }).from(leave).where(and(base, byKind[kind]));
  return row?.n ?? 0;
}

/**
 * The annual cuti of one calendar year (docs/decisions/006-leave.md): 12 days once 12 months of
 * service are complete, minus the days of cuti kinds that count against it — approved ones used,
 * those still in approval reserved. Days count in the year the request starts.
 */
export async function cutiBalance(db: Reader, nrp: string, tahun: number): Promise<CutiBalance> {
  const [emp] = await db
    .select({ tgl_awkerja: karyawan.tgl_awkerja })
    .from(karyawan)
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  if (!emp) throw notFound(LEAVE_MESSAGES.karyawanNotFound);
  const days = sql<number>`coalesce(sum(${leave.end_date} - ${leave.start_date} + 1), 0)::int`;
  const rows = await db
    .select({ status: leave.status, days })
    .from(leave)
    .innerJoin(jenisLeave, eq(jenisLeave.id, leave.jenis_leave_id))
    .innerJoin(jenisCuti, eq(jenisCuti.jenis_cuti_id, leave.jenis_cuti_id))
    .where(
      and(
        eq(leave.nrp, nrp),
        eq(jenisLeave.type, 'CUTI'),
        eq(jenisCuti.potong_tahunan, true),
        ne(leave.status, LEAVE_STATUS.rejected),
        gte(leave.start_date, `${tahun}-01-01`),
        lte(leave.start_date, `${tahun}-12-31`),
      ),
    )
    .groupBy(leave.status);
  const terpakai = rows.filter((r) => r.status === LEAVE_STATUS.approved).reduce((s, r) => s + Number(r.days), 0);
  const menunggu = rows.filter((r) => r.status !== LEAVE_STATUS.approved).reduce((s, r) => s + Number(r.days), 0);
  const { hak, eligibleFrom } = cutiEntitlement(emp.tgl_awkerja, tahun);
  return { nrp, tahun, hak, terpakai, menunggu, sisa: hak - terpakai, eligible_from: eligibleFrom };
}

// ---------------------------------------------------------------- the form's lookups

/** The employees a leave.admin may file for (spec §6): NRP or name, within scope, not resigned. */
export async function karyawanOptions(db: Db, actor: Actor, q: string, today: string) {
  const search = q ? or(ilike(karyawan.nrp, likePattern(q)), ilike(karyawan.nama, likePattern(q))) : undefined;
  const rows = await db
    .select({ nrp: karyawan.nrp, nama: karyawan.nama })
    .from(karyawan)
    .where(and(karyawanScope(actor), search, or(isNull(karyawan.tgl_p3), gte(karyawan.tgl_p3, today))))
    .orderBy(asc(karyawan.nrp))
    .limit(10);
  return { result: rows, totalCount: rows.length };
}

/** The employee's visit plan of a period, by day, for Tuker Off Hari and Perubahan Shift Kerja. */
export async function visitDays(db: Reader, nrp: string, periodId: string): Promise<VisitDays> {
  const [p] = await db.select().from(period).where(eq(period.id, periodId)).limit(1);
  if (!p)
    throw badRequest(LEAVE_MESSAGES.periodNotFound, [{ path: 'period_id', message: LEAVE_MESSAGES.periodNotFound }]);
  const [plan] = await db
    .select()
    .from(kunjungan)
    .where(and(eq(kunjungan.nrp, nrp), eq(kunjungan.period_id, periodId)))
    .limit(1);
  const answer: VisitDays = {
    nrp,
    period_id: periodId,
    no_dcp: plan?.no_dcp ?? null,
    mulai: plan?.tgl_period1 ?? p.mulai,
    akhir: plan?.tgl_period2 ?? p.akhir,
    days: [],
    free_days: [],
  };
  if (!plan) return answer;
  const lines = await db
    .select({
      id: kunjunganDetail.id,
      tgl_dcp: kunjunganDetail.tgl_dcp,
      in_jam: kunjunganDetail.in_jam,
      cust_code: kunjunganDetail.cust_code,
      cust_name: store.cust_name,
      shift_id: shift.id,
      shift_nama: shift.nama,
      jam_mulai: shift.jam_mulai,
      jam_selesai: shift.jam_selesai,
    })
    .from(kunjunganDetail)
    .innerJoin(shift, eq(shift.id, kunjunganDetail.shift_id))
    .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
    .where(eq(kunjunganDetail.no_dcp, plan.no_dcp))
    .orderBy(asc(kunjunganDetail.tgl_dcp), asc(shift.jam_mulai), asc(kunjunganDetail.id));
  for (const l of lines) {
    const last = answer.days[answer.days.length - 1];
    if (last && last.tanggal === l.tgl_dcp) {
      last.stores.push({ cust_code: l.cust_code, cust_name: l.cust_name });
      last.checked_in ||= l.in_jam !== null;
      continue;
    }
    answer.days.push({
      tanggal: l.tgl_dcp,
      kunjungan_detail_id: l.id,
      shift: { id: l.shift_id, nama: l.shift_nama, jam_mulai: l.jam_mulai, jam_selesai: l.jam_selesai },
      stores: [{ cust_code: l.cust_code, cust_name: l.cust_name }],
      checked_in: l.in_jam !== null,
    });
  }
  const busy = new Set(answer.days.map((d) => d.tanggal));
  for (let d = new Date(`${answer.mulai}T00:00:00Z`); d.toISOString().slice(0, 10) <= answer.akhir;) {
    const iso = d.toISOString().slice(0, 10);
    if (!busy.has(iso)) answer.free_days.push(iso);
    d = new Date(d.getTime() + 86_400_000);
  }
  return answer;
}

/** The planned store visits on the days the request covers (what the approver should re-staff). */
export async function coverageOf(db: Reader, row: Pick<LeaveRow, 'nrp' | 'start_date' | 'end_date' | 'jenis'>) {
  if (row.jenis.type === 'PERUBAHAN_SHIFT') return [];
  const lines = await db
    .select({
      tanggal: kunjunganDetail.tgl_dcp,
      cust_code: kunjunganDetail.cust_code,
      cust_name: store.cust_name,
      shift_id: kunjunganDetail.shift_id,
      in_jam: kunjunganDetail.in_jam,
    })
    .from(kunjunganDetail)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
    .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
    .where(
      and(
        eq(kunjungan.nrp, row.nrp),
        gte(kunjunganDetail.tgl_dcp, row.start_date),
        lte(kunjunganDetail.tgl_dcp, row.end_date),
      ),
    )
    .orderBy(asc(kunjunganDetail.tgl_dcp), asc(kunjunganDetail.id))
    .limit(200);
  return lines.map((l): CoverageLine => ({
    tanggal: l.tanggal,
    cust_code: l.cust_code,
    cust_name: l.cust_name,
    shift_id: l.shift_id,
    checked_in: l.in_jam !== null,
  }));
}
