/**
 * The /export variants of the three attendance reports: the same rows as the pages, every page, as an
 * .xlsx streamed through ExcelJS's WorkbookWriter (server/lib/excel.ts) in keyset batches, so a
 * period of 10,000 employees (~250,000 detail rows) never sits in memory. The period is checked
 * before the first byte, so a missing one still answers the spec's 400 "Mohon pilih Period".
 */
import { and, gte, inArray, isNull, or } from 'drizzle-orm';
import { countDay, sumberText } from '../../../src/domain/absensi/day-count';
import { asTimeZone, TIME_ZONE_LABEL } from '../../../src/domain/time-zone';
import { hoursText, periodDates, type ReportAbsensiFilter } from '../../../src/domain/report/report-absensi';
import type { Db } from '../../db/client';
import { absensi } from '../../db/schema/absensi';
import type { Actor } from '../../lib/context';
import { isoDateToCell, xlsxStream, type XlsxCell, type XlsxColumn } from '../../lib/excel';
import {
  dailyRows,
  detailDay,
  detailQuery,
  type DetailRecord,
  detailWhere,
  employeeWhere,
  summaryRows,
} from './report-absensi.service';
import { employeeBatch, filterWhere, reportPeriod } from './report-base';
import { karyawan } from '../../db/schema/karyawan';

/**
 * Employees whose days one query of the detail export reads (~26 days each: ~500 rows), written 50
 * rows at a time. Rows that wait across the writer's pauses survive young-generation collections and
 * pile up in the old one: 100 employees in one write peaked ~130 MB above idle, 20 employees written
 * 50 rows at a time ~15 MB, and faster (bench/absensi-report.ts, 250,000 rows: 6-7 s).
 */
export const DETAIL_EXPORT_EMPLOYEES = 20;
export const EMPLOYEE_EXPORT_BATCH = 500;
const DETAIL_WRITE_SLICE = 50;

const TEXT = '@';
const DATE = 'yyyy-mm-dd';
const col = (header: string, width: number, numFmt?: string): XlsxColumn => ({ header, width, numFmt });
const yaTidak = (b: boolean) => (b ? 'Ya' : 'Tidak');

export interface ReportFile {
  name: string;
  body: ReadableStream;
}

const onError = (what: string) => (err: unknown) => console.error(`[report ${what}] streaming failed:`, err);

/**
 * One detail row's cells, straight from the query's record (no intermediate answer object per row), in
 * the words the screen shows: the status's name, Ya/Tidak, the source as Aplikasi/Manual/Upload/Pengajuan.
 */
function detailCells(r: DetailRecord): XlsxCell[] {
  const c = countDay(detailDay(r));
  return [
    isoDateToCell(r.tanggal),
    r.nrp,
    r.nama,
    r.lokasi_nama,
    r.client_nama,
    TIME_ZONE_LABEL[asTimeZone(r.time_zone)],
    r.shift_nama,
    r.jam_mulai,
    r.jam_selesai,
    r.jam_masuk,
    r.jam_keluar,
    r.status_nama,
    yaTidak(c.count_late === 1),
    yaTidak(c.count_early === 1),
    hoursText(c.worked_minutes),
    sumberText(r.sumber),
    r.tinjau === 'tolak' ? 'Ditolak peninjau' : r.tinjau === 'terima' ? 'Diterima peninjau' : null,
    yaTidak(r.forgot_checkout && r.jam_keluar === null),
  ];
}

/** Laporan Absensi: one row per attendance day. */
export async function exportDetail(db: Db, actor: Actor, f: ReportAbsensiFilter): Promise<ReportFile> {
  const p = await reportPeriod(db, f.period);
  const where = detailWhere(db, actor, f, p);
  // Every employee with a row in the period: the filter, and not resigned before it began.
  const employees = and(filterWhere(db, actor, f), or(isNull(karyawan.tgl_p3), gte(karyawan.tgl_p3, p.mulai)));
  const body = xlsxStream(
    [
      {
        name: 'Laporan Absensi',
        columns: [
          col('Tanggal', 12, DATE),
          col('NRP', 12, TEXT),
          col('Nama', 28),
          col('Lokasi', 18),
          col('Client', 22),
          col('Zona Waktu', 10),
          col('Shift', 10),
          col('Jam Mulai Shift', 14, TEXT),
          col('Jam Selesai Shift', 15, TEXT),
          col('Jam Masuk', 11, TEXT),
          col('Jam Keluar', 11, TEXT),
          col('Status', 12),
          col('Terlambat', 10),
          col('Pulang Cepat', 12),
          col('Jam Kerja', 10, TEXT),
          col('Sumber', 11),
          col('Tinjauan', 18),
          col('Lupa Check Out', 14),
        ],
        // Employees in keyset batches, then their days by the (nrp, tanggal) index: every batch costs the
        // same however far into the period's employees it is.
        fill: async (add, aborted) => {
          let after: string | null = null;
          for (;;) {
            const emps = await employeeBatch(db, employees, after, EMPLOYEE_EXPORT_BATCH);
            for (let i = 0; i < emps.length && !aborted(); i += DETAIL_EXPORT_EMPLOYEES) {
              const chunk = emps.slice(i, i + DETAIL_EXPORT_EMPLOYEES);
              const rows: DetailRecord[] = await detailQuery(
                db,
                and(
                  where,
                  inArray(
                    absensi.nrp,
                    chunk.map((e) => e.nrp),
                  ),
                )!,
              );
              // Cells made just before they are written, a slice at a time (see DETAIL_EXPORT_EMPLOYEES).
              for (let j = 0; j < rows.length; j += DETAIL_WRITE_SLICE)
                await add(rows.slice(j, j + DETAIL_WRITE_SLICE).map(detailCells));
            }
            if (emps.length < EMPLOYEE_EXPORT_BATCH || aborted()) return;
            after = emps[emps.length - 1]!.nrp;
          }
        },
      },
    ],
    { onError: onError('absensi-detail') },
  );
  return { name: `laporan-absensi-${p.id}.xlsx`, body };
}

