/**
 * /api/absensi and the field app's visit check-in (spec part 2 §2.3, §2.7, §7 "Attendance"), one
 * contract per JSON endpoint (src/domain/contract.ts). docs/decisions/005-field-checkin-api.md.
 *
 * - The field app: the own day (read it, check in or out) and the day's planned visits (read them,
 *   check in or out of one line). The writes are multipart with a photo, sent by the outbox
 *   (src/features/absensi/outbox.ts) under the row id as Idempotency-Key. A day row names its action
 *   (`action`); a row queued before it did is told by its time field (jam_masuk or jam_keluar).
 * - HR: the list, a day's history, the employee look-up, the manual entry and delete, the upload and
 *   its history; posting; the review queue (tinjau); Koreksi Absensi.
 *
 * The three field writes document their body as required and their Idempotency-Key header without an
 * example (server/modules/absensi/field-write-doc.ts), as they always did; so they do not set
 * `idempotent` (which documents the header with one) and list its 422 themselves.
 *
 * Not contracts: the file answers — the upload template, the refused rows as .xlsx, a correction's
 * photo — and the upload history shared by every upload (server/lib/upload-routes.ts) stay
 * hand-written `route()`s in server/modules/absensi.
 */
import * as v from 'valibot';
import { MessageSchema } from '../api';
import { contract, type Access } from '../contract';
import { UploadFileBodySchema, UploadLogQuerySchema } from '../upload';
import {
  AbsensiOwnDayAnswerSchema,
  AbsensiSpgAnswerSchema,
  AbsensiSpgFormSchema,
  TanggalQuerySchema,
} from './absensi';
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
import {
  KoreksiCreatedSchema,
  KoreksiDecidedSchema,
  KoreksiDecisionSchema,
  KoreksiFormDocSchema,
  KoreksiIdParamSchema,
  KoreksiListAnswerSchema,
  KoreksiListQuerySchema,
} from './koreksi';
import {
  KaryawanRefSchema,
  KunjunganCheckAnswerSchema,
  KunjunganCheckFormSchema,
  KunjunganDayAnswerSchema,
  VisitLineIdSchema,
} from './kunjungan-checkin';
import {
  TINJAU_MESSAGES,
  TinjauCatatanSchema,
  TinjauDecisionSchema,
  TinjauDetailAnswerSchema,
  TinjauIdSchema,
  TinjauItemSchema,
  TinjauListAnswerSchema,
} from './tinjau';
import { TinjauListQuerySchema } from './tinjau-search';

export const ABSENSI_TAG = 'Absensi';
export const ABSENSI_HR_TAG = 'Absensi: HR';
const KUNJUNGAN_TAG = 'Kunjungan';

export const OWN_RECORD_NOTE =
  'Own records only: the account must be linked to an employee (403 otherwise), and acts as that employee.';

// ---------------------------------------------------------------- the field app

/** `{id}` of the visit check-in/out: a line id; the server answers 404 for anything else. */
export const VisitLineParamSchema = v.object({ id: VisitLineIdSchema });
/** `{id}` of /api/kunjungan/karyawan/{id}: `me` or an NRP; the server answers 404 for anything else. */
export const KaryawanRefParamSchema = v.object({ id: KaryawanRefSchema });

const visitCheck = (side: 'in' | 'out') =>
  ({
    method: 'POST',
    tag: KUNJUNGAN_TAG,
    summary: side === 'in' ? 'Check in to a planned store visit' : 'Check out of a checked-in store visit',
    description:
      'Multipart: the fields and a `photo`. The time recorded is that of `captured_at` in the ' +
      "employee's location's time zone (`jam` only says the phone's reading); a line of a day inside a " +
      'posted period is kept and flagged `after_posting`. The distance from the store is computed and stored; a check ' +
      'farther than the visit radius, without a position (reason in `location_error`) or with a far-off ' +
      "device clock is kept and flagged, never refused. Only a line of the caller's own plan. A side " +
      'already recorded answers 200 with `already_recorded: true` and the line as it stands (nothing is ' +
      'written); a check-out before any check-in the server knows is a 409.',
    access: { session: true, note: OWN_RECORD_NOTE },
    params: VisitLineParamSchema,
    form: KunjunganCheckFormSchema,
    answer: KunjunganCheckAnswerSchema,
    errors: [403, 404, 409, 413, 422],
  }) as const;

