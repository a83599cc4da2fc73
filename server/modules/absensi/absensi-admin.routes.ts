/**
 * /api/absensi, HR's side (spec part 2 §2.7, §7 "Attendance"): the manual entry (POST /), its delete
 * (DELETE /), a day's change history, the employee look-up, and the upload with its template, history
 * and refused rows. Mounted beside absensi.routes.ts (the list and the employee's own day). Serves
 * `adminContracts` of src/domain/absensi/contracts.ts, and the upload history every upload shares
 * (`absensiUploadHistory`, through uploadHistoryRoutes); the template and the refused rows as .xlsx answer
 * files: hand-written routes, in their place.
 */
import type { Context } from 'hono';
import {
  ABSENSI_UPLOAD_COLUMNS,
  ABSENSI_UPLOAD_MESSAGES,
  AbsensiTemplateQuerySchema,
} from '../../../src/domain/absensi/absensi-admin';
import {
  ABSENSI_HR_TAG as tag,
  absensiUploadHistory,
  adminContracts as admin,
} from '../../../src/domain/absensi/contracts';
import { dateIn } from '../../../src/domain/time-zone';
import { fileAnswer } from '../../lib/attachments';
import { notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/context';
import { contractRouter, type Answered } from '../../lib/contract-route';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate } from '../../lib/openapi';
import { readUploadFile, uploadBodyLimit, uploadHistoryRoutes } from '../../lib/upload-routes';
import { dayHistory, deleteManual, findNrp, saveManual } from './absensi-admin.service';
import { absensiUploadLog, templateXlsx, temporaryUpload, temporaryXlsx } from './absensi-upload-files.service';
import { ABSENSI_UPLOAD_JENIS, uploadAbsensi } from './absensi-upload.service';

/** An answer with the status the service chose (201 created, 200 changed), both declared by the contract. */
const withStatus = <T>(c: Context<AppEnv>, a: { status: 200 | 201; body: T }) =>
  c.json(a.body as object, a.status) as unknown as Answered<T>;

const routes = contractRouter('/api/absensi')
  .on(admin.saveManual, async (c, { body }) => {
    const deps = c.get('deps');
    return withStatus(c, await saveManual(deps.db, c.get('actor'), body, deps.now()));
  })
  .on(admin.deleteManual, async (c, { body }) => {
    const deps = c.get('deps');
    return deleteManual(deps.db, c.get('actor'), body, deps.now());
  })
  .on(admin.findNrp, async (c, { query }) => {
    const deps = c.get('deps');
    return findNrp(deps.db, c.get('actor'), query, dateIn('Asia/Jakarta', deps.now()));
  })
  .on(admin.upload, async (c) => uploadAbsensi(c.get('deps'), c.get('actor'), await readUploadFile(c)), {
    before: [uploadBodyLimit],
  })
  .on(admin.uploadLog, async (c, { query }) => absensiUploadLog(c.get('deps').db, c.get('actor'), query));
routes.router
  .route(
    '/',
    uploadHistoryRoutes(absensiUploadHistory, { jenis: ABSENSI_UPLOAD_JENIS, columns: ABSENSI_UPLOAD_COLUMNS }),
  )
  .get(
    '/template/download',
    route({
      tag,
      summary: 'The upload template of a period for the filtered employees (.xlsx)',
      description:
        '`period` (YYYYMM) is required ("Mohon pilih Period"); client, lokasi, type, divisi, jabatan, ' +
        'keyAccount and salesOffice are lists of codes joined by commas. `rows=day` (default): one row per ' +
        'active employee in scope and day of the period, prefilled with the stored values; `rows=employee`: ' +
        'one row per employee.',
      access: { all: ['absensi.upload'] },
      responses: { 200: { file: XLSX_TYPE } },
      errors: [404],
    }),
    validate('query', AbsensiTemplateQuerySchema),
    async (c) => {
      const file = await templateXlsx(c.get('deps').db, c.get('actor'), c.req.valid('query'));
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  );
routes.on(admin.temporary, async (c) => ({ result: await temporaryUpload(c.get('deps').db, c.get('actor')) }));
routes.router.get(
  '/temporary/upload/download',
  route({
    tag,
    summary: "The refused rows of the caller's latest attendance upload as an .xlsx",
    description:
      'The template columns plus alasan_gagal (ignored on upload): fix the rows and upload the file again. ' +
      '404 when the caller has not uploaded attendance.',
    access: { all: ['absensi.upload'] },
    responses: { 200: { file: XLSX_TYPE } },
    errors: [404],
  }),
  async (c) => {
    const result = await temporaryUpload(c.get('deps').db, c.get('actor'));
    if (!result) throw notFound(ABSENSI_UPLOAD_MESSAGES.noUpload);
    const file = temporaryXlsx(result);
    return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
  },
);
routes.on(admin.history, async (c, { params }) => ({
  result: await dayHistory(c.get('deps').db, c.get('actor'), params.nrp, params.tanggal),
}));

export const absensiAdminRoutes = routes.router;
