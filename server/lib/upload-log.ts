/**
 * The history of one kind of Excel upload (server/db/schema/upload.ts), newest first. A user limited
 * by a trustee scope sees their own uploads; an unrestricted user sees everyone's. Shared by the employee,
 * store and route-list uploads.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListAnswer } from '../../src/domain/list-query';
import { LOG_LIST_FAILURES, type UploadLogRow, type UploadStatus } from '../../src/domain/upload';
import type { Db } from '../db/client';
import { users } from '../db/schema/auth';
import { uploadLog } from '../db/schema/upload';
import type { Actor } from './context';
import { notFound } from './errors';
import { pageWindow } from './pagination';

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

const toRow = (r: LogRaw): UploadLogRow => ({
  id: r.id,
  file_name: r.file_name,
  tanggal: r.tanggal.toISOString(),
  status: r.status as UploadStatus,
  keterangan: r.keterangan,
  nrp_gagal: (typeof r.nrp_gagal === 'string' ? JSON.parse(r.nrp_gagal) : r.nrp_gagal) as UploadLogRow['nrp_gagal'],
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
