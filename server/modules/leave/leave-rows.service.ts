/**
 * A leave request as every read answers it: the full row of spec §3 (employee, kind, cuti, shifts,
 * approval steps) loaded in one query plus one for the steps, and who may open one.
 */
import { asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalStep, LeaveRow } from '../../../src/domain/leave/leave-answers';
import type { LeaveType } from '../../../src/domain/leave/leave-kinds';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import type { ApprovalRole, LeaveStatus } from '../../../src/domain/leave/leave-rules';
import { hasPermission } from '../../../src/domain/roles/permissions';
import type { Q } from '../../db/client';
import { users } from '../../db/schema/auth';
import { karyawan } from '../../db/schema/karyawan';
import { jenisCuti, jenisLeave, leave, leaveApproval } from '../../db/schema/leave';
import { client, lokasi, salesOffice, shift } from '../../db/schema/master';
import type { Actor } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { assertInScope } from '../../middleware/trustee-scope';
import { coverageOf } from './leave-visits.service';

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
export function leaveFrom(db: Q) {
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
export async function countLeaves(db: Q, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leave)
    .innerJoin(karyawan, eq(karyawan.nrp, leave.nrp))
    .innerJoin(jenisLeave, eq(jenisLeave.id, leave.jenis_leave_id))
    .where(where);
  return row?.n ?? 0;
}

type Raw = Awaited<ReturnType<ReturnType<typeof leaveFrom>['execute']>>[number];

async function stepsOf(db: Q, ids: number[]): Promise<Map<number, ApprovalStep[]>> {
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
    status: r.status as LeaveStatus,
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

export async function loadLeaves(db: Q, where: SQL | undefined, opts: LoadOptions = {}): Promise<LoadedLeave[]> {
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

export async function loadLeave(db: Q, id: number, withCoverage = false): Promise<LoadedLeave | null> {
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

export async function getVisibleLeave(db: Q, actor: Actor, id: number, withCoverage = false) {
  const row = await loadLeave(db, id, withCoverage);
  if (!row) throw notFound(LEAVE_MESSAGES.notFound);
  if (!canView(actor, row)) throw forbidden(LEAVE_MESSAGES.noAccess);
  return row;
}
