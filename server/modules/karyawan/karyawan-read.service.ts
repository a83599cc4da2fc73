/**
 * Reads of the employee area: the list (active or resigned), one employee's detail, and the row a
 * write starts from. Every read is limited to the user's trustee scope: out-of-scope employees are
 * not listed, and opening one is a 403.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { alasanP3Of, type KaryawanDetail } from '../../../src/domain/karyawan/karyawan';
import { KARYAWAN_MESSAGES, NRP_PATTERN } from '../../../src/domain/karyawan/karyawan-fields';
import { asTimeZone } from '../../../src/domain/time-zone';
import {
  parseSort,
  type KaryawanListQuery,
  type KaryawanRow,
  type KaryawanSortField,
} from '../../../src/domain/karyawan/karyawan-list';
import type { ListAnswer } from '../../../src/domain/list-query';
import type { Db, Q } from '../../db/client';
import { karyawan as k, kontrak } from '../../db/schema/karyawan';
import {
  client,
  departemen,
  divisi,
  jabatan,
  karyawanType,
  lokasi,
  perusahaan,
  salesOffice,
  umr,
} from '../../db/schema/master';
import { routeList, store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { withCodeNames } from '../../lib/employee';
import { assertInScope, karyawanScope } from '../../middleware/trustee-scope';
import { latestP3, p3ByNrp } from './posting.service';

export const KARYAWAN_NOT_FOUND = KARYAWAN_MESSAGES.notFound;

/**
 * NRPs are short codes; anything else names nobody and never reaches the database. The routes check
 * their path with the same pattern; callers with an NRP from elsewhere (a body) rely on this.
 */
export function assertNrpShape(id: string): void {
  if (!NRP_PATTERN.test(id)) throw notFound(KARYAWAN_NOT_FOUND);
}

/** Orders by a column of the employee row; type and sales office are names in master tables. */
type ColumnSortField = Exclude<KaryawanSortField, 'type' | 'sales_office'>;
const SORT_COLUMNS: Record<ColumnSortField, PgColumn> = {
  nrp: k.nrp,
  nama: k.nama,
  telp_hp: k.telp_hp,
  per_kontrak: k.per_kontrak,
  mulai_kontrak: k.mulai_kontrak,
  selesai_kontrak: k.selesai_kontrak,
  tgl_p3: k.tgl_p3,
};

const listColumns = {
  nrp: k.nrp,
  nama: k.nama,
  foto_kar: k.foto_kar,
  telp_hp: k.telp_hp,
  kode_lokasi: k.kode_lokasi,
  type_id: k.type_spg_id,
  type_nama: karyawanType.type,
  sales_office_id: k.sales_office_id,
  sales_office_nama: salesOffice.nama,
  per_kontrak: k.per_kontrak,
  lama_kontrak: k.lama_kontrak,
  mulai_kontrak: k.mulai_kontrak,
  selesai_kontrak: k.selesai_kontrak,
  tgl_p3: k.tgl_p3,
  no_pb: k.no_pb,
  alasan_p3: k.alasan_p3,
  u_kebijaksanaan: k.u_kebijaksanaan,
  u_kebijaksanaan_desc: k.u_kebijaksanaan_desc,
  u_cuti: k.u_cuti,
  u_potongan: k.u_potongan,
  u_lumpdrop: k.u_lumpdrop,
  tgl_bast: k.tgl_bast,
};

/**
 * GET /api/karyawan: active (resigned=0) or resigned (resigned=1) employees, searched by NRP or name.
 * A late row lookup (docs/decisions/008): first the page's NRPs — filters, trustee scope, order,
 * LIMIT/OFFSET — reading only what the order needs (mostly an index), then only those rows in full,
 * joined to their type and sales office.
 */
