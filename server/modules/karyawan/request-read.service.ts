/**
 * Reads of profile change requests: the approvers' list (scoped), one employee's history, the
 * caller's own requests, and one request with each requested value beside the current one. Who may
 * read one request: its employee (their own, whatever their scope), or a holder of an employee-area
 * permission whose trustee scope covers the employee.
 */
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { KARYAWAN_MESSAGES } from '../../../src/domain/karyawan/karyawan-fields';
import type { ListQuery } from '../../../src/domain/list-query';
import {
  approveStatusLabel,
  PROFILE_FIELD_LABELS,
  PROFILE_REQUEST_FIELDS,
  REQUEST_FILTER_STATUS,
  REQUEST_MESSAGES,
  requestNumber,
  type ApproveStatus,
  type ProfileChanges,
  type ProfileRequestDetail,
  type ProfileRequestList,
  type ProfileRequestRow,
  type ProfileRequestStatus,
  type RequestListQuery,
} from '../../../src/domain/karyawan/request';
import type { Db, Q } from '../../db/client';
import { users } from '../../db/schema/auth';
import { karyawan as k } from '../../db/schema/karyawan';
import { salesOffice } from '../../db/schema/master';
import { karyawanRequest as r } from '../../db/schema/request';
import type { Actor } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';

/** Who may read other employees' requests (the detail's tab, the list, the approver). */
const READERS = ['karyawan.read', 'karyawan.request.edit', 'karyawan.request.approve'] as const;

const columns = {
  id: r.id,
  nrp: r.nrp,
  nama: k.nama,
  request_nomor: r.request_nomor,
  tanggal_pengajuan: r.tanggal_pengajuan,
  received_at: r.received_at,
  approve_status: r.approve_status,
  approve_date: r.approve_date,
  approve_by: r.approve_by,
  approve_by_nama: users.nama,
  keterangan: r.keterangan,
  sales_office_id: k.sales_office_id,
  sales_office_nama: salesOffice.nama,
  changes: r.changes,
  previous: r.previous,
};

function base(db: Q) {
  return db
    .select(columns)
    .from(r)
    .innerJoin(k, eq(k.nrp, r.nrp))
    .leftJoin(salesOffice, eq(salesOffice.id, k.sales_office_id))
    .leftJoin(users, eq(users.userid, r.approve_by));
}

type Raw = Awaited<ReturnType<typeof base>>[number];

/** The stored changes in the order of the form, whatever order jsonb keeps. */
export function orderedChanges(changes: ProfileChanges): ProfileChanges {
  const out: ProfileChanges = {};
  for (const f of PROFILE_REQUEST_FIELDS) if (f in changes) out[f] = changes[f] ?? null;
  return out;
}

export function toRow(x: Raw): ProfileRequestRow {
  return {
    id: x.id,
    nrp: x.nrp,
    nama: x.nama,
    request_nomor: x.request_nomor,
    nomor_registrasi: requestNumber(x.nrp, x.request_nomor),
    tanggal_pengajuan: x.tanggal_pengajuan.toISOString(),
    received_at: x.received_at.toISOString(),
    approve_status: x.approve_status as ApproveStatus,
    status: approveStatusLabel(x.approve_status),
    approve_date: x.approve_date?.toISOString() ?? null,
    approve_by: x.approve_by,
    approve_by_nama: x.approve_by_nama,
    keterangan: x.keterangan,
    sales_office: x.sales_office_id ? { id: x.sales_office_id, nama: x.sales_office_nama ?? '' } : null,
    changes: orderedChanges(x.changes),
  };
}

async function page(
  db: Q,
  where: SQL | undefined,
  order: SQL[],
  q: Pick<ListQuery, 'page' | 'per_page'>,
): Promise<ProfileRequestList> {
  const { limit, offset } = pageWindow(q);
  const rows = await base(db)
    .where(where)
    .orderBy(...order, asc(r.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(r).innerJoin(k, eq(k.nrp, r.nrp)).where(where);
  return { result: rows.map(toRow), totalCount: total?.n ?? 0 };
}

/** GET /api/request/karyawan/list: open ones oldest first (a queue), decided ones newest decision first. */
export async function listRequests(db: Db, actor: Actor, q: RequestListQuery): Promise<ProfileRequestList> {
  const search = q.q ? or(ilike(k.nrp, likePattern(q.q)), ilike(k.nama, likePattern(q.q))) : undefined;
  const status = REQUEST_FILTER_STATUS[q.status];
  const where = and(eq(r.approve_status, status), search, karyawanScope(actor));
  const order = status === 'N' ? [asc(r.tanggal_pengajuan)] : [desc(r.approve_date)];
  return page(db, where, order, q);
}

/** One employee's requests, newest first (the caller's own, or an employee's history on the detail). */
export async function requestsOf(db: Db, nrp: string, q: Pick<ListQuery, 'page' | 'per_page'>) {
  return page(db, eq(r.nrp, nrp), [desc(r.request_nomor)], q);
}

/** The employee of a history read (an NRP its param schema checked): 404 when absent, 403 out of scope. */
export async function assertEmployeeVisible(db: Db, actor: Actor, nrp: string): Promise<void> {
  const [e] = await db.select().from(k).where(eq(k.nrp, nrp)).limit(1);
  if (!e) throw notFound(KARYAWAN_MESSAGES.notFound);
  if (actor.nrp !== nrp) assertInScope(actor, e);
}

/** One request the actor may see (their own, or in scope with an employee-area permission). */
export async function loadVisibleRequest(db: Q, actor: Actor, id: number) {
  const [row] = await base(db).where(eq(r.id, id)).limit(1);
  if (!row) throw notFound(REQUEST_MESSAGES.notFound);
  if (actor.nrp === row.nrp) return row;
  if (!READERS.some((p) => actor.permissions.includes(p))) throw forbidden();
  const [e] = await db.select().from(k).where(eq(k.nrp, row.nrp)).limit(1);
  if (!e) throw notFound(REQUEST_MESSAGES.notFound);
  assertInScope(actor, e);
  return row;
}

/** GET /api/request/karyawan/{id}: each requested value beside the employee's current one. */
export async function getRequest(db: Q, actor: Actor, id: number): Promise<ProfileRequestDetail> {
  const row = await loadVisibleRequest(db, actor, id);
  const [current] = await db.select().from(k).where(eq(k.nrp, row.nrp)).limit(1);
  const now = (current ?? {}) as Record<string, unknown>;
  const base = toRow(row);
  const previous = row.previous ?? {};
  return {
    ...base,
    items: Object.entries(base.changes).map(([f, requested]) => {
      const field = f as keyof typeof PROFILE_FIELD_LABELS;
      return {
        field,
        label: PROFILE_FIELD_LABELS[field],
        current: (now[field] ?? null) as ProfileRequestDetail['items'][number]['current'],
        requested: requested ?? null,
        previous: previous[field] ?? null,
      };
    }),
  };
}

/** GET /api/request/karyawan/{id}/approve/status. */
export async function requestStatus(db: Db, actor: Actor, id: number): Promise<ProfileRequestStatus> {
  const x = toRow(await loadVisibleRequest(db, actor, id));
  return {
    id: x.id,
    nomor_registrasi: x.nomor_registrasi,
    approve_status: x.approve_status,
    status: x.status,
    approve_date: x.approve_date,
    approve_by: x.approve_by,
    approve_by_nama: x.approve_by_nama,
    keterangan: x.keterangan,
  };
}
