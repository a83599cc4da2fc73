/**
 * /api/absensi, the back office's side (spec part 2 §2.7, §7 "Attendance"), one contract per JSON
 * endpoint (src/domain/contract.ts): HR's list, a day's history, the employee look-up, the manual entry
 * and delete, the upload and its log and refused rows, and posting. The field app's own endpoints are in
 * field-contracts.ts, Perlu Ditinjau in tinjau-contracts.ts, Koreksi Absensi in koreksi-contracts.ts
 * (apart, so the phone loads only what it calls); all are re-exported here.
 *
 * The upload history every upload shares (…/upload/log, …/upload/log/{id}) is `absensiUploadHistory`
 * (src/domain/upload-contracts.ts), served by server/lib/upload-routes.ts; Log Upload Absensi
 * (`adminContracts.uploadLog`) is the screen's own list.
 *
 * Not contracts: the file answers — the upload template, the refused rows as .xlsx, a correction's
 * photo — stay hand-written `route()`s in server/modules/absensi and server/lib/upload-routes.ts.
 */
import { MessageSchema } from '../api';
import { contract, type Access } from '../contract';
import { UploadFileBodySchema, UploadLogQuerySchema } from '../upload';
import { uploadHistoryContracts } from '../upload-contracts';
import {
  AbsensiDayParamSchema,
  AbsensiDeleteSchema,
  AbsensiHistoryAnswerSchema,
  AbsensiManualAnswerSchema,
  AbsensiManualSchema,
  AbsensiTemporaryAnswerSchema,
  AbsensiUploadAnswerSchema,
  AbsensiUploadLogAnswerSchema,
  FindNrpAnswerSchema,
  FindNrpQuerySchema,
} from './absensi-admin';
import { AbsensiListAnswerSchema } from './absensi-list';
import { AbsensiListQuerySchema } from './absensi-search';
import {
  AbsensiPeriodSummaryAnswerSchema,
  AfterPostingAnswerSchema,
  PeriodParamSchema,
  PeriodSummaryQuerySchema,
  PostingAnswerSchema,
  PostingBodySchema,
} from './absensi-summary';
import { ABSENSI_TAG } from './field-contracts';

export * from './field-contracts';
export * from './koreksi-contracts';
export * from './tinjau-contracts';

export const ABSENSI_HR_TAG = 'Absensi: HR';

const POSTED_NOTE = 'A day inside a posted period is refused with 409.';

