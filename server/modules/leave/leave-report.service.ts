/**
 * The leave report (spec part 2 §2.8, §3 "Report filter"): requests touching a period, filtered by the
 * employee's placement and the kind, within the user's trustee scope; as a page and as an .xlsx file.
 */
import ExcelJS from 'exceljs';
import { and, asc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { LeaveReportFilter, LeaveReportQuery } from '../../../src/domain/leave/leave';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import {
  APPROVAL_ROLE_LABELS,
  daysInclusive,
  leaveStatusLabel,
  stepStatusLabel,
} from '../../../src/domain/leave/leave-rules';
import type { Db } from '../../db/client';
import { karyawan } from '../../db/schema/karyawan';
import { leave } from '../../db/schema/leave';
import { period } from '../../db/schema/master';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { likePattern, pageWindow } from '../../lib/pagination';
import { karyawanScope } from '../../middleware/trustee-scope';
import { countLeaves, loadLeaves, publicRow, type LoadedLeave } from './leave-rows.service';

/** The most rows one download holds (a period of a large company fits many times over). */
export const REPORT_MAX_ROWS = 20_000;

async function reportWhere(db: Db, actor: Actor, f: LeaveReportFilter): Promise<SQL | undefined> {
  if (!f.period)
    throw badRequest(LEAVE_MESSAGES.reportPeriodRequired, [
      { path: 'period', message: LEAVE_MESSAGES.reportPeriodRequired },
    ]);
  const [p] = await db.select().from(period).where(eq(period.id, f.period)).limit(1);
  if (!p) throw badRequest(LEAVE_MESSAGES.periodNotFound, [{ path: 'period', message: LEAVE_MESSAGES.periodNotFound }]);
  const k = karyawan;
  return and(
    karyawanScope(actor),
    // In the period: its days overlap the period, or it is filed against the period (Tuker Off, shift change).
    or(and(lte(leave.start_date, p.akhir), gte(leave.end_date, p.mulai)), eq(leave.periode, p.id)),
    f.client ? eq(k.client_id, f.client) : undefined,
    f.divisi ? eq(k.divisi_id, f.divisi) : undefined,
    f.jabatan ? eq(k.jabatan_id, f.jabatan) : undefined,
    f.lokasi ? eq(k.kode_lokasi, f.lokasi) : undefined,
    f.spg_type ? eq(k.type_spg_id, f.spg_type) : undefined,
    f.sales_office ? eq(k.sales_office_id, f.sales_office) : undefined,
    f.key_account
      ? inArray(
          k.cust_code,
          db.select({ c: store.cust_code }).from(store).where(eq(store.cust_key_account, f.key_account)),
        )
      : undefined,
    f.karyawan ? or(eq(k.nrp, f.karyawan), ilike(k.nama, likePattern(f.karyawan))) : undefined,
    f.jenis_leave ? eq(leave.jenis_leave_id, f.jenis_leave) : undefined,
    f.jenis_cuti ? eq(leave.jenis_cuti_id, f.jenis_cuti) : undefined,
    f.status ? eq(leave.status, f.status) : undefined,
  );
}

const ORDER = [asc(leave.start_date), asc(karyawan.nrp), asc(leave.leave_id)];

export async function leaveReport(db: Db, actor: Actor, q: LeaveReportQuery) {
  const where = await reportWhere(db, actor, q);
  const { limit, offset } = pageWindow(q);
  const rows = await loadLeaves(db, where, { limit, offset, order: ORDER });
  return { result: rows.map(publicRow), totalCount: await countLeaves(db, where) };
}

const COLUMNS: { header: string; width: number; value: (r: LoadedLeave) => string | number | null }[] = [
  { header: 'Nomor', width: 18, value: (r) => r.nomor },
  { header: 'NRP', width: 12, value: (r) => r.nrp },
  { header: 'Nama', width: 28, value: (r) => r.karyawan.nama },
  { header: 'Lokasi', width: 16, value: (r) => r.karyawan.lokasi.nama },
  { header: 'Client', width: 26, value: (r) => r.karyawan.client?.nama ?? null },
  { header: 'Sales Office', width: 16, value: (r) => r.karyawan.sales_office?.nama ?? null },
  { header: 'Jenis Leave', width: 32, value: (r) => r.jenis.jenis_leave },
  { header: 'Jenis Cuti', width: 20, value: (r) => r.cuti?.jenis_cuti ?? null },
  { header: 'Tanggal Mulai', width: 13, value: (r) => r.start_date },
  { header: 'Tanggal Selesai', width: 13, value: (r) => r.end_date },
  { header: 'Jumlah Hari', width: 11, value: (r) => daysInclusive(r.start_date, r.end_date) },
  { header: 'Request Hari', width: 13, value: (r) => r.hari_request },
  { header: 'Shift', width: 12, value: (r) => r.shift?.nama ?? null },
  { header: 'Shift Request', width: 13, value: (r) => r.shiftRequest?.nama ?? null },
  { header: 'Periode', width: 9, value: (r) => r.periode },
  { header: 'Keterangan', width: 30, value: (r) => r.keterangan },
  { header: 'Status', width: 22, value: (r) => leaveStatusLabel(r.status) },
  { header: 'Tanggal Pengajuan', width: 16, value: (r) => r.tanggal },
  { header: 'Approval', width: 60, value: approvalText },
];

function approvalText(r: LoadedLeave): string {
  return r.approval
    .map((s) => {
      const who = s.approver ? ` oleh ${s.approver.nama}` : '';
      const when = s.approval_date ? ` (${s.approval_date.slice(0, 10)})` : '';
      return `${s.approval_num}. ${APPROVAL_ROLE_LABELS[s.approval_role]}: ${stepStatusLabel(s.approval_status, r.status)}${who}${when}`;
    })
    .join('; ');
}

/** GET /api/leave/report/download: the same rows as the report, every page, as one worksheet. */
export async function leaveReportXlsx(db: Db, actor: Actor, f: LeaveReportFilter) {
  const where = await reportWhere(db, actor, f);
  const rows = await loadLeaves(db, where, { limit: REPORT_MAX_ROWS, order: ORDER });
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Hadir';
  const ws = wb.addWorksheet('Report Leave');
  ws.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(COLUMNS.map((c) => c.value(r)));
  const buffer = await wb.xlsx.writeBuffer();
  return { bytes: new Uint8Array(buffer as ArrayBuffer), fileName: `report-leave-${f.period}.xlsx` };
}
