/**
 * The employee area's .xlsx downloads, streamed (server/lib/excel.ts): rows are read in NRP order in
 * batches (keyset: `nrp > last`, the primary key's order) and written as the client reads them, so
 * 100,000 employees never sit in memory at once. Everything is limited to the trustee scope in SQL.
 *
 * - GET /api/karyawan/export/excel?resigned=0|1[&q=]: the list (active or resigned) as a report; its
 *   headers are ones the upload reads (KARYAWAN_EXPORT_HEADERS), so it uploads back unchanged.
 * - GET /api/karyawan/report/download?{filters}|template=1: the upload sheet, empty (the template) or
 *   holding the filtered active employees, ready to be edited and uploaded again.
 */
import { and, asc, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { alasanP3Of } from '../../../src/domain/karyawan/karyawan';
import {
  KARYAWAN_UPLOAD_COLUMNS,
  REPORT_FILTER_KEYS,
  type KaryawanExportHeader,
  SALARY_COLUMNS,
  type KaryawanReportFilter,
  type UploadColumn,
} from '../../../src/domain/karyawan/karyawan-upload';
import type { Db } from '../../db/client';
import { karyawan as k } from '../../db/schema/karyawan';
import {
  client,
  departemen,
  divisi,
  jabatan,
  karyawanType,
  lokasi,
  perusahaan,
  salesOffice,
} from '../../db/schema/master';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { isoDateToCell, xlsxStream, type XlsxCell, type XlsxColumn, type XlsxSheet } from '../../lib/excel';
import { withCodeNames } from '../../lib/employee';
import { karyawanScope } from '../../middleware/trustee-scope';
import { karyawanListWhere } from './karyawan-read.service';

/** Rows per query: few enough that what is in flight stays small (bench/karyawan-export.ts). */
export const EXPORT_BATCH = 500;

export interface XlsxDownload {
  name: string;
  body: ReadableStream;
}

const DATE = 'yyyy-mm-dd';
const TEXT = '@';

/** Reads `batch` rows after the last NRP until none are left (or the client went away). */
async function eachBatch<T extends { nrp: string }>(
  read: (after: string | null) => Promise<T[]>,
  write: (rows: T[]) => Promise<void>,
  aborted: () => boolean,
) {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length) await write(rows);
    if (rows.length < EXPORT_BATCH || aborted()) return;
    after = rows[rows.length - 1]?.nrp ?? null;
  }
}

const logFailure = (what: string) => (err: unknown) => console.error(`[${what}] streaming failed:`, err);

// ---------------------------------------------------------------- the list export

const named = (id: string | null, nama: string | null) => (id ? (nama ? `${id} - ${nama}` : id) : null);

const exportColumns = {
  nrp: k.nrp,
  nama: k.nama,
  jenis_kelamin: k.jenis_kelamin,
  kode_prsh: k.kode_prsh,
  prsh: perusahaan.nama,
  kode_lokasi: k.kode_lokasi,
  lokasi: lokasi.nama,
  type_id: k.type_spg_id,
  type: karyawanType.type,
  jabatan_id: k.jabatan_id,
  jabatan: jabatan.nama,
  departemen_id: k.departemen_id,
  departemen: departemen.nama,
  divisi_id: k.divisi_id,
  divisi: divisi.nama,
  client_id: k.client_id,
  client: client.nama,
  cust_code: k.cust_code,
  store: store.cust_name,
  sales_office_id: k.sales_office_id,
  sales_office: salesOffice.nama,
  telp_hp: k.telp_hp,
  email: k.email,
  tgl_awkerja: k.tgl_awkerja,
  per_kontrak: k.per_kontrak,
  lama_kontrak: k.lama_kontrak,
  mulai_kontrak: k.mulai_kontrak,
  selesai_kontrak: k.selesai_kontrak,
  no_kontrak: k.no_kontrak,
  tgl_p3: k.tgl_p3,
  alasan_p3: k.alasan_p3,
  no_pb: k.no_pb,
  u_kebijaksanaan: k.u_kebijaksanaan,
  u_cuti: k.u_cuti,
  u_potongan: k.u_potongan,
  u_lumpdrop: k.u_lumpdrop,
  tgl_bast: k.tgl_bast,
};
type ExportRow = { [K in keyof typeof exportColumns]: (typeof exportColumns)[K]['_']['data'] | null };

