/**
 * Reading visit plans (spec part 2 §2.3, §7 visits): the list with each plan's evidence counts, one plan
 * with its lines and their check-in evidence, and an employee's plan of a period. Every read is limited
 * to the user's trustee scope in SQL.
 */
import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { VISIT_RADIUS_DEFAULT_M, type FieldFlag } from '../../../src/domain/absensi/absensi';
import {
  KUNJUNGAN_PLAN_MESSAGES as M,
  type KunjunganListQuery,
  type PlanCounts,
  type PlanDetail,
  type PlanKaryawanRow,
  type PlanLine,
  type PlanRow,
} from '../../../src/domain/kunjungan/kunjungan-plan';
import type { ListAnswer } from '../../../src/domain/list-query';
import type { Db, Q } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan, kunjunganDetail as d } from '../../db/schema/kunjungan';
import { absensi } from '../../db/schema/absensi';
import { client, jabatan, karyawanType, lokasi, salesOffice, shift } from '../../db/schema/master';
import { routeList, store } from '../../db/schema/store';
import type { Actor, Deps } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';
import { herView } from '../absensi/her-view';

const iso = (x: Date | null) => (x ? x.toISOString() : null);
const EMPTY_COUNTS: PlanCounts = { planned: 0, checked_in: 0, checked_out: 0, outside_radius: 0 };

/** The scope columns of an employee, with what the plan screens show of her. */
export async function loadKaryawan(db: Q, actor: Actor, nrp: string) {
  const [emp] = await db
    .select({
      nrp: karyawan.nrp,
      nama: karyawan.nama,
      kode_prsh: karyawan.kode_prsh,
      sales_office_id: karyawan.sales_office_id,
      kode_lokasi: karyawan.kode_lokasi,
      client_id: karyawan.client_id,
      jabatan_id: karyawan.jabatan_id,
      type_spg_id: karyawan.type_spg_id,
      route_list_id: karyawan.route_list_id,
      tgl_awkerja: karyawan.tgl_awkerja,
      tgl_p3: karyawan.tgl_p3,
    })
    .from(karyawan)
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  if (!emp) throw notFound(M.karyawanNotFound);
  assertInScope(actor, emp);
  return emp;
}

/** Planned / checked in / checked out / outside radius per plan, for a handful of plans. */
async function countsOf(db: Q, noDcps: string[]): Promise<Map<string, PlanCounts>> {
  if (noDcps.length === 0) return new Map();
  const rows = await db
    .select({
      no_dcp: d.no_dcp,
      planned: count(),
      checked_in: sql<number>`count(${d.in_jam})::int`,
      checked_out: sql<number>`count(${d.out_jam})::int`,
      outside_radius: sql<number>`(count(*) filter (where ${d.flags} ?| array['outside_radius_in','outside_radius_out']))::int`,
    })
    .from(d)
    .where(inArray(d.no_dcp, noDcps))
    .groupBy(d.no_dcp);
  return new Map(rows.map(({ no_dcp, ...c }) => [no_dcp, c]));
}

const rowColumns = {
  no_dcp: kunjungan.no_dcp,
  route_list_id: kunjungan.route_list_id,
  nrp: kunjungan.nrp,
  nama: karyawan.nama,
  sales_office: salesOffice.nama,
  shift_id: kunjungan.shift_id,
  shift: shift.nama,
  period_id: kunjungan.period_id,
  tgl_period1: kunjungan.tgl_period1,
  tgl_period2: kunjungan.tgl_period2,
  route_list: routeList.nama,
};

/**
 * GET /api/kunjungan: a page of plans in scope, newest period first, then by NRP. The page is chosen on
 * the plan table alone (the employee joined only when the scope or a search needs her), then its ten
 * rows are completed, so a deep page does not join every row it skips.
 */
