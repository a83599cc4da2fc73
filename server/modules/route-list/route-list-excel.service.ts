/**
 * The Excel side of route lists besides the upload: one route list with its matrix as an .xlsx in the
 * upload's own layout (src/domain/route-list-sheet.ts), and the upload history.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { flagsOfPattern, MATRIX_KEYS } from '../../../src/domain/matrix-kunjungan';
import { ROUTE_LIST_SHEET_COLUMNS } from '../../../src/domain/route-list-sheet';
import type { ListAnswer } from '../../../src/domain/list-query';
import { LOG_LIST_FAILURES, type UploadLogRow, type UploadStatus } from '../../../src/domain/upload';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { matrixKunjungan, store } from '../../db/schema/store';
import { uploadLog } from '../../db/schema/upload';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { xlsxStream, type XlsxCell } from '../../lib/excel';
import { pageWindow } from '../../lib/pagination';
import { ROUTE_LIST_UPLOAD_JENIS } from './route-list-upload.service';
import { getRouteList } from './route-list.service';

/** GET /api/route-list/{id}/download: checked before the first byte, so a refusal is a JSON 403/404. */
export async function routeListXlsx(db: Db, actor: Actor, id: string) {
  const rl = await getRouteList(db, actor, id);
  const rows = await db
    .select({ cust_code: matrixKunjungan.cust_code, cust_name: store.cust_name, pattern: matrixKunjungan.pattern })
    .from(matrixKunjungan)
    .innerJoin(store, eq(store.cust_code, matrixKunjungan.cust_code))
    .where(eq(matrixKunjungan.route_list_id, id))
    .orderBy(asc(matrixKunjungan.cust_code));
  const cells: XlsxCell[][] = rows.length
    ? rows.map((r) => {
        const flags = flagsOfPattern(r.pattern);
        return [rl.id, rl.nama, r.cust_code, r.cust_name, ...MATRIX_KEYS.map((k) => flags[k])];
      })
    : [[rl.id, rl.nama, null, null, ...MATRIX_KEYS.map(() => null)]];
  const body = xlsxStream([
    {
      name: 'Route List',
      columns: ROUTE_LIST_SHEET_COLUMNS.map((c) => ({ header: c.header, width: c.width, numFmt: '@' })),
      fill: async (add) => add(cells),
    },
  ]);
  return { name: `route-list-${rl.id}.xlsx`, body };
}

// ---------------------------------------------------------------- history

/** A user limited by a trustee scope sees their own uploads; an unrestricted user sees everyone's. */
function logWhere(actor: Actor): SQL | undefined {
  const t = actor.trustee;
  const limited = !!t && Object.values(t).some((list) => Array.isArray(list) && list.length > 0);
  return and(eq(uploadLog.jenis, ROUTE_LIST_UPLOAD_JENIS), limited ? eq(uploadLog.upload_by, actor.userid) : undefined);
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

export async function listRouteListUploads(
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

export async function routeListUploadDetail(db: Db, actor: Actor, id: number): Promise<UploadLogRow> {
  const [row] = await db
    .select(logColumns(sql`${uploadLog.nrp_gagal}`))
    .from(uploadLog)
    .leftJoin(users, eq(users.userid, uploadLog.upload_by))
    .where(and(logWhere(actor), eq(uploadLog.id, id)))
    .limit(1);
  if (!row) throw notFound('Log upload tidak ditemukan');
  return toRow(row);
}
