/**
 * POST /api/karyawan/upload and its history (spec part 1 §2 "Employee upload", §3, §5, §8): the sheet
 * is read and checked row by row; the good rows are saved, upserted by NRP, in one transaction together
 * with the log row that names every refused row and why. Uploading the same file again changes
 * nothing (every row is unchanged), so it creates no duplicates and no new posting items.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { UPLOAD_MESSAGES, type UploadResult } from '../../../src/domain/karyawan-upload';
import { LOG_LIST_FAILURES, uploadStatusOf, type UploadLogRow, type UploadStatus } from '../../../src/domain/upload';
import type { ListAnswer } from '../../../src/domain/list-query';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { uploadLog } from '../../db/schema/upload';
import type { Actor, Deps } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { pageWindow } from '../../lib/pagination';
import { lockNumbering } from './karyawan-numbers';
import { readEmployeeSheet } from './karyawan-upload-sheet';
import { planUpload } from './karyawan-upload-plan';
import { writeCreates, writeUpdates } from './karyawan-upload-write';

export const UPLOAD_JENIS = 'karyawan';

export async function uploadKaryawan(
  deps: Deps,
  actor: Actor,
  file: { name: string; bytes: Uint8Array },
): Promise<{ message: string; result: UploadResult }> {
  const sheet = await readEmployeeSheet(file.bytes);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Uploads number contracts and may create NRPs: one at a time with the form's creates.
    await lockNumbering(tx);
    const plan = await planUpload(tx, actor, sheet);
    const by = { userid: actor.userid, now };
    await writeCreates(tx, plan.creates, by);
    await writeUpdates(tx, plan.updates, by);
    const total = sheet.rows.length;
    const failed = plan.failures.length;
    const ok = total - failed;
    const status = uploadStatusOf(ok, failed);
    const counts = {
      total,
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.unchanged,
      failed,
    };
    const [log] = await tx
      .insert(uploadLog)
      .values({
        jenis: UPLOAD_JENIS,
        file_name: file.name,
        tanggal: now,
        status,
        keterangan: UPLOAD_MESSAGES.summary(counts),
        jumlah_baris: total,
        jumlah_gagal: failed,
        nrp_gagal: plan.failures,
        upload_by: actor.userid,
      })
      .returning({ id: uploadLog.id });
    return {
      message: UPLOAD_MESSAGES.done(ok, total, failed),
      result: { log_id: log?.id ?? 0, ...counts, status, nrp_gagal: plan.failures },
    };
  });
}

// ---------------------------------------------------------------- history

/** A user limited by a trustee scope sees their own uploads; an unrestricted user sees everyone's. */
function logWhere(actor: Actor): SQL | undefined {
  const t = actor.trustee;
  const limited = !!t && Object.values(t).some((list) => list.length > 0);
  return and(eq(uploadLog.jenis, UPLOAD_JENIS), limited ? eq(uploadLog.upload_by, actor.userid) : undefined);
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

type LogRaw = {
  id: number;
  file_name: string;
  tanggal: Date;
  status: string;
  keterangan: string;
  nrp_gagal: unknown;
  jumlah_gagal: number;
  upload_by: string;
  upload_by_nama: string | null;
};

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

/** GET /api/karyawan/upload/log?page=: newest first; each row with its first failures. */
export async function listUploadLog(
  db: Db,
  actor: Actor,
  q: { page: number; per_page: number },
): Promise<ListAnswer<UploadLogRow>> {
  const where = logWhere(actor);
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

/** GET /api/karyawan/upload/log/{id}: one upload with every refused row. */
export async function uploadLogDetail(db: Db, actor: Actor, id: number): Promise<UploadLogRow> {
  const [row] = await db
    .select(logColumns(sql`${uploadLog.nrp_gagal}`))
    .from(uploadLog)
    .leftJoin(users, eq(users.userid, uploadLog.upload_by))
    .where(and(logWhere(actor), eq(uploadLog.id, id)))
    .limit(1);
  if (!row) throw notFound('Log upload tidak ditemukan');
  return toRow(row);
}
