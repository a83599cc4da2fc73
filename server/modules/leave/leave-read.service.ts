/**
 * Leave lists, counts and the cuti balance: the own list, everyone's within the trustee scope (applied
 * in SQL), the own counts by kind, the annual cuti of a year, and the employees a leave.admin may file for.
 */
import dayjs from 'dayjs';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { DATE_FORMAT } from '../../../src/domain/dates';
import type { CutiBalance, LeaveCounts, LeaveCountSummary } from '../../../src/domain/leave/leave-answers';
import type { LeaveListQuery } from '../../../src/domain/leave/leave';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import {
  cutiEntitlement,
  LEAVE_COUNT_KINDS,
  LEAVE_STATUS,
  type LeaveCountKind,
} from '../../../src/domain/leave/leave-rules';
import type { Db, Q } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { jenisCuti, jenisLeave, leave } from '../../db/schema/leave';
import type { Actor } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { karyawanScope } from '../../middleware/trustee-scope';
import { countLeaves, loadLeaves, publicRow } from './leave-rows.service';

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
 * What each count counts, on the employee's today: year / month = approved requests starting in the
 * current year / month; open = still in approval; reject = rejected.
 */
function countConditions(today: string): Record<LeaveCountKind, SQL> {
  const year = Number(today.slice(0, 4));
  const month = dayjs(today).startOf('month');
  const approvedFrom = (from: string, before: string) =>
    and(eq(leave.status, LEAVE_STATUS.approved), gte(leave.start_date, from), lt(leave.start_date, before))!;
  return {
    year: approvedFrom(`${year}-01-01`, `${year + 1}-01-01`),
    month: approvedFrom(month.format(DATE_FORMAT), month.add(1, 'month').format(DATE_FORMAT)),
    open: inArray(leave.status, [LEAVE_STATUS.pending, LEAVE_STATUS.approved1]),
    reject: eq(leave.status, LEAVE_STATUS.rejected),
  };
}

/** GET /api/count/leave/{kind}/{jenis} for the caller. `jenis` is an id or null for every kind. */
export async function countOwn(db: Db, nrp: string, kind: LeaveCountKind, jenis: number | null, today: string) {
  const base = and(eq(leave.nrp, nrp), jenis ? eq(leave.jenis_leave_id, jenis) : undefined);
  const [row] = await db
    .select({ n: count() })
    .from(leave)
    .where(and(base, countConditions(today)[kind]));
  return row?.n ?? 0;
}

/**
 * GET /api/count/leave/summary for the caller: every count of every kind of leave in one answer (the
 * phone's copy of the day, decision 015), the same numbers as /api/count/leave/{kind}/{jenis}. Every
 * kind is listed, with zeros where she filed none.
 */
export async function countOwnSummary(db: Db, nrp: string, today: string): Promise<LeaveCountSummary> {
  const when = countConditions(today);
  const n = (kind: LeaveCountKind) => sql<number>`count(*) filter (where ${when[kind]})`.mapWith(Number);
  const [kinds, rows] = await Promise.all([
    db.select({ id: jenisLeave.id }).from(jenisLeave).orderBy(asc(jenisLeave.id)),
    db
      .select({ jenis: leave.jenis_leave_id, year: n('year'), month: n('month'), open: n('open'), reject: n('reject') })
      .from(leave)
      .where(eq(leave.nrp, nrp))
      .groupBy(leave.jenis_leave_id),
  ]);
  const zero = (): LeaveCounts => ({ year: 0, month: 0, open: 0, reject: 0 });
  const all = zero();
  const byKind = new Map(kinds.map((k) => [k.id, zero()]));
  for (const row of rows) {
    const counts = byKind.get(row.jenis) ?? zero();
    for (const kind of LEAVE_COUNT_KINDS) {
      counts[kind] = row[kind];
      all[kind] += row[kind];
    }
    byKind.set(row.jenis, counts);
  }
  return { all, by_jenis: [...byKind].map(([jenis_leave_id, counts]) => ({ jenis_leave_id, ...counts })) };
}

/**
 * The annual cuti of one calendar year (docs/decisions/006-leave.md): 12 days once 12 months of
 * service are complete, minus the days of cuti kinds that count against it — approved ones used,
 * those still in approval reserved. Days count in the year the request starts.
 */
export async function cutiBalance(db: Q, nrp: string, tahun: number): Promise<CutiBalance> {
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
