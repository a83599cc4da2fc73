/**
 * /api/report (spec part 2 §2.8, §7 "Reports"), one contract per JSON endpoint
 * (src/domain/contract.ts): the three attendance reports and Laporan Bukti Kunjungan (issue 28 item 6).
 * Permission laporan.read; every row is limited to the user's trustee scope in the query.
 *
 * Not contracts: the reports' files, `…/absensi-detail/export`, `…/absensi-summary/export`,
 * `…/absensi-summary-daily/export`, `…/bukti-kunjungan/export` (.xlsx) and `…/bukti-kunjungan/pdf`
 * (a contract's answer is JSON). They stay hand-written `route()`s in server/modules/report with
 * `REPORT_TAG`, `REPORT_ACCESS` and the notes from here, and the client saves them with `saveApiFile`.
 */
import { contract, type Access } from '../contract';
import { BuktiKunjunganAnswerSchema, BuktiKunjunganQuerySchema } from './bukti-kunjungan';
import {
  ReportAbsensiQuerySchema,
  ReportDailyAnswerSchema,
  ReportDetailAnswerSchema,
  ReportSummaryAnswerSchema,
} from './report-absensi';

export const REPORT_TAG = 'Laporan';
const tag = REPORT_TAG;

export const REPORT_ACCESS: Access = {
  all: ['laporan.read'],
  note: "Only employees of the user's trustee scope. Times are local to each employee's location (zona).",
};
const access = REPORT_ACCESS;
/** The period is mandatory in every attendance report and its export. */
export const PERIOD_NOTE = 'A missing period is 400 "Mohon pilih Period"; an unknown one 404.';
export const BUKTI_NOTE =
  'Both `period` and `client_id` are required (400 "Period wajib diisi", "Client wajib diisi"); an unknown one is 404 ("Period tidak ditemukan", "Client tidak ditemukan").';

export const reportContracts = {
  detail: contract({
    method: 'GET',
    path: '/api/report/absensi-detail',
    tag,
    summary: 'Laporan Absensi: one row per attendance day of the period',
    description: `Ordered by NRP then day; an employee who resigned appears up to her last working day (tgl_p3). ${PERIOD_NOTE}`,
    access,
    query: ReportAbsensiQuerySchema,
    answer: ReportDetailAnswerSchema,
    errors: [404],
  }),
  summary: contract({
    method: 'GET',
    path: '/api/report/absensi-summary',
    tag,
    summary: 'Rekap Absensi: one row per employee with attendance, lateness, leave and payroll counts',
    description: `Employees employed in the period, counted up to their last working day. ${PERIOD_NOTE}`,
    access,
    query: ReportAbsensiQuerySchema,
    answer: ReportSummaryAnswerSchema,
    errors: [404],
  }),
  daily: contract({
    method: 'GET',
    path: '/api/report/absensi-summary-daily',
    tag,
    summary: 'Rekap Absensi Harian: one row per employee, the status code of each day of the period',
    description: `\`dates\` lists the period's days; \`days\` of a row follows it (null: no record). ${PERIOD_NOTE}`,
    access,
    query: ReportAbsensiQuerySchema,
    answer: ReportDailyAnswerSchema,
    errors: [404],
  }),
  bukti: contract({
    method: 'GET',
    path: '/api/report/bukti-kunjungan',
    tag,
    summary: "Laporan Bukti Kunjungan: one client's planned visits of a period per store × SPG",
    description: `Planned: visit lines of the period of the client's employees. Visited: checked in and not rejected by the review queue. Verified: checked in, signed by passkey, not rejected, no open review. Open: flagged for review (any flag but after_posting), not decided. Compliance: visited / planned × 100, one decimal. ${BUKTI_NOTE}`,
    access,
    query: BuktiKunjunganQuerySchema,
    answer: BuktiKunjunganAnswerSchema,
    errors: [404],
  }),
};
