/**
 * /api/report (spec part 2 §2.8, §7 "Reports"): serves the area's contracts
 * (src/domain/report/contracts.ts) for the three attendance reports and Laporan Bukti Kunjungan (issue 28
 * item 6: one client's planned store visits of a period per store × SPG); their .xlsx exports and the
 * PDF for the client are files and stay route()s, each registered after its report as before.
 * Permission laporan.read; every row is limited to the user's trustee scope in the query. The period is
 * mandatory: without it the answer is 400 "Mohon pilih Period".
 */
import { BuktiKunjunganQuerySchema } from '../../../src/domain/report/bukti-kunjungan';
import {
  BUKTI_NOTE,
  PERIOD_NOTE,
  REPORT_ACCESS as access,
  REPORT_TAG as tag,
  reportContracts as reports,
} from '../../../src/domain/report/contracts';
import { ReportAbsensiFilterSchema } from '../../../src/domain/report/report-absensi';
import { fileAnswer } from '../../lib/attachments';
import { contractRouter } from '../../lib/contract-route';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate } from '../../lib/openapi';
import { exportBukti } from './bukti-kunjungan-export';
import { pdfBukti, PDF_TYPE } from './bukti-kunjungan-pdf';
import { buktiContext, buktiRows } from './bukti-kunjungan.service';
import { reportDaily, reportDetail, reportSummary } from './report-absensi.service';
import { exportDaily, exportDetail, exportSummary, type ReportFile } from './report-export';

const answerFile = (c: Parameters<typeof fileAnswer>[0], file: ReportFile) =>
  fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });

const served = contractRouter('/api/report');

served.on(reports.detail, (c, { query }) => reportDetail(c.get('deps').db, c.get('actor'), query));
served.router.get(
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
);

served.on(reports.summary, (c, { query }) => reportSummary(c.get('deps').db, c.get('actor'), query));
served.router.get(
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
);

served.on(reports.daily, (c, { query }) => reportDaily(c.get('deps').db, c.get('actor'), query));
served.router.get(
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

served.on(reports.bukti, async (c, { query }) => {
  const { db } = c.get('deps');
  const ctx = await buktiContext(db, query);
  return { result: await buktiRows(db, c.get('actor'), ctx) };
});
served.router
  .get(
    '/bukti-kunjungan/export',
    route({
      tag,
      summary: 'Laporan Bukti Kunjungan as a streamed .xlsx, with a sheet "Bukti" of every checked-in visit',
      description: `Sheet 1: the rows of GET /api/report/bukti-kunjungan. Sheet "Bukti": one row per checked-in visit (day, store, SPG, times, verified, flags, decision) with links to its photos on this server (/uploads/photo/{file} on the configured PUBLIC_URL). ${BUKTI_NOTE}`,
      access,
      responses: { 200: { file: XLSX_TYPE } },
      errors: [404],
    }),
    validate('query', BuktiKunjunganQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      // The app's configured public address (PUBLIC_URL), never the request's Host: these links leave the app.
      const origin = deps.publicUrl ?? 'http://localhost';
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

export const reportRoutes = served.router;
