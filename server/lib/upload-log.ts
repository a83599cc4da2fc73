/**
 * The history of Excel uploads (server/db/schema/upload.ts): the one writer of its rows, used by every
 * upload (employees, stores, route lists, attendance), and the reads of one kind, newest first. A user
 * limited by a trustee scope sees their own uploads; an unrestricted user sees everyone's.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListAnswer } from '../../src/domain/list-query';
import {
  failureRow,
  LOG_LIST_FAILURES,
  REFUSED_REASON_COLUMN,
  uploadStatusOf,
  type UploadLogRow,
  type UploadStatus,
} from '../../src/domain/upload';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/auth';
import { uploadLog, type UploadFailureRecord } from '../db/schema/upload';
import type { Actor } from './context';
import { xlsxStream, type XlsxSheet } from './excel';
import { notFound } from './errors';
import { metrics, type UploadKind } from './metrics';
import { pageWindow } from './pagination';

/** One processed upload as its log row records it. */
export interface UploadLogEntry {
  jenis: UploadKind;
  fileName: string;
  /** The uploader's userid. */
  by: string;
  at: Date;
  /** The summary line (each upload's own counts message). */
  keterangan: string;
  /** The sheet's data rows. */
  total: number;
  /** Every refused row, in row order. */
  failures: UploadFailureRecord[];
}

/**
 * Writes the upload's log row in the upload's transaction and counts the upload on /metrics: its id
 * (0 if none came back) and its status (Sukses, Sebagian or Gagal) from the refused rows.
 */
export async function writeUploadLog(tx: Tx, e: UploadLogEntry): Promise<{ id: number; status: UploadStatus }> {
  const failed = e.failures.length;
  const status = uploadStatusOf(e.total - failed, failed);
  const [log] = await tx
    .insert(uploadLog)
    .values({
      jenis: e.jenis,
      file_name: e.fileName,
      tanggal: e.at,
      status,
      keterangan: e.keterangan,
      jumlah_baris: e.total,
      jumlah_gagal: failed,
      nrp_gagal: e.failures,
      upload_by: e.by,
    })
    .returning({ id: uploadLog.id });
  metrics.upload(e.jenis, failed);
  return { id: log?.id ?? 0, status };
}

function logWhere(jenis: string, actor: Actor): SQL | undefined {
  const t = actor.trustee;
  const limited = !!t && Object.values(t).some((list) => Array.isArray(list) && list.length > 0);
  return and(eq(uploadLog.jenis, jenis), limited ? eq(uploadLog.upload_by, actor.userid) : undefined);
}

const logColumns = (failures: SQL) => ({
  id: uploadLog.id,
  file_name: uploadLog.file_name,
  tanggal: uploadLog.tanggal,
  status: uploadLog.status,
  keterangan: uploadLog.keterangan,
  nrp_gagal: failures,
  jumlah_gagal: uploadLog.jumlah_gagal,
  upload_by: uploadLog.upload_by,
  upload_by_nama: users.nama,
});

interface LogRaw {
  id: number;
  file_name: string;
  tanggal: Date;
  status: string;
  keterangan: string;
  nrp_gagal: unknown;
  jumlah_gagal: number;
  upload_by: string;
  upload_by_nama: string | null;
}

const failuresOf = (raw: unknown) => (typeof raw === 'string' ? JSON.parse(raw) : raw) as UploadFailureRecord[];

const toRow = (r: LogRaw): UploadLogRow => ({
  id: r.id,
  file_name: r.file_name,
  tanggal: r.tanggal.toISOString(),
  status: r.status as UploadStatus,
  keterangan: r.keterangan,
  // The row's cells stay in the log for the download of the refused rows, not in this answer.
  nrp_gagal: failuresOf(r.nrp_gagal).map(failureRow),
  jumlah_gagal: r.jumlah_gagal,
  upload_by: r.upload_by_nama ? `${r.upload_by} - ${r.upload_by_nama}` : r.upload_by,
});

export async function listUploads(
  db: Db,
  jenis: string,
  actor: Actor,
  q: { page: number; per_page: number },
): Promise<ListAnswer<UploadLogRow>> {
  const where = logWhere(jenis, actor);
  const { limit, offset } = pageWindow(q);
  const first = sql`jsonb_path_query_array(${uploadLog.nrp_gagal}, ${`$[0 to ${LOG_LIST_FAILURES - 1}]`}::jsonpath)`;
  const rows = await db
    .select(logColumns(first))
    .from(uploadLog)
    .leftJoin(users, eq(users.userid, uploadLog.upload_by))
    .where(where)
    .orderBy(desc(uploadLog.tanggal), desc(uploadLog.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(uploadLog).where(where);
  return { result: rows.map(toRow), totalCount: total?.n ?? 0 };
}

export async function uploadDetail(db: Db, jenis: string, actor: Actor, id: number): Promise<UploadLogRow> {
  const [row] = await db
    .select(logColumns(sql`${uploadLog.nrp_gagal}`))
    .from(uploadLog)
    .leftJoin(users, eq(users.userid, uploadLog.upload_by))
    .where(and(logWhere(jenis, actor), eq(uploadLog.id, id)))
    .limit(1);
  if (!row) throw notFound('Log upload tidak ditemukan');
  return toRow(row);
}

/**
 * The refused rows of one upload as an .xlsx: the sheet's columns the file had (in `columns` order), as
 * they were read, then alasan_gagal, which every upload ignores: fix the rows and upload the file again.
 */
export async function refusedRowsXlsx(
  db: Db,
  jenis: string,
  actor: Actor,
  id: number,
  columns: readonly string[],
): Promise<{ name: string; body: ReadableStream }> {
  const [log] = await db
    .select({ file_name: uploadLog.file_name, nrp_gagal: uploadLog.nrp_gagal })
    .from(uploadLog)
    .where(and(logWhere(jenis, actor), eq(uploadLog.id, id)))
    .limit(1);
  if (!log) throw notFound('Log upload tidak ditemukan');
  return refusedSheet(log.file_name, failuresOf(log.nrp_gagal), columns);
}

/** The sheet of refused rows (shared with the attendance upload's latest refusals). */
export function refusedSheet(fileName: string, failures: UploadFailureRecord[], columns: readonly string[]) {
  const present = new Set(failures.flatMap((f) => Object.keys(f.values ?? {})));
  // A log written before the rows' cells were kept has the key column's value only.
  const keys = present.size ? columns.filter((c) => present.has(c)) : columns.slice(0, 1);
  const sheet: XlsxSheet = {
    name: 'Gagal',
    columns: [
      ...keys.map((header) => ({ header, width: Math.max(10, header.length + 2), numFmt: '@' })),
      { header: REFUSED_REASON_COLUMN, width: 50 },
    ],
    fill: async (add) =>
      add(
        failures.map((f) => [
          ...keys.map((k, i) => (f.values ? (f.values[k] ?? null) : i === 0 ? f.nrp : null)),
          f.alasan,
        ]),
      ),
  };
  const base = fileName.replace(/\.xlsx$/i, '');
  return { name: `gagal-${base}.xlsx`, body: xlsxStream([sheet]) };
}
