/**
 * What the attendance reports and the posting share: the period (mandatory, "Mohon pilih Period"), the
 * employees of the report filter within the user's trustee scope who worked in the period (a
 * resignation cuts her at tgl_p3, her last working day), and one employee page's days as they finally
 * stand, counted by the one rule of src/domain/absensi/day-count.ts (an approved leave has written its days'
 * status, so leave is counted from the days like everything else).
 */
import { and, asc, count, eq, gte, inArray, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { lastCountedDay, type CountDay, type CountShift } from '../../../src/domain/absensi/day-count';
import { REPORT_MESSAGES, type ReportAbsensiFilter } from '../../../src/domain/report/report-absensi';
import { asTimeZone, TIME_ZONE_LABEL, type TimeZone } from '../../../src/domain/time-zone';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { absensi } from '../../db/schema/absensi';
import { client, lokasi, period, shiftMasa } from '../../db/schema/master';
import { shiftOfDay } from '../master/shift-of-day';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { likePattern } from '../../lib/pagination';
import { karyawanScope } from '../../middleware/trustee-scope';

export type PeriodRow = typeof period.$inferSelect;

/** The report's period: missing is the spec's 400 "Mohon pilih Period"; unknown is a 404. */
export async function reportPeriod(db: Db, id: string | undefined): Promise<PeriodRow> {
  if (!id)
    throw badRequest(REPORT_MESSAGES.periodRequired, [{ path: 'period', message: REPORT_MESSAGES.periodRequired }]);
  const [p] = await db.select().from(period).where(eq(period.id, id)).limit(1);
  if (!p) throw notFound(REPORT_MESSAGES.periodNotFound);
  return p;
}

/** The report filter's employee conditions and the trustee scope (no period condition). */
export function filterWhere(db: Db, actor: Actor, f: Partial<ReportAbsensiFilter>): SQL | undefined {
  const k = karyawan;
  return and(
    karyawanScope(actor),
    f.client ? eq(k.client_id, f.client) : undefined,
    f.divisi ? eq(k.divisi_id, f.divisi) : undefined,
    f.jabatan ? eq(k.jabatan_id, f.jabatan) : undefined,
    f.lokasi ? eq(k.kode_lokasi, f.lokasi) : undefined,
    f.spg_type ? eq(k.type_spg_id, f.spg_type) : undefined,
    f.key_account
      ? inArray(
          k.cust_code,
          db.select({ c: store.cust_code }).from(store).where(eq(store.cust_key_account, f.key_account)),
        )
      : undefined,
    // `cari` is lower(nrp ⏎ nama), trigram-indexed (docs/decisions/008): one LIKE finds NRP or name.
    f.karyawan ? like(k.cari, sql`lower(${likePattern(f.karyawan)})`) : undefined,
  );
}

/** Employed during the period: started by its end and did not leave before its start. */
export function employedIn(p: Pick<PeriodRow, 'mulai' | 'akhir'>): SQL {
  return and(
    or(isNull(karyawan.tgl_awkerja), lte(karyawan.tgl_awkerja, p.akhir)),
    or(isNull(karyawan.tgl_p3), gte(karyawan.tgl_p3, p.mulai)),
  )!;
}

export interface ReportEmployee {
  nrp: string;
  nama: string;
  lokasi: { id: string; nama: string };
  client: { id: string; nama: string } | null;
  zone: TimeZone;
  zona: string;
  tgl_p3: string | null;
}

const employeeColumns = {
  nrp: karyawan.nrp,
  nama: karyawan.nama,
  lokasi_id: lokasi.id,
  lokasi_nama: lokasi.nama,
  time_zone: lokasi.time_zone,
  client_id: client.id,
  client_nama: client.nama,
  tgl_p3: karyawan.tgl_p3,
};

type EmployeeRecord = {
  nrp: string;
  nama: string;
  lokasi_id: string;
  lokasi_nama: string;
  time_zone: string;
  client_id: string | null;
  client_nama: string | null;
  tgl_p3: string | null;
};

function toEmployee(r: EmployeeRecord): ReportEmployee {
  const zone = asTimeZone(r.time_zone);
  return {
    nrp: r.nrp,
    nama: r.nama,
    lokasi: { id: r.lokasi_id, nama: r.lokasi_nama },
    client: r.client_id ? { id: r.client_id, nama: r.client_nama ?? '' } : null,
    zone,
    zona: TIME_ZONE_LABEL[zone],
    tgl_p3: r.tgl_p3,
  };
}

/** One page of the period's employees in NRP order, with how many there are. */
export async function employeePage(
  db: Db,
  where: SQL | undefined,
  window: { limit: number; offset: number },
): Promise<ReportEmployee[]> {
  const rows = await db
    .select(employeeColumns)
    .from(karyawan)
    .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .leftJoin(client, eq(client.id, karyawan.client_id))
    .where(where)
    .orderBy(asc(karyawan.nrp))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(toEmployee);
}

/** The next employees after `afterNrp` (keyset batches of an export or the posting). */
export async function employeeBatch(
  db: Db,
  where: SQL | undefined,
  afterNrp: string | null,
  limit: number,
): Promise<ReportEmployee[]> {
  return employeePage(db, and(where, afterNrp === null ? undefined : sql`${karyawan.nrp} > ${afterNrp}`), {
    limit,
    offset: 0,
  });
}

export async function countEmployees(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(karyawan).where(where);
  return row?.n ?? 0;
}

export interface EmployeeDay extends CountDay {
  tanggal: string;
}

/** The shift columns every count reads: the day's own times (left-join shift_masa with shiftOfDay). */
export const shiftCountColumns = {
  jam_mulai: shiftMasa.jam_mulai,
  jam_selesai: shiftMasa.jam_selesai,
  ada_uang_shift: shiftMasa.ada_uang_shift,
  toleransi_terlambat: shiftMasa.toleransi_terlambat,
  toleransi_pulang_cepat: shiftMasa.toleransi_pulang_cepat,
};

/** The shift of a day's row as day-count.ts reads it (null when the day has none). */
export function countShift(r: {
  jam_mulai: string | null;
  jam_selesai: string | null;
  ada_uang_shift: string | null;
  toleransi_terlambat: number | null;
  toleransi_pulang_cepat: number | null;
}): CountShift | null {
  return r.jam_mulai && r.jam_selesai
    ? {
        jam_mulai: r.jam_mulai,
        jam_selesai: r.jam_selesai,
        ada_uang_shift: r.ada_uang_shift ?? 'T',
        toleransi_terlambat: r.toleransi_terlambat ?? 0,
        toleransi_pulang_cepat: r.toleransi_pulang_cepat ?? 0,
      }
    : null;
}

/** The attendance days of these employees in the period, each cut at her last working day, by NRP. */
export async function daysOf(
  db: Db,
  emps: readonly ReportEmployee[],
  p: PeriodRow,
): Promise<Map<string, EmployeeDay[]>> {
  const out = new Map<string, EmployeeDay[]>(emps.map((e) => [e.nrp, []]));
  if (!emps.length) return out;
  const rows = await db
    .select({
      nrp: absensi.nrp,
      tanggal: absensi.tanggal,
      sts_abs_id: absensi.sts_abs_id,
      jam_masuk: absensi.jam_masuk,
      jam_keluar: absensi.jam_keluar,
      ...shiftCountColumns,
    })
    .from(absensi)
    .leftJoin(shiftMasa, shiftOfDay(absensi.shift_id, absensi.tanggal))
    .where(
      and(
        inArray(
          absensi.nrp,
          emps.map((e) => e.nrp),
        ),
        gte(absensi.tanggal, p.mulai),
        lte(absensi.tanggal, p.akhir),
      ),
    )
    .orderBy(asc(absensi.nrp), asc(absensi.tanggal));
  const last = new Map(emps.map((e) => [e.nrp, lastCountedDay(p.akhir, e.tgl_p3, p.mulai)]));
  for (const r of rows) {
    const until = last.get(r.nrp);
    if (!until || r.tanggal > until) continue;
    out.get(r.nrp)?.push({
      tanggal: r.tanggal,
      sts_abs_id: r.sts_abs_id,
      jam_masuk: r.jam_masuk,
      jam_keluar: r.jam_keluar,
      shift: countShift(r),
    });
  }
  return out;
}