export async function listPlans(db: Db, actor: Actor, q: KunjunganListQuery): Promise<ListAnswer<PlanRow>> {
  const scope = karyawanScope(actor);
  // `cari` is lower(nrp ⏎ nama) with a trigram index: one LIKE the index serves.
  const search = q.q ? like(karyawan.cari, sql`lower(${likePattern(q.q)})`) : undefined;
  const needsKaryawan = scope !== undefined || search !== undefined;
  const where = and(q.period_id ? eq(kunjungan.period_id, q.period_id) : undefined, scope, search);
  const { limit, offset } = pageWindow(q);
  const pageQuery = db.select({ no_dcp: kunjungan.no_dcp }).from(kunjungan).$dynamic();
  const countQuery = db.select({ n: count() }).from(kunjungan).$dynamic();
  if (needsKaryawan) {
    pageQuery.innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp));
    countQuery.innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp));
  }
  const [page, [total]] = await Promise.all([
    pageQuery.where(where).orderBy(desc(kunjungan.period_id), asc(kunjungan.nrp)).limit(limit).offset(offset),
    countQuery.where(where),
  ]);
  const totalCount = total?.n ?? 0;
  const ids = page.map((r) => r.no_dcp);
  if (ids.length === 0) return { result: [], totalCount };
  const [rows, counts] = await Promise.all([
    db
      .select(rowColumns)
      .from(kunjungan)
      .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
      .innerJoin(shift, eq(shift.id, kunjungan.shift_id))
      .leftJoin(salesOffice, eq(salesOffice.id, karyawan.sales_office_id))
      .leftJoin(routeList, eq(routeList.id, kunjungan.route_list_id))
      .where(inArray(kunjungan.no_dcp, ids))
      .orderBy(desc(kunjungan.period_id), asc(kunjungan.nrp)),
    countsOf(db, ids),
  ]);
  return {
    result: rows.map(({ nama, sales_office, ...r }) => ({
      ...r,
      karyawan: { nama, sales_office },
      counts: counts.get(r.no_dcp) ?? EMPTY_COUNTS,
    })),
    totalCount,
  };
}

const lineColumns = {
  id: d.id,
  tgl_dcp: d.tgl_dcp,
  shift_id: d.shift_id,
  cust_code: d.cust_code,
  cust_name: store.cust_name,
  cust_address: store.cust_address,
  cust_lat: store.cust_lat,
  cust_long: store.cust_long,
  radius_m: store.radius_m,
  in_jam: d.in_jam,
  in_lat: d.in_lat,
  in_long: d.in_long,
  in_accuracy: d.in_accuracy,
  in_foto: d.in_foto,
  in_desc: d.in_desc,
  in_captured_at: d.in_captured_at,
  in_received_at: d.in_received_at,
  in_distance_m: d.in_distance_m,
  out_jam: d.out_jam,
  out_lat: d.out_lat,
  out_long: d.out_long,
  out_accuracy: d.out_accuracy,
  out_foto: d.out_foto,
  out_desc: d.out_desc,
  out_captured_at: d.out_captured_at,
  out_received_at: d.out_received_at,
  out_distance_m: d.out_distance_m,
  flags: d.flags,
  absensi_id: absensi.id,
  foto_masuk: absensi.foto_masuk,
  foto_keluar: absensi.foto_keluar,
};

/** A plan's lines by day, with the store and the day's attendance photos (spec §2.3: foto_masuk first). */
export async function selectPlanLines(db: Q, where: SQL | undefined): Promise<PlanLine[]> {
  const rows = await db
    .select(lineColumns)
    .from(d)
    .innerJoin(kunjungan, eq(kunjungan.no_dcp, d.no_dcp))
    .innerJoin(store, eq(store.cust_code, d.cust_code))
    .leftJoin(absensi, and(eq(absensi.nrp, kunjungan.nrp), eq(absensi.tanggal, d.tgl_dcp)))
    .where(where)
    .orderBy(asc(d.tgl_dcp), asc(d.id));
  return rows.map(
    ({ cust_name, cust_address, cust_lat, cust_long, radius_m, absensi_id, foto_masuk, foto_keluar, ...r }) => ({
      ...r,
      customer: { cust_name, cust_address, cust_lat, cust_long, radius_m },
      in_captured_at: iso(r.in_captured_at),
      in_received_at: iso(r.in_received_at),
      out_captured_at: iso(r.out_captured_at),
      out_received_at: iso(r.out_received_at),
      flags: r.flags as FieldFlag[],
      absensi: absensi_id === null ? null : { foto_masuk, foto_keluar },
    }),
  );
}

/** The plan's header row and its employee, or 404; 403 outside the user's scope. */
export async function loadPlan(db: Q, actor: Actor, noDcp: string) {
  const [plan] = await db
    .select({ no_dcp: kunjungan.no_dcp, nrp: kunjungan.nrp, period_id: kunjungan.period_id })
    .from(kunjungan)
    .where(eq(kunjungan.no_dcp, noDcp))
    .limit(1);
  if (!plan) throw notFound(M.notFound);
  await loadKaryawan(db, actor, plan.nrp);
  return plan;
}

