/**
 * The files and history around the attendance upload (spec part 2 §2.7): the template of the filter
 * panel (the matching employees with one row per day of the period, or one per employee, prefilled with
 * the stored values so it can be edited and uploaded again), the history "Log Upload Absensi" with the
 * NRPs that do not exist, and the refused rows of the caller's latest upload (temporary/upload).
 */
import dayjs from 'dayjs';
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ABSENSI_UPLOAD_COLUMNS,
  ABSENSI_UPLOAD_MESSAGES as U,
  type AbsensiTemplateQuery,
  type AbsensiUploadLogRow,
} from '../../../src/domain/absensi/absensi-admin';
import type { ListAnswer } from '../../../src/domain/list-query';
import { failureRow } from '../../../src/domain/upload';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { kunjungan } from '../../db/schema/kunjungan';
import { absensi } from '../../db/schema/absensi';
import { period } from '../../db/schema/master';
import { store } from '../../db/schema/store';
import { uploadLog } from '../../db/schema/upload';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { xlsxStream, type XlsxCell, type XlsxColumn, type XlsxSheet } from '../../lib/excel';
import { listUploads, refusedSheet } from '../../lib/upload-log';
import { karyawanScope } from '../../middleware/trustee-scope';
import { ABSENSI_UPLOAD_JENIS, type AbsensiFailure } from './absensi-upload.service';

const BATCH = 500;

const COLUMN: Record<(typeof ABSENSI_UPLOAD_COLUMNS)[number], XlsxColumn> = {
  nrp: { header: 'nrp', width: 14, numFmt: '@' },
  nama: { header: 'nama', width: 28, numFmt: '@' },
  tanggal: { header: 'tanggal', width: 12, numFmt: '@' },
  shift_id: { header: 'shift_id', width: 10, numFmt: '@' },
  sts_abs_id: { header: 'sts_abs_id', width: 11, numFmt: '@' },
  jam_masuk: { header: 'jam_masuk', width: 11, numFmt: '@' },
  jam_keluar: { header: 'jam_keluar', width: 11, numFmt: '@' },
  alasan: { header: 'alasan', width: 30, numFmt: '@' },
};
const columns = ABSENSI_UPLOAD_COLUMNS.map((c) => COLUMN[c]);

function guideSheet(): XlsxSheet {
  const lines: [string, string][] = [
    ['nrp', 'NRP karyawan (wajib)'],
    ['nama', 'Nama karyawan (hanya informasi, tidak dibaca)'],
    ['tanggal', 'Tanggal absensi YYYY-MM-DD (wajib)'],
    ['shift_id', 'Kode shift (wajib)'],
    ['sts_abs_id', 'Status absensi: H Hadir, S Sakit, I Izin, C Cuti, A Alpa, OFF Libur, DL Dinas Luar (wajib)'],
    ['jam_masuk', 'Jam masuk HH:mm atau HH:mm:ss, waktu lokal lokasi karyawan (WIB/WITA/WIT) (wajib)'],
    ['jam_keluar', 'Jam keluar, lebih besar dari jam masuk (wajib)'],
    ['alasan', 'Alasan perubahan (boleh kosong: nama file dicatat sebagai alasan)'],
    ['', 'Baris yang status, jam dan alasannya kosong dilewati.'],
  ];
  return {
    name: 'Petunjuk',
    columns: [
      { header: 'Kolom', width: 14 },
      { header: 'Keterangan', width: 90 },
    ],
    fill: async (add) => add(lines),
  };
}

const FILTER_COLUMN = {
  client: karyawan.client_id,
  lokasi: karyawan.kode_lokasi,
  type: karyawan.type_spg_id,
  divisi: karyawan.divisi_id,
  jabatan: karyawan.jabatan_id,
  salesOffice: karyawan.sales_office_id,
} as const;

function daysOf(mulai: string, akhir: string): string[] {
  const days: string[] = [];
  for (let d = dayjs(mulai); !d.isAfter(dayjs(akhir)); d = d.add(1, 'day')) days.push(d.format('YYYY-MM-DD'));
  return days;
}