/** Rekap Absensi: one row per employee with every count. */
export async function exportSummary(db: Db, actor: Actor, f: ReportAbsensiFilter): Promise<ReportFile> {
  const p = await reportPeriod(db, f.period);
  const where = employeeWhere(db, actor, f, p);
  const body = xlsxStream(
    [
      {
        name: 'Rekap Absensi',
        columns: [
          col('NRP', 12, TEXT),
          col('Nama', 28),
          col('Lokasi', 18),
          col('Client', 22),
          col('Zona Waktu', 10),
          col('Tgl Keluar (P3)', 14, DATE),
          col('Hari Kerja Periode', 12),
          col('Hadir', 8),
          col('Terlambat', 10),
          col('Pulang Cepat', 12),
          col('Sakit', 8),
          col('Cuti', 8),
          col('Izin', 8),
          col('Alpa', 8),
          col('OFF', 8),
          col('Jam Kerja', 10, TEXT),
          col('Gaji Pokok (hari)', 15),
          col('Tunj. Makan (hari)', 16),
          col('Tunj. Bensin (hari)', 16),
          col('Uang Shift (hari)', 15),
        ],
        fill: async (add, aborted) => {
          let after: string | null = null;
          for (;;) {
            const emps = await employeeBatch(db, where, after, EMPLOYEE_EXPORT_BATCH);
            const rows = await summaryRows(db, emps, p);
            if (rows.length)
              await add(
                rows.map((r) => [
                  r.nrp,
                  r.nama,
                  r.lokasi.nama,
                  r.client?.nama ?? null,
                  r.zona,
                  isoDateToCell(r.tgl_p3),
                  r.jum_hk,
                  r.count_attend,
                  r.count_late,
                  r.count_early,
                  r.count_sakit,
                  r.count_cuti,
                  r.count_izin,
                  r.count_alpa,
                  r.count_off,
                  hoursText(r.worked_minutes),
                  r.count_gapok,
                  r.count_tun_makan,
                  r.count_tun_bensin,
                  r.count_uang_shift,
                ]),
              );
            if (emps.length < EMPLOYEE_EXPORT_BATCH || aborted()) return;
            after = emps[emps.length - 1]!.nrp;
          }
        },
      },
    ],
    { onError: onError('absensi-summary') },
  );
  return { name: `rekap-absensi-${p.id}.xlsx`, body };
}

/** Rekap Absensi Harian: one row per employee, one status code per day of the period, and the status counts. */
export async function exportDaily(db: Db, actor: Actor, f: ReportAbsensiFilter): Promise<ReportFile> {
  const p = await reportPeriod(db, f.period);
  const where = employeeWhere(db, actor, f, p);
  const dates = periodDates(p.mulai, p.akhir);
  const body = xlsxStream(
    [
      {
        name: 'Rekap Absensi Harian',
        columns: [
          col('NRP', 12, TEXT),
          col('Nama', 28),
          col('Lokasi', 18),
          col('Zona Waktu', 10),
          ...dates.map((d) => col(d.slice(8, 10), 5)),
          col('Hadir', 8),
          col('Sakit', 8),
          col('Cuti', 8),
          col('Izin', 8),
          col('Alpa', 8),
          col('OFF', 8),
        ],
        fill: async (add, aborted) => {
          let after: string | null = null;
          for (;;) {
            const emps = await employeeBatch(db, where, after, EMPLOYEE_EXPORT_BATCH);
            const rows = await dailyRows(db, emps, p, dates);
            if (rows.length)
              await add(
                rows.map((r) => [
                  r.nrp,
                  r.nama,
                  r.lokasi.nama,
                  r.zona,
                  ...r.days,
                  r.count_attend,
                  r.count_sakit,
                  r.count_cuti,
                  r.count_izin,
                  r.count_alpa,
                  r.count_off,
                ]),
              );
            if (emps.length < EMPLOYEE_EXPORT_BATCH || aborted()) return;
            after = emps[emps.length - 1]!.nrp;
          }
        },
      },
    ],
    { onError: onError('absensi-summary-daily') },
  );
  return { name: `rekap-absensi-harian-${p.id}.xlsx`, body };
}
