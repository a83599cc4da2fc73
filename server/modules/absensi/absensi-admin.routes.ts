/**
 * /api/absensi, HR's side (spec part 2 §2.7, §7 "Attendance"): the manual entry (POST /), its delete
 * (DELETE /), a day's change history, the employee look-up, and the upload with its template, history
 * and refused rows. Mounted beside absensi.routes.ts (the list and the employee's own day).
 */
import { Hono } from 'hono';
import { resolver } from 'hono-openapi';
import {
  ABSENSI_UPLOAD_COLUMNS,
  ABSENSI_UPLOAD_MESSAGES,
  AbsensiDayParamSchema,
  AbsensiDeleteSchema,
  AbsensiHistoryAnswerSchema,
  AbsensiManualAnswerSchema,
  AbsensiManualSchema,
  AbsensiTemplateQuerySchema,
  AbsensiTemporaryAnswerSchema,
  AbsensiUploadAnswerSchema,
  AbsensiUploadLogAnswerSchema,
  FindNrpAnswerSchema,
  FindNrpQuerySchema,
} from '../../../src/domain/absensi/absensi-admin';
import { MessageSchema } from '../../../src/domain/api';
import { UploadFileBodySchema, UploadLogQuerySchema } from '../../../src/domain/upload';
import { dateIn } from '../../../src/domain/time-zone';
import { fileAnswer } from '../../lib/attachments';
import { notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/context';
import { XLSX_TYPE } from '../../lib/excel';
import { route, validate } from '../../lib/openapi';
import { readUploadFile, uploadBodyLimit, uploadHistoryRoutes } from '../../lib/upload-routes';
import { dayHistory, deleteManual, findNrp, saveManual } from './absensi-admin.service';
import { absensiUploadLog, templateXlsx, temporaryUpload, temporaryXlsx } from './absensi-upload-files.service';
import { ABSENSI_UPLOAD_JENIS, uploadAbsensi } from './absensi-upload.service';

const tag = 'Absensi: HR';
const POSTED_NOTE = 'A day inside a posted period is refused with 409.';

export const absensiAdminRoutes = new Hono<AppEnv>()
  .post(
    '/',
    route({
      tag,
      summary: 'Manual attendance: create or change a day (sumber M)',
      description:
        'Spec §3 "Manual attendance payload" plus a required `alasan`. jam_masuk and jam_keluar are local ' +
        "times of the employee's location zone. 201: created; 200: changed, or `changed: false` when the " +
        'values equal the stored ones (nothing written). Every change is kept in the history with who, when, ' +
        `why, before and after. ${POSTED_NOTE} Only employees inside the user's trustee scope (403).`,
      access: { all: ['absensi.manual'] },
      responses: { 200: AbsensiManualAnswerSchema, 201: AbsensiManualAnswerSchema },
      errors: [403, 404, 409],
    }),
    validate('json', AbsensiManualSchema),
    async (c) => {
      const deps = c.get('deps');
      const { status, body } = await saveManual(deps.db, c.get('actor'), c.req.valid('json'), deps.now());
      return c.json(body, status);
    },
  )
  .delete(
    '/',
    route({
      tag,
      summary: 'Delete a manual or uploaded attendance day',
      description:
        'Body nrp, tanggal and the reason `alasan` (kept in the history). A day recorded by the field app ' +
        `(sumber S, with its photos and positions) is not deleted: 409. ${POSTED_NOTE}`,
      access: { all: ['absensi.delete'] },
      responses: { 200: MessageSchema },
      errors: [403, 404, 409],
    }),
    validate('json', AbsensiDeleteSchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await deleteManual(deps.db, c.get('actor'), c.req.valid('json'), deps.now()));
    },
  )
  .get(
    '/find/nrp',
    route({
      tag,
      summary: 'Look up active employees by NRP or name (the manual form picker)',
      description:
        '`q` matches part of the NRP or the name; 10 a page, NRP order; within the trustee scope. Each row ' +
        "carries the employee's time zone and the shift of her current visit plan.",
      access: { any: ['absensi.manual', 'absensi.upload'] },
      responses: { 200: FindNrpAnswerSchema },
    }),
    validate('query', FindNrpQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await findNrp(deps.db, c.get('actor'), c.req.valid('query'), dateIn('Asia/Jakarta', deps.now())));
    },
  )
  .post(
    '/upload',
    route({
      tag,
      summary: 'Upload attendance days from an .xlsx sheet (upsert by nrp + tanggal, sumber U)',
      description:
        'Columns as the template. Every row is checked as the manual form; the good rows are saved in one ' +
        'transaction with a history row per changed day and the upload-log row naming every refused row. ' +
        '`missing_nrp` lists the NRPs that name no employee. A row equal to the stored day writes nothing, so ' +
        `the same file twice changes nothing. ${POSTED_NOTE.replace('is refused with 409', 'is a refused row')}`,
      access: { all: ['absensi.upload'] },
      responses: { 200: AbsensiUploadAnswerSchema },
      errors: [413],
      extra: { requestBody: { content: { 'multipart/form-data': { schema: resolver(UploadFileBodySchema) } } } },
    }),
    uploadBodyLimit,
    async (c) => c.json(await uploadAbsensi(c.get('deps'), c.get('actor'), await readUploadFile(c))),
  )
  .get(
    '/log/upload',
    route({
      tag,
      summary: 'Log Upload Absensi: the attendance upload history, newest first (page size 10)',
      description:
        'A user limited by a trustee scope sees their own uploads. `missing_nrp`: the NRPs of the file that ' +
        'name no employee. Every refused row of one upload: GET /api/absensi/upload/log/{id}.',
      access: { all: ['absensi.upload'] },
      responses: { 200: AbsensiUploadLogAnswerSchema },
    }),
    validate('query', UploadLogQuerySchema),
    async (c) => c.json(await absensiUploadLog(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .route(
    '/',
    uploadHistoryRoutes({
      tag,
      jenis: ABSENSI_UPLOAD_JENIS,
      what: 'attendance',
      access: { all: ['absensi.upload'] },
      columns: ABSENSI_UPLOAD_COLUMNS,
    }),
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
  )
  .get(
    '/temporary/upload',
    route({
      tag,
      summary: "The refused rows of the caller's latest attendance upload, to fix and upload again",
      description:
        'Each refused row with its reason and the cells as the file had them; `result: null` when the ' +
        'caller has not uploaded attendance. The same rows as a sheet: GET /api/absensi/temporary/upload/download.',
      access: { all: ['absensi.upload'] },
      responses: { 200: AbsensiTemporaryAnswerSchema },
    }),
    async (c) => c.json({ result: await temporaryUpload(c.get('deps').db, c.get('actor')) }),
  )
  .get(
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
  )
  .get(
    '/:nrp/:tanggal/history',
    route({
      tag,
      summary: "A day's change history: who, when, why, values before and after (newest first)",
      description: 'Kept after the day is deleted. Within the trustee scope (403).',
      access: { any: ['absensi.read', 'absensi.manual'] },
      responses: { 200: AbsensiHistoryAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', AbsensiDayParamSchema),
    async (c) => {
      const { nrp, tanggal } = c.req.valid('param');
      return c.json({ result: await dayHistory(c.get('deps').db, c.get('actor'), nrp, tanggal) });
    },
  );