export const adminContracts = {
  /** HR's list; served first with the own day's routes (absensi-field.routes.ts), as it always was. */
  list: contract({
    method: 'GET',
    path: '/api/absensi',
    tag: ABSENSI_TAG,
    summary: 'Attendance records of a date range (HR list)',
    description:
      '`startDate` defaults to today (the newest day in Indonesia, WIT), `endDate` to `startDate`; a day after today is a 400. ' +
      'Each record carries ' +
      "that day's store visits. Limited to the user's data scope.",
    access: { any: ['absensi.read', 'absensi.manual'] },
    query: AbsensiListQuerySchema,
    answer: AbsensiListAnswerSchema,
  }),
  saveManual: contract({
    method: 'POST',
    path: '/api/absensi',
    tag: ABSENSI_HR_TAG,
    summary: 'Manual attendance: create or change a day (sumber M)',
    description:
      'Spec §3 "Manual attendance payload" plus a required `alasan`. jam_masuk and jam_keluar are local ' +
      "times of the employee's location zone. 201: created; 200: changed, or `changed: false` when the " +
      'values equal the stored ones (nothing written). Every change is kept in the history with who, when, ' +
      `why, before and after. ${POSTED_NOTE} Only employees inside the user's trustee scope (403).`,
    access: { all: ['absensi.manual'] },
    body: AbsensiManualSchema,
    answer: AbsensiManualAnswerSchema,
    alsoStatus: 201,
    errors: [403, 404, 409],
  }),
  deleteManual: contract({
    method: 'DELETE',
    path: '/api/absensi',
    tag: ABSENSI_HR_TAG,
    summary: 'Delete a manual or uploaded attendance day',
    description:
      'Body nrp, tanggal and the reason `alasan` (kept in the history). A day recorded by the field app ' +
      `(sumber S, with its photos and positions) is not deleted: 409. ${POSTED_NOTE}`,
    access: { all: ['absensi.delete'] },
    body: AbsensiDeleteSchema,
    answer: MessageSchema,
    errors: [403, 404, 409],
  }),
  findNrp: contract({
    method: 'GET',
    path: '/api/absensi/find/nrp',
    tag: ABSENSI_HR_TAG,
    summary: 'Look up active employees by NRP or name (the manual form picker)',
    description:
      '`q` matches part of the NRP or the name; 10 a page, NRP order; within the trustee scope. Each row ' +
      "carries the employee's time zone and the shift of her current visit plan.",
    access: { any: ['absensi.manual', 'absensi.upload'] },
    query: FindNrpQuerySchema,
    answer: FindNrpAnswerSchema,
  }),
  upload: contract({
    method: 'POST',
    path: '/api/absensi/upload',
    tag: ABSENSI_HR_TAG,
    summary: 'Upload attendance days from an .xlsx sheet (upsert by nrp + tanggal, sumber U)',
    description:
      'Columns as the template. Every row is checked as the manual form; the good rows are saved in one ' +
      'transaction with a history row per changed day and the upload-log row naming every refused row. ' +
      '`missing_nrp` lists the NRPs that name no employee. A row equal to the stored day writes nothing, so ' +
      `the same file twice changes nothing. ${POSTED_NOTE.replace('is refused with 409', 'is a refused row')}`,
    access: { all: ['absensi.upload'] },
    form: UploadFileBodySchema,
    answer: AbsensiUploadAnswerSchema,
    errors: [413],
  }),
  uploadLog: contract({
    method: 'GET',
    path: '/api/absensi/log/upload',
    tag: ABSENSI_HR_TAG,
    summary: 'Log Upload Absensi: the attendance upload history, newest first (page size 10)',
    description:
      'A user limited by a trustee scope sees their own uploads. `missing_nrp`: the NRPs of the file that ' +
      'name no employee. Every refused row of one upload: GET /api/absensi/upload/log/{id}.',
    access: { all: ['absensi.upload'] },
    query: UploadLogQuerySchema,
    answer: AbsensiUploadLogAnswerSchema,
  }),
  temporary: contract({
    method: 'GET',
    path: '/api/absensi/temporary/upload',
    tag: ABSENSI_HR_TAG,
    summary: "The refused rows of the caller's latest attendance upload, to fix and upload again",
    description:
      'Each refused row with its reason and the cells as the file had them; `result: null` when the ' +
      'caller has not uploaded attendance. The same rows as a sheet: GET /api/absensi/temporary/upload/download.',
    access: { all: ['absensi.upload'] },
    answer: AbsensiTemporaryAnswerSchema,
  }),
  history: contract({
    method: 'GET',
    path: '/api/absensi/:nrp/:tanggal/history',
    tag: ABSENSI_HR_TAG,
    summary: "A day's change history: who, when, why, values before and after (newest first)",
    description: 'Kept after the day is deleted. Within the trustee scope (403).',
    access: { any: ['absensi.read', 'absensi.manual'] },
    params: AbsensiDayParamSchema,
    answer: AbsensiHistoryAnswerSchema,
    errors: [403, 404],
  }),
};

/** GET /api/absensi/upload/log and …/upload/log/{id}: the history of the attendance upload. */
export const absensiUploadHistory = uploadHistoryContracts({
  prefix: '/api/absensi',
  tag: ABSENSI_HR_TAG,
  what: 'attendance',
  access: { all: ['absensi.upload'] },
});

// ---------------------------------------------------------------- posting (absensi-posting.routes.ts)

const POSTING_READ: Access = {
  all: ['absensi.posting'],
  note: "Only employees of the user's trustee scope are listed.",
};

export const postingContracts = {
  periodSummary: contract({
    method: 'GET',
    path: '/api/absensi/period/:id',
    tag: ABSENSI_TAG,
    summary: 'A period\'s attendance summary per employee (spec §3 "Attendance summary")',
    description:
      'Counted live while the period is open (src/domain/absensi/absensi-summary.ts); once posted, the counts frozen by the posting. Page size 30.',
    access: POSTING_READ,
    params: PeriodParamSchema,
    query: PeriodSummaryQuerySchema,
    answer: AbsensiPeriodSummaryAnswerSchema,
    errors: [404],
  }),
  afterPosting: contract({
    method: 'GET',
    path: '/api/absensi/period/:id/after-posting',
    tag: ABSENSI_TAG,
    summary: 'Field check-ins of a posted period that reached the server after its posting',
    description: 'Rows flagged after_posting (the day record or a store visit): corrections for the next payroll.',
    access: POSTING_READ,
    params: PeriodParamSchema,
    query: PeriodSummaryQuerySchema,
    answer: AfterPostingAnswerSchema,
    errors: [404],
  }),
  post: contract({
    method: 'POST',
    path: '/api/absensi/posting',
    tag: ABSENSI_TAG,
    summary: 'Post a period: freeze its summary for payroll and lock its attendance',
    description:
      'Posts every employee of the period in one transaction. Only a user whose trustee scope does not limit the employees may post (403). ' +
      'Posting disabled (Enable Posting off) is 422; a period already posted is 409; a period that has not ended yet ' +
      '(its last day not over in WIB) is 409 `period_not_ended` unless `belum_berakhir` is true.',
    access: { all: ['absensi.posting'] },
    body: PostingBodySchema,
    answer: PostingAnswerSchema,
    errors: [404, 409, 422],
  }),
};
