/**
 * /api/karyawan, the Excel side (spec part 1 §2 "Employee upload", §7): the list export, the upload
 * sheet (template or filtered data), the upload and its history; and the salary of a period. The upload
 * and the salary serve their contracts (src/domain/karyawan/contracts.ts), the history those of
 * `karyawanUploadHistory` through the shared `uploadHistoryRoutes()`; the .xlsx answers are files,
 * hand-written routes in their places.
 */
import {
  KARYAWAN_EXCEL_TAG as tag,
  karyawanExcelContracts as excel,
  karyawanUploadHistory,
} from '../../../src/domain/karyawan/contracts';
import { KaryawanExportQuerySchema } from '../../../src/domain/karyawan/karyawan-list';
import { KaryawanReportQuerySchema, UPLOAD_COLUMN_KEYS } from '../../../src/domain/karyawan/karyawan-upload';
import { fileAnswer } from '../../lib/attachments';
import { contractRouter } from '../../lib/contract-route';
import { XLSX_TYPE } from '../../lib/excel';
import { localDay } from '../../lib/local-day';
import { route, validate } from '../../lib/openapi';
import { readUploadFile, uploadBodyLimit, uploadHistoryRoutes } from '../../lib/upload-routes';
import { exportKaryawanXlsx, karyawanSheetXlsx } from './karyawan-export.service';
import { gajiPeriode } from './karyawan-gaji.service';
import { namingParams } from './karyawan-http';
import { UPLOAD_JENIS, uploadKaryawan } from './karyawan-upload.service';

const routes = contractRouter('/api/karyawan');
routes.router
  .get(
    '/export/excel',
    route({
      tag,
      summary: 'The active or resigned list as an .xlsx report',
      description:
        'Every row of the list within the trustee scope, NRP order; salary columns only with karyawan.gaji.read.',
      access: { all: ['karyawan.export'] },
      responses: { 200: { file: XLSX_TYPE } },
    }),
    validate('query', KaryawanExportQuerySchema),
    (c) => {
      const deps = c.get('deps');
      const file = exportKaryawanXlsx(deps.db, c.get('actor'), c.req.valid('query'), localDay(c, deps.now()));
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  )
  .get(
    '/report/download',
    route({
      tag,
      summary: 'The upload sheet: the empty template (template=1) or the filtered data',
      description: 'Each filter is a list of codes joined by commas.',
      access: { all: ['karyawan.upload'] },
      responses: { 200: { file: XLSX_TYPE } },
    }),
    validate('query', KaryawanReportQuerySchema),
    (c) => {
      const deps = c.get('deps');
      const { template, ...filter } = c.req.valid('query');
      const file = karyawanSheetXlsx(
        deps.db,
        c.get('actor'),
        { ...filter, template: template === '1' },
        localDay(c, deps.now()),
      );
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  );
routes.on(excel.upload, async (c) => uploadKaryawan(c.get('deps'), c.get('actor'), await readUploadFile(c)), {
  before: [uploadBodyLimit],
});
routes.router.route(
  '/',
  uploadHistoryRoutes(karyawanUploadHistory, { jenis: UPLOAD_JENIS, columns: [...UPLOAD_COLUMN_KEYS] }),
);
// A malformed NRP names nobody (404); a malformed period is a 400.
routes.on(
  excel.gaji,
  async (c, { params }) => gajiPeriode(c.get('deps').db, c.get('actor'), params.nrp, params.period),
  { check: { param: namingParams } },
);

export const karyawanExcelRoutes = routes.router;
