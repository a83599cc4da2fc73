/**
 * /api/report (spec part 2 §2.8, §7 "Reports"): the three attendance reports and their .xlsx exports.
 * Permission laporan.read; every row is limited to the user's trustee scope in the query. The period is
 * mandatory: without it the answer is 400 "Mohon pilih Period".
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

const tag = 'Laporan';
const access: Access = {
  all: ['laporan.read'],
  note: "Only employees of the user's trustee scope. Times are local to each employee's location (zona).",
};
const PERIOD_NOTE = 'A missing period is 400 "Mohon pilih Period"; an unknown one 404.';

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
  );