export const fieldContracts = {
  /** HR's list; registered with the field routes (absensi-field.routes.ts), as it always was. */
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
  ownDay: contract({
    method: 'GET',
    path: '/api/absensi/new/spg',
    tag: ABSENSI_TAG,
    summary: "The caller's own attendance of a day",
    description:
      "`tanggal` defaults to the employee's today in her location's time zone. `result` is null before the check-in.",
    access: { session: true, note: OWN_RECORD_NOTE },
    query: TanggalQuerySchema,
    answer: AbsensiOwnDayAnswerSchema,
    errors: [403],
  }),
  /** The outbox's absensi.check-in and absensi.check-out rows. */
  dayAction: contract({
    method: 'POST',
    path: '/api/absensi/new/spg',
    tag: ABSENSI_TAG,
    summary: 'Check in (jam_masuk) or check out (jam_keluar) of the own day',
    description:
      'Multipart: the fields and a `photo`. The day (tanggal) and the time recorded are those of ' +
      "`captured_at` in the employee's location's time zone (WIB, WITA, WIT); `jam_masuk` or `jam_keluar` " +
      'says which action it is. A day inside a posted period is kept and flagged `after_posting`. Without lat/long the reason goes in `location_error`; the ' +
      'record is kept and flagged (no_location, clock_skew; a phone sends its clock at sending in X-Device-Time), never refused for where or when it was taken. ' +
      '201: recorded now. 200 with `already_recorded: true`: that check-in (or check-out) was already ' +
      'recorded; the answer is the record as it stands and nothing is written. 409: a real conflict ' +
      '(a check-out before any check-in, a day entered by HR with another status).',
    access: { session: true, note: OWN_RECORD_NOTE },
    form: AbsensiSpgFormSchema,
    answer: AbsensiSpgAnswerSchema,
    status: 201,
    alsoStatus: 200,
    errors: [403, 409, 413, 422],
  }),
  visitDay: contract({
    method: 'GET',
    path: '/api/kunjungan/karyawan/:id',
    tag: KUNJUNGAN_TAG,
    summary: "An employee's planned store visits of a day, with the stores' coordinates",
    description:
      '`id` is `me` (or the own NRP) for the own plan; another NRP needs kunjungan.read and must be in the ' +
      "user's data scope. `tanggal` defaults to the employee's today in her location's time zone; a day without a plan answers no lines.",
    access: { session: true, note: 'Another employee: kunjungan.read, within scope.' },
    params: KaryawanRefParamSchema,
    query: TanggalQuerySchema,
    answer: KunjunganDayAnswerSchema,
    errors: [403, 404],
  }),
  /** The outbox's kunjungan.check-in rows. */
  visitCheckIn: contract({ ...visitCheck('in'), path: '/api/kunjungan/detail/:id/check-in' }),
  /** The outbox's kunjungan.check-out rows. */
  visitCheckOut: contract({ ...visitCheck('out'), path: '/api/kunjungan/detail/:id/check-out' }),
};

// ---------------------------------------------------------------- HR (absensi-admin.routes.ts)

const POSTED_NOTE = 'A day inside a posted period is refused with 409.';

