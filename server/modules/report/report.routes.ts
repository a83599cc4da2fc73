/**
 * /api/report (spec part 2 §2.8, §7 "Reports"): the three attendance reports and their .xlsx exports.
 * Permission laporan.read; every row is limited to the user's trustee scope in the query. The period is
 * mandatory: without it the answer is 400 "Mohon pilih Period". Laporan Bukti Kunjungan (issue 28 item 6):
 * one client's planned store visits of a period per store × SPG, as JSON, .xlsx and a PDF for the client.
 */
import { Hono } from 'hono';
import {
  ReportAbsensiFilterSchema,
  ReportAbsensiQuerySchema,
  ReportDailyAnswerSchema,
  ReportDetailAnswerSchema,
  ReportSummaryAnswerSchema,
} from '../../../src/domain/report/report-absensi';
import { fileAnswer } from '../../lib/attachments';
import type { AppEnv } from '../../lib/context';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate, type Access } from '../../lib/openapi';
import { reportDaily, reportDetail, reportSummary } from './report-absensi.service';
import { exportDaily, exportDetail, exportSummary, type ReportFile } from './report-export';
import { BuktiKunjunganAnswerSchema, BuktiKunjunganQuerySchema } from '../../../src/domain/report/bukti-kunjungan';
import { buktiContext, buktiRows } from './bukti-kunjungan.service';
import { exportBukti } from './bukti-kunjungan-export';
import { pdfBukti, PDF_TYPE } from './bukti-kunjungan-pdf';

const tag = 'Laporan';
const access: Access = {
  all: ['laporan.read'],
  note: "Only employees of the user's trustee scope. Times are local to each employee's location (zona).",
};
const PERIOD_NOTE = 'A missing period is 400 "Mohon pilih Period"; an unknown one 404.';
const BUKTI_NOTE =
  'Both `period` and `client_id` are required (400 "Period wajib diisi", "Client wajib diisi"); an unknown one is 404 ("Period tidak ditemukan", "Client tidak ditemukan").';

const answerFile = (c: Parameters<typeof fileAnswer>[0], file: ReportFile) =>
  fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });

export const reportRoutes = new Hono<AppEnv>()
  .get(
    '/absensi-detail',
    route({
      tag,
      summary: 'Laporan Absensi: one row per attendance day of the period',
      description: `Ordered by NRP then day; an employee who resigned appears up to her last working day (tgl_p3). ${PERIOD_NOTE}`,
      access,
      responses: { 200: ReportDetailAnswerSchema },
      errors: [404],
    }),
    validate('query', ReportAbsensiQuerySchema),
    async (c) => c.json(await reportDetail(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/absensi-detail/export',
    route({
      tag,
      summary: 'Laporan Absensi as a streamed .xlsx',
      description: PERIOD_NOTE,
      access,
      responses: { 200: { file: XLSX_TYPE } },
      errors: [404],
    }),
    validate('query', ReportAbsensiFilterSchema),
    async (c) => answerFile(c, await exportDetail(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/absensi-summary',
    route({
      tag,
      summary: 'Rekap Absensi: one row per employee with attendance, lateness, leave and payroll counts',
      description: `Employees employed in the period, counted up to their last working day. ${PERIOD_NOTE}`,
      access,
      responses: { 200: ReportSummaryAnswerSchema },
      errors: [404],
    }),
    validate('query', ReportAbsensiQuerySchema),
    async (c) => c.json(await reportSummary(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/absensi-summary/export',
    route({
      tag,
      summary: 'Rekap Absensi as a streamed .xlsx',
      description: PERIOD_NOTE,
      access,
      responses: { 200: { file: XLSX_TYPE } },
      errors: [404],
    }),
    validate('query', ReportAbsensiFilterSchema),
    async (c) => answerFile(c, await exportSummary(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/absensi-summary-daily',
    route({
      tag,
      summary: 'Rekap Absensi Harian: one row per employee, the status code of each day of the period',
      description: `\`dates\` lists the period's days; \`days\` of a row follows it (null: no record). ${PERIOD_NOTE}`,
      access,
      responses: { 200: ReportDailyAnswerSchema },
      errors: [404],
    }),
    validate('query', ReportAbsensiQuerySchema),
    async (c) => c.json(await reportDaily(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/absensi-summary-daily/export',
    route({
      tag,
      summary: 'Rekap Absensi Harian as a streamed .xlsx',
      description: PERIOD_NOTE,
      access,
      responses: { 200: { file: XLSX_TYPE } },
      errors: [404],
    }),
    validate('query', ReportAbsensiFilterSchema),
    async (c) => answerFile(c, await exportDaily(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/bukti-kunjungan',
    route({
      tag,
      summary: "Laporan Bukti Kunjungan: one client's planned visits of a period per store × SPG",
      description: `Planned: visit lines of the period of the client's employees. Visited: checked in and not rejected by the review queue. Verified: checked in, signed by passkey, not rejected, no open review. Open: flagged for review (any flag but after_posting), not decided. Compliance: visited / planned × 100, one decimal. ${BUKTI_NOTE}`,
      access,
      responses: { 200: BuktiKunjunganAnswerSchema },
      errors: [404],
    }),
    validate('query', BuktiKunjunganQuerySchema),
    async (c) => {
      const { db } = c.get('deps');
      const ctx = await buktiContext(db, c.req.valid('query'));
      return c.json({ result: await buktiRows(db, c.get('actor'), ctx) });
    },
  )
  .get(
    '/bukti-kunjungan/export',
    route({
      tag,
      summary: 'Laporan Bukti Kunjungan as a streamed .xlsx, with a sheet "Bukti" of every checked-in visit',
      description: `Sheet 1: the rows of GET /api/report/bukti-kunjungan. Sheet "Bukti": one row per checked-in visit (day, store, SPG, times, verified, flags, decision) with links to its photos on this server (/uploads/photo/{file}; the origin is RP_ORIGIN when set, else the request's). ${BUKTI_NOTE}`,
      access,
      responses: { 200: { file: XLSX_TYPE } },
      errors: [404],
    }),
    validate('query', BuktiKunjunganQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      // The app's public origin when one is configured (RP_ORIGIN, behind a proxy), else the request's.
      const origin = deps.rpOrigin ?? new URL(c.req.url).origin;
      const file = await exportBukti(deps.db, c.get('actor'), c.req.valid('query'), origin);
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  )
  .get(
    '/bukti-kunjungan/pdf',
    route({
      tag,
      summary: 'Laporan Bukti Kunjungan as a PDF for the client: totals, the table and sample verified photos',
      description: `Title, client, period, totals and compliance, the table per store × SPG, and up to 6 verified check-in photos (JPEG; a photo that cannot be read is skipped). ${BUKTI_NOTE}`,
      access,
      responses: { 200: { file: PDF_TYPE } },
      errors: [404],
    }),
    validate('query', BuktiKunjunganQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      const file = await pdfBukti(
        { db: deps.db, storage: deps.storage, now: deps.now() },
        c.get('actor'),
        c.req.valid('query'),
      );
      return fileAnswer(c, { name: file.name, type: PDF_TYPE, body: file.body.buffer as ArrayBuffer });
    },
  );
