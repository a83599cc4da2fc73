/**
 * The three attendance report pages (GET /api/report/absensi-detail, -summary, -summary-daily): the
 * report filter within the trustee scope, one page at a time. Every flag, hour and count is
 * src/domain/absensi/day-count.ts's (countDay per day, countDays per employee).
 */
import { and, asc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { countDay, countDays } from '../../../src/domain/absensi/day-count';
import {
  periodDates,
  REPORT_DETAIL_COUNT_CAP,
  REPORT_MESSAGES,
  type ReportAbsensiFilter,
  type ReportAbsensiQuery,
  type ReportDailyRow,
  type ReportDetailRow,
  type ReportSummaryRow,
} from '../../../src/domain/report/report-absensi';
import { asTimeZone, TIME_ZONE_LABEL } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { absensi } from '../../db/schema/absensi';
import { client, lokasi, shiftMasa, statusAbsensi } from '../../db/schema/master';
import { shiftOfDay } from '../master/shift-of-day';
import type { Actor } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { pageWindow } from '../../lib/pagination';
import {
  countEmployees,
  countShift,
  daysOf,
  employedIn,
  employeePage,
  filterWhere,
  reportPeriod,
  shiftCountColumns,
  type PeriodRow,
  type ReportEmployee,
} from './report-base';

// ---------------------------------------------------------------- Laporan Absensi (detail)

/** The period's attendance rows of the filtered employees, each employee cut at her last working day. */
export function detailWhere(db: Db, actor: Actor, f: Partial<ReportAbsensiFilter>, p: PeriodRow): SQL {
  return and(
    filterWhere(db, actor, f),
    gte(absensi.tanggal, p.mulai),
    lte(absensi.tanggal, p.akhir),
    or(isNull(karyawan.tgl_p3), lte(absensi.tanggal, karyawan.tgl_p3)),
  )!;
}

export const detailColumns = {
  nrp: absensi.nrp,
  nama: karyawan.nama,
  lokasi_id: lokasi.id,
  lokasi_nama: lokasi.nama,
  time_zone: lokasi.time_zone,
  client_id: client.id,
  client_nama: client.nama,
  tanggal: absensi.tanggal,
  shift_id: shiftMasa.id,
  shift_nama: shiftMasa.nama,
  ...shiftCountColumns,
  jam_masuk: absensi.jam_masuk,
  jam_keluar: absensi.jam_keluar,
  status_id: absensi.sts_abs_id,
  status_nama: statusAbsensi.nama,
  sumber: absensi.sumber,
  flags: absensi.flags,
  forgot_checkout: absensi.forgot_checkout,
  /** A reviewer's decision on her flagged day (Perlu Ditinjau, decision 035): terima, tolak or null. */
  tinjau: sql<
    string | null
  >`(select t.keputusan from absensi_tinjau t where t.jenis = 'hari' and t.record_id = ${absensi.id})`,
};

/** The detail rows' query, ordered by employee then day (the (nrp, tanggal) index gives that order). */
export function detailQuery(db: Db, where: SQL) {
  return db
    .select(detailColumns)
    .from(absensi)
    .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
    .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .leftJoin(client, eq(client.id, karyawan.client_id))
    .leftJoin(shiftMasa, shiftOfDay(absensi.shift_id, absensi.tanggal))
    .innerJoin(statusAbsensi, eq(statusAbsensi.id, absensi.sts_abs_id))
    .where(where)
    .orderBy(asc(absensi.nrp), asc(absensi.tanggal));
}

export type DetailRecord = Awaited<ReturnType<typeof detailQuery>>[number];

/** A detail record as day-count.ts reads it. */
export function detailDay(r: DetailRecord) {
  return { sts_abs_id: r.status_id, jam_masuk: r.jam_masuk, jam_keluar: r.jam_keluar, shift: countShift(r) };
}

export function toDetailRow(r: DetailRecord): ReportDetailRow {
  const zone = asTimeZone(r.time_zone);
  const shift = countShift(r);
  const counted = countDay(detailDay(r));
  return {
    nrp: r.nrp,
    nama: r.nama,
    lokasi: { id: r.lokasi_id, nama: r.lokasi_nama },
    client: r.client_id ? { id: r.client_id, nama: r.client_nama ?? '' } : null,
    zona: TIME_ZONE_LABEL[zone],
    tanggal: r.tanggal,
    shift: r.shift_id && shift ? { id: r.shift_id, nama: r.shift_nama ?? r.shift_id, ...shift } : null,
    jam_masuk: r.jam_masuk,
    jam_keluar: r.jam_keluar,
    status: { id: r.status_id, nama: r.status_nama },
    terlambat: counted.count_late === 1,
    pulang_cepat: counted.count_early === 1,
    jam_kerja_menit: counted.worked_minutes,
    sumber: r.sumber,
    flags: r.flags,
    tinjau: r.tinjau === 'terima' || r.tinjau === 'tolak' ? r.tinjau : null,
    lupa_check_out: r.forgot_checkout && r.jam_keluar === null,
  };
}

/**
 * How many detail rows, counted up to REPORT_DETAIL_COUNT_CAP + 1 only (the query stops there): exact
 * below the cap, `totalCapped` above it.
 */
async function countDetail(db: Db, where: SQL) {
  const limited = db
    .select({ one: sql`1` })
    .from(absensi)
    .innerJoin(karyawan, eq(karyawan.nrp, absensi.nrp))
    .where(where)
    .limit(REPORT_DETAIL_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = row?.n ?? 0;
  return { totalCount: Math.min(n, REPORT_DETAIL_COUNT_CAP), totalCapped: n > REPORT_DETAIL_COUNT_CAP };
}

export async function reportDetail(db: Db, actor: Actor, q: ReportAbsensiQuery) {
  const p = await reportPeriod(db, q.period);
  const where = detailWhere(db, actor, q, p);
  const { limit, offset } = pageWindow(q);
  // Pages stop at the cap (a far OFFSET into 2.5 million rows costs seconds): Download has every row.
  if (offset >= REPORT_DETAIL_COUNT_CAP)
    throw badRequest(REPORT_MESSAGES.beyondCap, [{ path: 'page', message: REPORT_MESSAGES.beyondCap }]);
  const [rows, counted] = await Promise.all([
    detailQuery(db, where).limit(limit).offset(offset),
    countDetail(db, where),
  ]);
  return { result: rows.map(toDetailRow), ...counted };
}

// ---------------------------------------------------------------- Rekap Absensi (summary)

export function employeeWhere(db: Db, actor: Actor, f: Partial<ReportAbsensiFilter>, p: PeriodRow) {
  return and(filterWhere(db, actor, f), employedIn(p));
}

export async function summaryRows(db: Db, emps: ReportEmployee[], p: PeriodRow): Promise<ReportSummaryRow[]> {
  const days = await daysOf(db, emps, p);
  return emps.map((e) => ({
    nrp: e.nrp,
    nama: e.nama,
    lokasi: e.lokasi,
    client: e.client,
    zona: e.zona,
    jum_hk: p.jum_hk,
    tgl_p3: e.tgl_p3 && e.tgl_p3 <= p.akhir ? e.tgl_p3 : null,
    ...countDays(days.get(e.nrp) ?? [], p.jum_hk),
  }));
}

export async function reportSummary(db: Db, actor: Actor, q: ReportAbsensiQuery) {
  const p = await reportPeriod(db, q.period);
  const where = employeeWhere(db, actor, q, p);
  const [emps, total] = await Promise.all([employeePage(db, where, pageWindow(q)), countEmployees(db, where)]);
  return { result: await summaryRows(db, emps, p), totalCount: total };
}

// ---------------------------------------------------------------- Rekap Absensi Harian (daily)

export async function dailyRows(
  db: Db,
  emps: ReportEmployee[],
  p: PeriodRow,
  dates: string[],
): Promise<ReportDailyRow[]> {
  const days = await daysOf(db, emps, p);
  return emps.map((e) => {
    const mine = days.get(e.nrp) ?? [];
    const byDate = new Map(mine.map((d) => [d.tanggal, d.sts_abs_id]));
    const c = countDays(mine, p.jum_hk);
    return {
      nrp: e.nrp,
      nama: e.nama,
      lokasi: e.lokasi,
      client: e.client,
      zona: e.zona,
      tgl_p3: e.tgl_p3 && e.tgl_p3 <= p.akhir ? e.tgl_p3 : null,
      days: dates.map((d) => byDate.get(d) ?? null),
      count_attend: c.count_attend,
      count_sakit: c.count_sakit,
      count_cuti: c.count_cuti,
      count_izin: c.count_izin,
      count_alpa: c.count_alpa,
      count_off: c.count_off,
    };
  });
}

export async function reportDaily(db: Db, actor: Actor, q: ReportAbsensiQuery) {
  const p = await reportPeriod(db, q.period);
  const where = employeeWhere(db, actor, q, p);
  const dates = periodDates(p.mulai, p.akhir);
  const [emps, total] = await Promise.all([employeePage(db, where, pageWindow(q)), countEmployees(db, where)]);
  return { result: await dailyRows(db, emps, p, dates), totalCount: total, dates };
}