/** An export column; its header is one the upload knows (KARYAWAN_EXPORT_HEADERS), so the list uploads back. */
type Col<T> = XlsxColumn & { header: KaryawanExportHeader; value: (r: T) => XlsxCell };

const LIST_COLUMNS: Col<ExportRow>[] = [
  { header: 'NRP', width: 12, numFmt: TEXT, value: (r) => r.nrp },
  { header: 'Nama', width: 28, value: (r) => r.nama },
  { header: 'Jenis Kelamin', width: 8, value: (r) => r.jenis_kelamin },
  { header: 'Perusahaan', width: 24, value: (r) => named(r.kode_prsh, r.prsh) },
  { header: 'Lokasi', width: 18, value: (r) => named(r.kode_lokasi, r.lokasi) },
  { header: 'Tipe', width: 18, value: (r) => named(r.type_id, r.type) },
  { header: 'Jabatan', width: 22, value: (r) => named(r.jabatan_id, r.jabatan) },
  { header: 'Departemen', width: 18, value: (r) => named(r.departemen_id, r.departemen) },
  { header: 'Divisi', width: 16, value: (r) => named(r.divisi_id, r.divisi) },
  { header: 'Client', width: 26, value: (r) => named(r.client_id, r.client) },
  { header: 'Store', width: 28, value: (r) => named(r.cust_code, r.store) },
  { header: 'Sales Office', width: 18, value: (r) => named(r.sales_office_id, r.sales_office) },
  { header: 'No. HP', width: 15, numFmt: TEXT, value: (r) => r.telp_hp },
  { header: 'Email', width: 24, value: (r) => r.email },
  { header: 'Tgl Awal Kerja', width: 12, numFmt: DATE, value: (r) => isoDateToCell(r.tgl_awkerja) },
  { header: 'Kontrak Ke-', width: 8, value: (r) => r.per_kontrak },
  { header: 'Lama Kontrak (bulan)', width: 10, value: (r) => r.lama_kontrak },
  { header: 'Mulai Kontrak', width: 12, numFmt: DATE, value: (r) => isoDateToCell(r.mulai_kontrak) },
  { header: 'Selesai Kontrak', width: 12, numFmt: DATE, value: (r) => isoDateToCell(r.selesai_kontrak) },
  { header: 'No Kontrak', width: 24, value: (r) => r.no_kontrak },
];

const RESIGN_COLUMNS: Col<ExportRow>[] = [
  { header: 'Tgl Resign', width: 12, numFmt: DATE, value: (r) => isoDateToCell(r.tgl_p3) },
  { header: 'Alasan', width: 12, value: (r) => alasanP3Of(r.alasan_p3)?.nama ?? null },
  { header: 'No PB', width: 22, value: (r) => r.no_pb },
  { header: 'Uang Kebijaksanaan', width: 14, value: (r) => r.u_kebijaksanaan },
  { header: 'Uang Cuti', width: 12, value: (r) => r.u_cuti },
  { header: 'Potongan', width: 12, value: (r) => r.u_potongan },
  { header: 'Lumpdrop', width: 12, value: (r) => r.u_lumpdrop },
  { header: 'Tgl BAST', width: 12, numFmt: DATE, value: (r) => isoDateToCell(r.tgl_bast) },
];

/** 'YYYYMMDD' of the caller's local day (server/lib/local-day.ts). */
const stamp = (day: string) => day.replaceAll('-', '');

/** GET /api/karyawan/export/excel: the active (resigned=0) or resigned (resigned=1) list, NRP order. */
export function exportKaryawanXlsx(
  db: Db,
  actor: Actor,
  q: { resigned: boolean; q: string },
  day: string,
): XlsxDownload {
  const base = karyawanListWhere(actor, q);
  const columns = q.resigned ? [...LIST_COLUMNS, ...RESIGN_COLUMNS] : LIST_COLUMNS;
  const read = (after: string | null) =>
    withCodeNames(db.select(exportColumns).from(k).$dynamic())
      .where(and(base, after === null ? undefined : gt(k.nrp, after)))
      .orderBy(asc(k.nrp))
      .limit(EXPORT_BATCH);
  const sheet: XlsxSheet = {
    name: q.resigned ? 'Karyawan Resign' : 'Karyawan',
    columns,
    fill: (add, aborted) => eachBatch(read, (rows) => add(rows.map((r) => columns.map((c) => c.value(r)))), aborted),
  };
  return {
    name: `karyawan-${q.resigned ? 'resign' : 'aktif'}-${stamp(day)}.xlsx`,
    body: xlsxStream([sheet], { onError: logFailure('export/excel') }),
  };
}