export async function listKaryawan(db: Db, actor: Actor, q: KaryawanListQuery): Promise<ListAnswer<KaryawanRow>> {
  const where = karyawanListWhere(actor, q);
  const sort = parseSort(q.sort);
  const { limit, offset } = pageWindow(q);
  const nrps =
    sort && (sort.field === 'type' || sort.field === 'sales_office')
      ? await pageByGroupName(db, sort.field, sort.direction, where, limit, offset)
      : await pageByColumn(db, q, sort as ColumnSort | null, where, limit, offset);
  const found = nrps.length
    ? await db
        .select(listColumns)
        .from(k)
        .innerJoin(karyawanType, eq(karyawanType.id, k.type_spg_id))
        .leftJoin(salesOffice, eq(salesOffice.id, k.sales_office_id))
        .where(inArray(k.nrp, nrps))
    : [];
  const byNrp = new Map(found.map((r) => [r.nrp, r]));
  const rows = nrps.flatMap((nrp) => byNrp.get(nrp) ?? []);
  const [total] = await db.select({ n: count() }).from(k).where(where);
  const p3 = q.resigned
    ? await p3ByNrp(
        db,
        rows.map((r) => r.nrp),
      )
    : new Map();
  return {
    result: rows.map(({ type_id, type_nama, sales_office_id, sales_office_nama, ...r }) => ({
      ...r,
      type: { id: type_id, type: type_nama },
      sales_office: sales_office_id ? { id: sales_office_id, nama: sales_office_nama ?? '' } : null,
      mst_alasan_p3: alasanP3Of(r.alasan_p3),
      p3: p3.get(r.nrp) ?? null,
    })),
    totalCount: total?.n ?? 0,
  };
}

/**
 * The employees of the list (and of its Excel export): active or resigned, searched by NRP or name,
 * within the user's trustee scope. `cari` is lower(nrp ⏎ nama): one LIKE instead of ILIKE on two
 * columns, read from the indexes.
 */
export function karyawanListWhere(actor: Actor, q: { resigned: boolean; q: string }): SQL | undefined {
  const search = q.q ? like(k.cari, sql`lower(${likePattern(q.q)})`) : undefined;
  return and(q.resigned ? isNotNull(k.alasan_p3) : isNull(k.alasan_p3), search, karyawanScope(actor));
}

type ColumnSort = { field: ColumnSortField; direction: 'asc' | 'desc' };

/** The page's NRPs in the order of a column of the employee row (NRP breaks ties). */
async function pageByColumn(
  db: Db,
  q: KaryawanListQuery,
  sort: ColumnSort | null,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<string[]> {
  const order: SQL[] = sort
    ? [sort.direction === 'desc' ? desc(SORT_COLUMNS[sort.field]) : asc(SORT_COLUMNS[sort.field])]
    : q.resigned
      ? [desc(k.tgl_p3)]
      : [];
  const rows = await db
    .select({ nrp: k.nrp })
    .from(k)
    .where(where)
    .orderBy(...order, asc(k.nrp))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.nrp);
}

/**
 * The page's NRPs in the order of a master table's name (type or sales office), then NRP. Sorting every
 * employee by a joined name costs ~40 ms at 100,000; instead each master row contributes only its first
 * offset + limit employees in NRP order (an index walk per group: karyawan_active_type_idx /
 * _sales_office_idx), and those few are sorted. Same answer as the plain ORDER BY, ties between equal
 * names included: PostgreSQL sorts by the name with the database's collation, NULL (no sales office)
 * last when ascending and first when descending.
 */