/** GET /api/absensi/template/download: 404 for an unknown period; the file streams in batches of 500 employees. */
export async function templateXlsx(db: Db, actor: Actor, q: AbsensiTemplateQuery) {
  const [p] = await db.select().from(period).where(eq(period.id, q.period)).limit(1);
  if (!p) throw notFound('Period tidak ditemukan');
  const filters: SQL[] = (Object.keys(FILTER_COLUMN) as (keyof typeof FILTER_COLUMN)[]).flatMap((key) =>
    q[key].length ? [inArray(FILTER_COLUMN[key], q[key])] : [],
  );
  if (q.keyAccount.length) {
    filters.push(
      inArray(
        karyawan.cust_code,
        db.select({ c: store.cust_code }).from(store).where(inArray(store.cust_key_account, q.keyAccount)),
      ),
    );
  }
  const base = and(isNull(karyawan.alasan_p3), karyawanScope(actor), ...filters);
  const days = q.rows === 'day' ? daysOf(p.mulai, p.akhir) : [];
  const fill: XlsxSheet['fill'] = async (add, aborted) => {
    let after: string | null = null;
    for (;;) {
      const batch = await db
        .select({ nrp: karyawan.nrp, nama: karyawan.nama })
        .from(karyawan)
        .where(and(base, after === null ? undefined : gt(karyawan.nrp, after)))
        .orderBy(asc(karyawan.nrp))
        .limit(BATCH);
      if (batch.length === 0) return;
      const nrps = batch.map((b) => b.nrp);
      const [stored, plans] = await Promise.all([
        db
          .select({
            nrp: absensi.nrp,
            tanggal: absensi.tanggal,
            shift_id: absensi.shift_id,
            sts_abs_id: absensi.sts_abs_id,
            jam_masuk: absensi.jam_masuk,
            jam_keluar: absensi.jam_keluar,
          })
          .from(absensi)
          .where(and(inArray(absensi.nrp, nrps), sql`${absensi.tanggal} between ${p.mulai} and ${p.akhir}`)),
        db
          .select({ nrp: kunjungan.nrp, shift_id: kunjungan.shift_id })
          .from(kunjungan)
          .where(and(inArray(kunjungan.nrp, nrps), eq(kunjungan.period_id, p.id))),
      ]);
      const day = new Map(stored.map((s) => [`${s.nrp}|${s.tanggal}`, s]));
      const planShift = new Map(plans.map((s) => [s.nrp, s.shift_id]));
      const rows: XlsxCell[][] = [];
      for (const k of batch) {
        if (q.rows === 'employee') {
          rows.push([k.nrp, k.nama, null, planShift.get(k.nrp) ?? null, null, null, null, null]);
          continue;
        }
        for (const tanggal of days) {
          const s = day.get(`${k.nrp}|${tanggal}`);
          rows.push([
            k.nrp,
            k.nama,
            tanggal,
            // A stored day as stored (its shift may be blank), so the file comes back unchanged; the
            // plan's shift prefills only the days without a record.
            s ? s.shift_id : (planShift.get(k.nrp) ?? null),
            s?.sts_abs_id ?? null,
            s?.jam_masuk ?? null,
            s?.jam_keluar ?? null,
            null,
          ]);
        }
      }
      await add(rows);
      if (batch.length < BATCH || aborted()) return;
      after = batch.at(-1)!.nrp;
    }
  };
  return {
    name: `template-absensi-${p.id}.xlsx`,
    body: xlsxStream([{ name: 'Absensi', columns, fill }, guideSheet()], {
      onError: (err) => console.error('[absensi/template/download] streaming failed:', err),
    }),
  };
}

/** GET /api/absensi/log/upload: the shared history of jenis 'absensi' plus missing_nrp per upload. */
export async function absensiUploadLog(
  db: Db,
  actor: Actor,
  q: { page: number; per_page: number },
): Promise<ListAnswer<AbsensiUploadLogRow>> {
  const answer = await listUploads(db, ABSENSI_UPLOAD_JENIS, actor, q);
  const ids = answer.result.map((r) => r.id);
  // Only the NRPs of the refusals for an unknown NRP leave the database, not every refused row's cells.
  const missing = sql`jsonb_path_query_array(${uploadLog.nrp_gagal}, '$[*] ? (@.alasan == $m).nrp',
    jsonb_build_object('m', ${U.nrpNotFound}::text))`;
  const all = ids.length
    ? await db.select({ id: uploadLog.id, nrps: missing }).from(uploadLog).where(inArray(uploadLog.id, ids))
    : [];
  const byId = new Map(all.map((r) => [r.id, (typeof r.nrps === 'string' ? JSON.parse(r.nrps) : r.nrps) as string[]]));
  return {
    totalCount: answer.totalCount,
    result: answer.result.map((r) => ({
      ...r,
      nrp_gagal: r.nrp_gagal.map(failureRow),
      missing_nrp: [...new Set(byId.get(r.id) ?? [])],
    })),
  };
}

/** The refused rows of the caller's own latest attendance upload, with the cells as the file had them. */
export async function temporaryUpload(db: Db, actor: Actor) {
  const [log] = await db
    .select()
    .from(uploadLog)
    .where(and(eq(uploadLog.jenis, ABSENSI_UPLOAD_JENIS), eq(uploadLog.upload_by, actor.userid)))
    .orderBy(desc(uploadLog.tanggal), desc(uploadLog.id))
    .limit(1);
  if (!log) return null;
  const failures = log.nrp_gagal as AbsensiFailure[];
  return {
    log_id: log.id,
    file_name: log.file_name,
    tanggal: log.tanggal.toISOString(),
    rows: failures.map((f) => ({
      baris: f.baris,
      alasan_gagal: f.alasan,
      values: Object.fromEntries(ABSENSI_UPLOAD_COLUMNS.map((c) => [c, f.values?.[c] ?? (c === 'nrp' ? f.nrp : null)])),
    })),
  };
}

/** The same refused rows as a sheet in the template's columns (+ alasan_gagal, ignored on upload). */
export function temporaryXlsx(t: NonNullable<Awaited<ReturnType<typeof temporaryUpload>>>) {
  const failures = t.rows.map((r) => ({
    baris: r.baris,
    nrp: r.values.nrp ?? '',
    alasan: r.alasan_gagal,
    values: r.values,
  }));
  return refusedSheet(t.file_name, failures, ABSENSI_UPLOAD_COLUMNS);
}