export const adminContracts = {
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

// ---------------------------------------------------------------- Perlu Ditinjau (tinjau.routes.ts)

const REVIEW: Access = { all: ['absensi.tinjau'], note: "Only employees of the user's trustee scope." };
export const TinjauIdParamSchema = v.object({ id: TinjauIdSchema });
/** A decision or a note: the item as it stands after it. */
export const TinjauItemAnswerSchema = v.object({ message: v.string(), result: TinjauItemSchema });

export const tinjauContracts = {
  list: contract({
    method: 'GET',
    path: '/api/absensi/tinjau',
    tag: ABSENSI_TAG,
    summary: 'Perlu Ditinjau: flagged check-ins of days and visits (open or decided)',
    description:
      'Every day record and visit line whose flags ask for a look (all but `after_posting`), newest day first. ' +
      '`status=open` (default) lists those without a decision, `closed` the decided ones. The date range defaults ' +
      "to the last 31 days; `lokasi_id` filters by the employee's location, `jenis` by `hari` or `kunjungan`. " +
      "An item's `id` is `hari-<id>` or `kunjungan-<id>`.",
    access: REVIEW,
    query: TinjauListQuerySchema,
    answer: TinjauListAnswerSchema,
  }),
  detail: contract({
    method: 'GET',
    path: '/api/absensi/tinjau/:id',
    tag: ABSENSI_TAG,
    summary: 'One flagged check-in with the earlier photos its photos resemble',
    description: '`matches`: for photo_reused / photo_shared, the matched photo, its employee and when it was taken.',
    access: REVIEW,
    params: TinjauIdParamSchema,
    answer: TinjauDetailAnswerSchema,
    errors: [403, 404],
  }),
  decide: contract({
    method: 'POST',
    path: '/api/absensi/tinjau/:id',
    tag: ABSENSI_TAG,
    summary: 'Decide a flagged check-in: terima or tolak, with a reason',
    description:
      'Audited on the item (who, when, why, and the flags seen). A rejected visit counts as not visited everywhere; ' +
      `a rejected day shows as such in the list and the reports. Without a reason: 400 "${TINJAU_MESSAGES.alasanRequired}"; ` +
      'already decided: 409.',
    access: REVIEW,
    params: TinjauIdParamSchema,
    body: TinjauDecisionSchema,
    answer: TinjauItemAnswerSchema,
    errors: [403, 404, 409],
  }),
  /** The outbox's tinjau.catatan rows. */
  note: contract({
    method: 'POST',
    path: '/api/absensi/tinjau/:id/catatan',
    tag: ABSENSI_TAG,
    summary: "The employee's note on her own flagged check-in",
    description:
      'Sent by her phone through the outbox: takes an `Idempotency-Key` (the outbox row id). Only her own record (403); ' +
      'the newest note replaces an earlier one.',
    access: { session: true, note: 'The employee herself.' },
    params: TinjauIdParamSchema,
    body: TinjauCatatanSchema,
    answer: TinjauItemAnswerSchema,
    errors: [403, 404, 422],
    idempotent: true,
  }),
};

// ---------------------------------------------------------------- Koreksi Absensi (koreksi.routes.ts)

const POSTED = '409 "Periode sudah diposting" when the day lies in a posted period.';

export const koreksiContracts = {
  list: contract({
    method: 'GET',
    path: '/api/absensi/koreksi',
    tag: ABSENSI_TAG,
    summary: "Koreksi Absensi: the caller's queue (by role and scope), or her own requests (mine=1)",
    description:
      '`status=open` (default): the steps waiting for the caller — step 1 for the team leader named on it, ' +
      'step 2 for an absensi.koreksi holder whose scope covers the employee (never her own, never the team ' +
      'leader of step 1); oldest first. `decided`: what the caller decided; `all`: both. `mine=1`: her own ' +
      'requests in that status (all of them with `status=all`), newest first.',
    access: { session: true, note: 'Queues by role and data scope; mine=1 needs an account linked to an employee.' },
    query: KoreksiListQuerySchema,
    answer: KoreksiListAnswerSchema,
    errors: [403],
  }),
  /** The outbox's absensi.koreksi rows (multipart; JSON without a photo is taken too). */
  file: contract({
    method: 'POST',
    path: '/api/absensi/koreksi',
    tag: ABSENSI_TAG,
    summary: 'Koreksi Absensi: file a correction of one of her last 7 days (multipart with an optional photo)',
    description:
      'Fields tanggal (a day of the last 7 in her zone), jam_masuk and/or jam_keluar (the proposed local ' +
      'times; a blank one is not corrected), alasan (required), captured_at, and the optional photo `foto`. ' +
      `JSON without a photo is taken too. ${POSTED} Takes an \`Idempotency-Key\` (the outbox row id). ` +
      'Notifies the approvers of the waiting step.',
    access: { session: true, note: 'Her own attendance: the account must be linked to an employee.' },
    form: KoreksiFormDocSchema,
    answer: KoreksiCreatedSchema,
    status: 201,
    errors: [403, 409, 413],
    idempotent: true,
  }),
  /** The outbox's absensi.koreksi.decide rows. */
  decide: contract({
    method: 'POST',
    path: '/api/absensi/koreksi/:id/status',
    tag: ABSENSI_TAG,
    summary: 'Koreksi Absensi: approve (A) or reject (R) the waiting step',
    description:
      'Step 1: the team leader named on it. Step 2: an absensi.koreksi holder whose scope covers the ' +
      "employee, not the team leader of step 1. Never one's own (403). The final approval writes the day " +
      'through the audited manual change (its history names "Koreksi Absensi #id" and the reason) and ' +
      `clears "Lupa Check Out" when the day gets a check-out. ${POSTED} Takes an \`Idempotency-Key\`.`,
    access: { session: true, note: 'The approver of the waiting step (see the description).' },
    params: KoreksiIdParamSchema,
    body: KoreksiDecisionSchema,
    answer: KoreksiDecidedSchema,
    errors: [403, 404, 409],
    idempotent: true,
  }),
};

/** A correction's photo: a file answer, a hand-written route (koreksi.routes.ts). */
export const KOREKSI_FOTO_ACCESS: Access = {
  session: true,
  note: 'Its employee, her team leader of step 1, or absensi.read / absensi.koreksi within scope.',
};