// ---------------------------------------------------------------- the upload sheet (template and data)

const cellOf = (col: UploadColumn, value: unknown): XlsxCell => {
  if (value === null || value === undefined) return null;
  if (col.kind === 'date') return isoDateToCell(String(value));
  if (col.kind === 'number') return Number(value);
  return String(value);
};

const uploadColumnFmt = (c: UploadColumn): XlsxColumn => ({
  header: c.key,
  width: Math.max(c.width, c.key.length + 2),
  numFmt: c.kind === 'date' ? DATE : c.kind === 'text' ? TEXT : undefined,
});

/** The second sheet: what each column means (the upload reads only the first sheet). */
function guideSheet(columns: readonly UploadColumn[]): XlsxSheet {
  return {
    name: 'Petunjuk',
    columns: [
      { header: 'Kolom', width: 16 },
      { header: 'Keterangan', width: 24 },
      { header: 'Wajib (karyawan baru)', width: 12 },
      { header: 'Catatan', width: 48 },
    ],
    fill: (add) =>
      add([
        ...columns.map((c) => [
          c.key,
          c.label,
          c.required ? 'Ya' : '',
          c.note ?? (c.kind === 'date' ? 'YYYY-MM-DD' : ''),
        ]),
        [],
        ['', 'Baris dengan NRP yang sudah ada mengubah karyawan itu; NRP baru menambah karyawan baru.'],
        ['', 'Kolom yang dihapus dari sheet tidak diubah; sel kosong mengosongkan datanya.'],
      ]),
  };
}

const filterColumn: Record<(typeof REPORT_FILTER_KEYS)[number], PgColumn> = {
  kode_prsh: k.kode_prsh,
  lokasi: k.kode_lokasi,
  client: k.client_id,
  type: k.type_spg_id,
  divisi: k.divisi_id,
  jabatan: k.jabatan_id,
  sales_office: k.sales_office_id,
};

/**
 * GET /api/karyawan/report/download. `template`: the columns only. Otherwise the active employees
 * matching every given filter (each a list of codes), in the user's scope. Without karyawan.gaji.read
 * the salary columns are left out (an upload without them leaves salary as it is).
 */
export function karyawanSheetXlsx(
  db: Db,
  actor: Actor,
  q: KaryawanReportFilter & { template: boolean },
  day: string,
): XlsxDownload {
  const columns = actor.permissions.includes('karyawan.gaji.read')
    ? KARYAWAN_UPLOAD_COLUMNS
    : KARYAWAN_UPLOAD_COLUMNS.filter((c) => !SALARY_COLUMNS.includes(c.key));
  const guide = guideSheet(q.template ? KARYAWAN_UPLOAD_COLUMNS : columns);
  if (q.template) {
    const sheet: XlsxSheet = { name: 'Karyawan', columns: KARYAWAN_UPLOAD_COLUMNS.map(uploadColumnFmt) };
    return { name: 'template-upload-karyawan.xlsx', body: xlsxStream([sheet, guide]) };
  }
  const filters: SQL[] = REPORT_FILTER_KEYS.flatMap((key) =>
    q[key].length ? [inArray(filterColumn[key], q[key])] : [],
  );
  const base = and(isNull(k.alasan_p3), karyawanScope(actor), ...filters);
  const read = (after: string | null) =>
    db
      .select()
      .from(k)
      .where(and(base, after === null ? undefined : gt(k.nrp, after)))
      .orderBy(asc(k.nrp))
      .limit(EXPORT_BATCH);
  const sheet: XlsxSheet = {
    name: 'Karyawan',
    columns: columns.map(uploadColumnFmt),
    fill: (add, aborted) =>
      eachBatch(
        read,
        (rows) => add(rows.map((r) => columns.map((c) => cellOf(c, (r as unknown as Record<string, unknown>)[c.key])))),
        aborted,
      ),
  };
  return {
    name: `data-karyawan-${stamp(day)}.xlsx`,
    body: xlsxStream([sheet, guide], { onError: logFailure('report/download') }),
  };
}
