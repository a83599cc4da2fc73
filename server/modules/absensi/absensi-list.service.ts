/**
 * The attendance list for HR (GET /api/absensi, /absensi and /absensi/manual): records of the date range
 * with the employee's name, location zone, shift, status, review marks and that day's store visits,
 * limited to the caller's data scope. Times are local to the employee's zone (src/domain/time-zone.ts).
 */
import { lateCheckIn } from '../../../src/domain/absensi/day-count';
import { and, asc, eq, gte, inArray, like, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { ABSENSI_MESSAGES } from '../../../src/domain/absensi/absensi';
import {
  ABSENSI_LIST_COUNT_CAP,
  type AbsensiListQuery,
  type AbsensiListRow,
} from '../../../src/domain/absensi/absensi-list';
import { asTimeZone } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan, kunjunganDetail } from '../../db/schema/kunjungan';
import { absensi } from '../../db/schema/absensi';
import { lokasi, shiftMasa, statusAbsensi } from '../../db/schema/master';
import { shiftOfDay } from '../master/shift-of-day';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { karyawanScope } from '../../middleware/trustee-scope';
import { recordColumns, toRecord } from './absensi.service';
import { reviewMarks } from './tinjau.service';

function listWhere(actor: Actor, q: AbsensiListQuery, start: string, end: string) {
  const onAbsensi = [
    gte(absensi.tanggal, start),
    lte(absensi.tanggal, end),
    q.nrp ? eq(absensi.nrp, q.nrp) : undefined,
    q.manual === undefined
      ? undefined
      : q.manual === 'true' || q.manual === '1'
        ? eq(absensi.sumber, 'M')
        : ne(absensi.sumber, 'M'),
    q.sumber ? eq(absensi.sumber, q.sumber) : undefined,
    // Implied by the filters above, written out so the planner can use the partial indexes.
    q.sumber === 'M' || q.sumber === 'U' || q.sumber === 'L' || q.manual === 'true' || q.manual === '1'
      ? ne(absensi.sumber, 'S')
      : undefined,
    q.status ? eq(absensi.sts_abs_id, q.status) : undefined,
    q.status && q.status !== 'H' ? ne(absensi.sts_abs_id, 'H') : undefined,
  ];
  const onKaryawan = [
    q.lokasi ? eq(karyawan.kode_lokasi, q.lokasi) : undefined,
    q.client ? eq(karyawan.client_id, q.client) : undefined,
    q.sales_office ? eq(karyawan.sales_office_id, q.sales_office) : undefined,
    q.type ? eq(karyawan.type_spg_id, q.type) : undefined,
    q.q ? like(karyawan.cari, sql`lower(${likePattern(q.q)})`) : undefined,
    karyawanScope(actor),
  ].filter((x): x is SQL => x !== undefined);
  return { onAbsensi: and(...onAbsensi) as SQL, onKaryawan: onKaryawan.length ? and(...onKaryawan) : undefined };
}

/** A karyawan-side filter matching at most this many employees is applied as a list of NRPs. */
const NRP_LIST_MAX = 2_000;

type Where = ReturnType<typeof listWhere>;

/**
 * The karyawan-side conditions (filters, search, scope) as an absensi condition. Few matching employees:
 * their NRPs, so each is read through (nrp, tanggal); many: the join, read in the list's order, where
 * matches come quickly. Null: nobody matches.
 */
async function narrowed(db: Db, where: Where): Promise<{ onAbsensi: SQL; join: SQL | undefined } | null> {
  if (!where.onKaryawan) return { onAbsensi: where.onAbsensi, join: undefined };
  const found = await db
    .select({ nrp: karyawan.nrp })
    .from(karyawan)
    .where(where.onKaryawan)
    .limit(NRP_LIST_MAX + 1);
  if (found.length === 0) return null;
  if (found.length > NRP_LIST_MAX) return { onAbsensi: where.onAbsensi, join: where.onKaryawan };
  return {
    onAbsensi: and(
      where.onAbsensi,
      inArray(
        absensi.nrp,
        found.map((f) => f.nrp),
      ),
    ) as SQL,
    join: undefined,
  };
}

function keysQuery(db: Db, n: { onAbsensi: SQL; join: SQL | undefined }) {
  const base = db.select({ nrp: absensi.nrp, tanggal: absensi.tanggal }).from(absensi);
  return n.join
    ? base.innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp)).where(and(n.onAbsensi, n.join))
    : base.where(n.onAbsensi);
}

