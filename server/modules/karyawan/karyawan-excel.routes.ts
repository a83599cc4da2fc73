/**
 * /api/karyawan, the Excel side (spec part 1 §2 "Employee upload", §7): the list export, the upload
 * sheet (template or filtered data), the upload and its history; and the salary of a period.
 */
import { Hono } from 'hono';
import { resolver } from 'hono-openapi';
import { GajiParamSchema, GajiPeriodAnswerSchema } from '../../../src/domain/karyawan/karyawan-gaji';
import { KaryawanExportQuerySchema } from '../../../src/domain/karyawan/karyawan-list';
import {
  KaryawanReportQuerySchema,
  KaryawanUploadAnswerSchema,
  UPLOAD_COLUMN_KEYS,
} from '../../../src/domain/karyawan/karyawan-upload';
import { UploadFileBodySchema } from '../../../src/domain/upload';
import type { AppEnv } from '../../lib/context';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate } from '../../lib/openapi';
import { exportKaryawanXlsx, karyawanSheetXlsx } from './karyawan-export.service';
import { gajiPeriode } from './karyawan-gaji.service';
import { fileAnswer } from '../../lib/attachments';
import { pathParams } from './karyawan-http';
import { readUploadFile, uploadBodyLimit, uploadHistoryRoutes } from '../../lib/upload-routes';
import { UPLOAD_JENIS, uploadKaryawan } from './karyawan-upload.service';

const tag = 'Karyawan: Excel';

export const karyawanExcelRoutes = new Hono<AppEnv>()
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
      const file = exportKaryawanXlsx(deps.db, c.get('actor'), c.req.valid('query'), deps.now());
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
      const file = karyawanSheetXlsx(deps.db, c.get('actor'), { ...filter, template: template === '1' }, deps.now());
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  )
  .post(
    '/upload',
    route({
      tag,
      summary: 'Upload employees from an .xlsx sheet (upsert by NRP)',
      description:
        'The good rows are saved in one transaction with the history row naming every refused row. ' +
        'The file is recognised by its content, at most 20 MB.',
      access: { all: ['karyawan.upload'] },
      responses: { 200: KaryawanUploadAnswerSchema },
      errors: [413],
      extra: { requestBody: { content: { 'multipart/form-data': { schema: resolver(UploadFileBodySchema) } } } },
    }),
    uploadBodyLimit,
    async (c) => c.json(await uploadKaryawan(c.get('deps'), c.get('actor'), await readUploadFile(c))),
  )
  .route(
    '/',
    uploadHistoryRoutes({
      tag,
      jenis: UPLOAD_JENIS,
      what: 'employee',
      access: { all: ['karyawan.upload'] },
      columns: [...UPLOAD_COLUMN_KEYS],
    }),
  )
  .get(
    '/:nrp/gaji/:period',
    route({
      tag,
      summary: "The salary of a period, from the employee's attendance",
      description: 'No period, or no attendance in it, answers `result: null` with the empty-state text.',
      access: { all: ['karyawan.gaji.read'] },
      responses: { 200: GajiPeriodAnswerSchema },
      errors: [404],
    }),
    pathParams(GajiParamSchema),
    async (c) => {
      const { nrp, period } = c.req.valid('param');
      return c.json(await gajiPeriode(c.get('deps').db, c.get('actor'), nrp, period));
    },
  );