async function pageByGroupName(
  db: Db,
  field: 'type' | 'sales_office',
  direction: 'asc' | 'desc',
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<string[]> {
  const perGroup = offset + limit;
  const filter = where ?? sql`true`;
  const groups =
    field === 'type'
      ? sql`select ${karyawanType.type} as name, p.nrp from ${karyawanType} cross join lateral (
          select ${k.nrp} from ${k} where ${k.type_spg_id} = ${karyawanType.id} and ${filter}
          order by ${k.nrp} limit ${perGroup}) p`
      : sql`select ${salesOffice.nama} as name, p.nrp from ${salesOffice} cross join lateral (
          select ${k.nrp} from ${k} where ${k.sales_office_id} = ${salesOffice.id} and ${filter}
          order by ${k.nrp} limit ${perGroup}) p
        union all (
          select null, ${k.nrp} from ${k} where ${k.sales_office_id} is null and ${filter}
          order by ${k.nrp} limit ${perGroup})`;
  const dir = direction === 'desc' ? sql`desc` : sql`asc`;
  const result = (await db.execute(
    sql`select g.nrp from (${groups}) g order by g.name ${dir}, g.nrp limit ${limit} offset ${offset}`,
  )) as unknown as { rows: { nrp: string }[] };
  return result.rows.map((r) => r.nrp);
}

/** The stored employee row, locked for the write when `forUpdate`; 404 when absent, 403 out of scope. */
export async function loadKaryawan(tx: Q, actor: Actor, nrp: string, forUpdate = false) {
  assertNrpShape(nrp);
  const query = tx.select().from(k).where(eq(k.nrp, nrp)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(KARYAWAN_NOT_FOUND);
  assertInScope(actor, row);
  return row;
}
export type KaryawanRecord = Awaited<ReturnType<typeof loadKaryawan>>;

/** The team leader is another employee row. */
const leader = alias(k, 'team_leader');

const named = (id: string | null, nama: string | null) => (id && nama !== null ? { id, nama } : null);

/**
 * GET /api/karyawan/{id}. Salary (kode_umr, gaji) only with karyawan.gaji.read, the contract history only
 * with karyawan.kontrak.read: what a tab may not show does not leave the server.
 */
export async function getKaryawan(db: Q, actor: Actor, nrp: string): Promise<KaryawanDetail> {
  assertNrpShape(nrp);
  const detail = db
    .select({
      k,
      prsh_nama: perusahaan.nama,
      lokasi_nama: lokasi.nama,
      lokasi_time_zone: lokasi.time_zone,
      type_nama: karyawanType.type,
      jabatan_nama: jabatan.nama,
      departemen_nama: departemen.nama,
      divisi_nama: divisi.nama,
      client_nama: client.nama,
      store_nama: store.cust_name,
      so_nama: salesOffice.nama,
      rl_nama: routeList.nama,
      umr_area: umr.area,
      umr_umr: umr.umr,
      team_leader_nama: leader.nama,
    })
    .from(k)
    .$dynamic();
  const [row] = await withCodeNames(detail)
    .leftJoin(routeList, eq(routeList.id, k.route_list_id))
    .leftJoin(umr, eq(umr.id, k.kode_umr))
    .leftJoin(leader, eq(leader.nrp, k.team_leader_nrp))
    .where(eq(k.nrp, nrp))
    .limit(1);
  if (!row) throw notFound(KARYAWAN_NOT_FOUND);
  const e = row.k;
  assertInScope(actor, e);
  const canGaji = actor.permissions.includes('karyawan.gaji.read');
  const canKontrak = actor.permissions.includes('karyawan.kontrak.read');
  const history = canKontrak
    ? await db
        .select({
          no_kontrak: kontrak.no_kontrak,
          per_kontrak: kontrak.per_kontrak,
          lama_kontrak: kontrak.lama_kontrak,
          mulai_kontrak: kontrak.mulai_kontrak,
          selesai_kontrak: kontrak.selesai_kontrak,
          sts_kontrak: kontrak.sts_kontrak,
        })
        .from(kontrak)
        .where(eq(kontrak.nrp, nrp))
        .orderBy(asc(kontrak.per_kontrak), asc(kontrak.mulai_kontrak))
    : null;
  const p3 = await latestP3(db, nrp);
  const { gapok, tun_makan, tun_bensin, tun_lain, kode_umr, createdAt: _c, updatedAt: _u, cari: _s, ...rest } = e;
  return {
    ...rest,
    perusahaan: row.prsh_nama !== null ? { kode_prsh: e.kode_prsh, nama: row.prsh_nama } : null,
    lokasi: named(e.kode_lokasi, row.lokasi_nama),
    time_zone: asTimeZone(row.lokasi_time_zone),
    type: row.type_nama !== null ? { id: e.type_spg_id, type: row.type_nama } : null,
    jabatan: named(e.jabatan_id, row.jabatan_nama),
    departemen: named(e.departemen_id, row.departemen_nama),
    divisi: named(e.divisi_id, row.divisi_nama),
    client: named(e.client_id, row.client_nama),
    store: e.cust_code && row.store_nama !== null ? { cust_code: e.cust_code, cust_name: row.store_nama } : null,
    sales_office: named(e.sales_office_id, row.so_nama),
    route_list: named(e.route_list_id, row.rl_nama),
    team_leader_nama: row.team_leader_nama,
    mst_alasan_p3: alasanP3Of(e.alasan_p3),
    kode_umr: canGaji ? kode_umr : null,
    umr: canGaji && row.umr_area !== null ? { id: kode_umr, area: row.umr_area, umr: row.umr_umr ?? 0 } : null,
    gaji: canGaji ? { gapok, tun_makan, tun_bensin, tun_lain } : null,
    kontrak: history,
    p3: p3 ? { tgl_jam_trn: p3.tgl_jam_trn.toISOString(), date_posting: p3.date_posting?.toISOString() ?? null } : null,
  };
}