/** GET /api/kunjungan/{id}: the header with the employee's placement, and every line with its evidence. */
export async function getPlan(
  db: Q,
  deps: Pick<Deps, 'visitRadiusM'>,
  actor: Actor,
  noDcp: string,
): Promise<PlanDetail> {
  await loadPlan(db, actor, noDcp);
  const [h] = await db
    .select({
      ...rowColumns,
      client: client.nama,
      type_spg: karyawanType.type,
      lokasi: lokasi.nama,
      jabatan: jabatan.nama,
    })
    .from(kunjungan)
    .innerJoin(karyawan, eq(karyawan.nrp, kunjungan.nrp))
    .innerJoin(shift, eq(shift.id, kunjungan.shift_id))
    .leftJoin(salesOffice, eq(salesOffice.id, karyawan.sales_office_id))
    .leftJoin(routeList, eq(routeList.id, kunjungan.route_list_id))
    .leftJoin(client, eq(client.id, karyawan.client_id))
    .leftJoin(karyawanType, eq(karyawanType.id, karyawan.type_spg_id))
    .leftJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .leftJoin(jabatan, eq(jabatan.id, karyawan.jabatan_id))
    .where(eq(kunjungan.no_dcp, noDcp))
    .limit(1);
  if (!h) throw notFound(M.notFound);
  const details = await selectPlanLines(db, eq(d.no_dcp, noDcp));
  const counts = (await countsOf(db, [noDcp])).get(noDcp) ?? EMPTY_COUNTS;
  const { nama, sales_office, client: clientNama, type_spg, lokasi: lokasiNama, jabatan: jabatanNama, ...row } = h;
  return {
    ...row,
    karyawan: { nama, sales_office, client: clientNama, type_spg, lokasi: lokasiNama, jabatan: jabatanNama },
    counts,
    radius_m: deps.visitRadiusM ?? VISIT_RADIUS_DEFAULT_M,
    details,
  };
}

/**
 * GET /api/kunjungan/karyawan/v2/{period}/nrp/{nrp|0}: an employee's plan of a period, day by day.
 * `0` (spec §6 "employee 0") or the caller's own NRP is her own plan; another NRP needs kunjungan.read
 * and the employee inside the caller's scope.
 */
export async function karyawanPeriodPlan(db: Db, actor: Actor, periodId: string, ref: string) {
  let nrp: string;
  if (ref === '0' || ref === actor.nrp) {
    if (!actor.nrp) throw forbidden('Akun ini tidak terhubung dengan data karyawan');
    nrp = actor.nrp;
  } else {
    if (!actor.permissions.includes('kunjungan.read')) throw forbidden();
    nrp = (await loadKaryawan(db, actor, ref)).nrp;
  }
  const [plan] = await db
    .select({ no_dcp: kunjungan.no_dcp })
    .from(kunjungan)
    .where(and(eq(kunjungan.nrp, nrp), eq(kunjungan.period_id, periodId)))
    .limit(1);
  const lines = plan ? await selectPlanLines(db, eq(d.no_dcp, plan.no_dcp)) : [];
  // Her own plan never names the flags of her visits (issue 41 item 3): a reviewer in scope reads them.
  const details = nrp === actor.nrp ? lines.map(herView) : lines;
  return { nrp, period_id: periodId, no_dcp: plan?.no_dcp ?? null, details };
}

/** GET /api/kunjungan/create/karyawan: active employees in scope for the plan form's picker. */
export async function listPlanKaryawan(
  db: Db,
  actor: Actor,
  q: { page: number; per_page: number; q: string },
): Promise<ListAnswer<PlanKaryawanRow>> {
  const where = and(
    karyawanScope(actor),
    sql`${karyawan.tgl_p3} is null`,
    q.q ? like(karyawan.cari, sql`lower(${likePattern(q.q)})`) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        nrp: karyawan.nrp,
        nama: karyawan.nama,
        route_list_id: karyawan.route_list_id,
        route_list: routeList.nama,
        sales_office: salesOffice.nama,
      })
      .from(karyawan)
      .leftJoin(routeList, eq(routeList.id, karyawan.route_list_id))
      .leftJoin(salesOffice, eq(salesOffice.id, karyawan.sales_office_id))
      .where(where)
      .orderBy(asc(karyawan.nrp))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(karyawan).where(where),
  ]);
  return { result: rows, totalCount: total?.n ?? 0 };
}