/** Counts up to the cap only: the exact size of a 2.5-million-row month costs more than its page. */
async function cappedCount(db: Db, n: { onAbsensi: SQL; join: SQL | undefined }) {
  const limited = keysQuery(db, n)
    .limit(ABSENSI_LIST_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const total = row?.n ?? 0;
  return { totalCount: Math.min(total, ABSENSI_LIST_COUNT_CAP), totalCapped: total > ABSENSI_LIST_COUNT_CAP };
}

/**
 * `today` is the newest calendar day anywhere in Indonesia (WIT's, the zone furthest ahead): a date
 * filter may not go beyond it, so a Jakarta HR user at 23:30 WIB already sees a Jayapura check-in of
 * 01:30 WIT. A past day (before it) with a check-in and no check-out is marked missing_checkout.
 */
export async function listAbsensi(db: Db, actor: Actor, q: AbsensiListQuery, today: string) {
  const start = q.startDate ?? today;
  const end = q.endDate ?? start;
  if (end > today || start > today) throw badRequest(ABSENSI_MESSAGES.futureDate);
  const n = await narrowed(db, listWhere(actor, q, start, end));
  if (!n) return { result: [], totalCount: 0, totalCapped: false };
  const { limit, offset } = pageWindow(q);
  // The page's keys first (from the index alone, however deep the page), then those rows in full.
  const [counted, keys] = await Promise.all([
    cappedCount(db, n),
    keysQuery(db, n)
      .orderBy(sql`${absensi.tanggal} desc nulls last`, asc(absensi.nrp))
      .limit(limit)
      .offset(offset),
  ]);
  // The page's rows in full and their days' store visits, side by side.
  const nrps = [...new Set(keys.map((k) => k.nrp))];
  const days = [...new Set(keys.map((k) => k.tanggal))];
  const [full, visits] = keys.length
    ? await Promise.all([
        db
          .select({
            ...recordColumns,
            sumber: absensi.sumber,
            updated_by: absensi.updated_by,
            updated_at: absensi.updated_at,
            alasan: absensi.alasan,
            nama: karyawan.nama,
            lokasi_id: lokasi.id,
            lokasi_nama: lokasi.nama,
            time_zone: lokasi.time_zone,
            status_nama: statusAbsensi.nama,
            shift_nama: shiftMasa.nama,
            shift_mulai: shiftMasa.jam_mulai,
            shift_selesai: shiftMasa.jam_selesai,
            shift_toleransi: shiftMasa.toleransi_terlambat,
          })
          .from(absensi)
          .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
          .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
          .innerJoin(statusAbsensi, eq(statusAbsensi.id, absensi.sts_abs_id))
          .leftJoin(shiftMasa, shiftOfDay(absensi.shift_id, absensi.tanggal))
          .where(or(...keys.map((k) => and(eq(absensi.nrp, k.nrp), eq(absensi.tanggal, k.tanggal))))),
        db
          .select({
            id: kunjunganDetail.id,
            nrp: kunjungan.nrp,
            tgl_dcp: kunjunganDetail.tgl_dcp,
            cust_code: kunjunganDetail.cust_code,
            cust_name: store.cust_name,
            in_jam: kunjunganDetail.in_jam,
            in_desc: kunjunganDetail.in_desc,
            out_jam: kunjunganDetail.out_jam,
            out_desc: kunjunganDetail.out_desc,
          })
          .from(kunjunganDetail)
          .innerJoin(kunjungan, eq(kunjungan.no_dcp, kunjunganDetail.no_dcp))
          .innerJoin(store, eq(store.cust_code, kunjunganDetail.cust_code))
          .where(and(inArray(kunjungan.nrp, nrps), inArray(kunjunganDetail.tgl_dcp, days)))
          .orderBy(asc(kunjunganDetail.id)),
      ])
    : [[], []];
  const byKey = new Map(full.map((r) => [`${r.nrp}|${r.tanggal}`, r]));
  const rows = keys.flatMap((k) => byKey.get(`${k.nrp}|${k.tanggal}`) ?? []);
  // What reviewers decided on the page's days and visits (decision 035): a rejected day says so, a
  // rejected visit counts as not visited.
  const [dayReviews, visitReviews] = await Promise.all([
    reviewMarks(
      db,
      'hari',
      rows.map((r) => r.id),
    ),
    reviewMarks(
      db,
      'kunjungan',
      visits.map((d) => d.id),
    ),
  ]);

  const result: AbsensiListRow[] = rows.map((r) => {
    const zone = asTimeZone(r.time_zone);
    return {
      ...toRecord(r),
      tinjau: dayReviews.get(r.id) ?? null,
      karyawan: { nama: r.nama },
      statusAbsensi: { id: r.sts_abs_id as string, nama: r.status_nama },
      sumber: r.sumber,
      lokasi: { id: r.lokasi_id, nama: r.lokasi_nama },
      time_zone: zone,
      shift:
        r.shift_id && r.shift_nama && r.shift_mulai && r.shift_selesai
          ? { id: r.shift_id, nama: r.shift_nama, jam_mulai: r.shift_mulai, jam_selesai: r.shift_selesai }
          : null,
      // Late as every report counts it: after the shift start plus its tolerance (src/domain/absensi/day-count.ts).
      late: !!(
        r.sts_abs_id === 'H' &&
        r.jam_masuk &&
        r.shift_mulai &&
        lateCheckIn(r.jam_masuk, {
          jam_mulai: r.shift_mulai,
          jam_selesai: r.shift_selesai ?? r.shift_mulai,
          ada_uang_shift: 'T',
          toleransi_terlambat: r.shift_toleransi ?? 0,
          toleransi_pulang_cepat: 0,
        })
      ),
      missing_checkout: !!(r.jam_masuk && !r.jam_keluar && r.tanggal && r.tanggal < today),
      updated_by: r.updated_by,
      updated_at: r.updated_at ? r.updated_at.toISOString() : null,
      alasan: r.alasan,
      details: visits
        .filter((d) => d.nrp === r.nrp && d.tgl_dcp === r.tanggal)
        .map((d) => ({
          customer: { cust_code: d.cust_code, cust_name: d.cust_name },
          in_jam: d.in_jam,
          in_desc: d.in_desc,
          out_jam: d.out_jam,
          out_desc: d.out_desc,
          ditolak: visitReviews.get(d.id)?.keputusan === 'tolak',
        })),
    };
  });
  return { result, ...counted };
}
