/**
 * /api/karyawan (spec part 1 §7 "Employees"), one contract per JSON endpoint (src/domain/contract.ts):
 * the register (list, detail, create, change, delete, the login account), the lifecycle after hiring
 * (payroll posting, contract renewal, resignation; docs/decisions/007) and the Excel side (the upload,
 * the salary of a period). The employee's own calls are ./profile-contracts.ts (/api/profile) and
 * ./request-contracts.ts (/api/request), kept apart so the phone loads none of this file.
 *
 * A path parameter naming a record (an NRP `id`/`nrp`, a document `no`) that cannot exist answers 404,
 * as an unknown one does: the server checks these with `pathParams` (server/modules/karyawan/karyawan-http.ts).
 * The create and the change take the fields as multipart (`form`, with the photos) or the same as JSON
 * without photos, which the server documents beside it.
 *
 * Not contracts, because a contract's answer is JSON: the files, each a hand-written `route()` in its
 * place among the routes (with the tags from here) and saved with `saveApiFile`: the list's .xlsx export
 * (`GET /api/karyawan/export/excel`), the upload sheet (`GET /api/karyawan/report/download`), the payroll
 * feed as CSV (`GET /api/karyawan/posting/export`), the contract and the termination agreement as PDFs
 * (`GET /api/karyawan/kontrak/{no}/download`, `GET /api/karyawan/pb/{no}/download`) and the refused
 * rows of an upload (…/upload/log/{id}/download). The upload history itself (…/upload/log,
 * …/upload/log/{id}) is `karyawanUploadHistory`, the pair every upload makes alike
 * (src/domain/upload-contracts.ts), served by the shared `uploadHistoryRoutes()`
 * (server/lib/upload-routes.ts). The upload is sent with `uploadFile` (XMLHttpRequest, for its progress)
 * to `pathOf(karyawanExcelContracts.upload)`.
 */
import { MessageSchema } from '../api';
import { NewPasswordPairSchema } from '../auth/password-policy';
import { contract } from '../contract';
import { UploadFileBodySchema } from '../upload';
import { uploadHistoryContracts } from '../upload-contracts';
import { PasswordResetAnswerSchema } from '../users/users';
import {
  KaryawanCreatedSchema,
  KaryawanDetailAnswerSchema,
  KaryawanFormDocSchema,
  KaryawanIdParamSchema,
  NrpParamSchema,
} from './karyawan';
import { GajiParamSchema, GajiPeriodAnswerSchema } from './karyawan-gaji';
import {
  PostingBodyDocSchema,
  PostingListAnswerSchema,
  PostingListQuerySchema,
  PostingStatusAnswerSchema,
  RenewSavedSchema,
  RenewSchema,
  ResignDetailAnswerSchema,
  ResignDetailQuerySchema,
  ResignSavedSchema,
  ResignSchema,
} from './karyawan-lifecycle';
import { KaryawanListAnswerSchema, KaryawanListQuerySchema } from './karyawan-list';
import { KaryawanUploadAnswerSchema } from './karyawan-upload';

export const KARYAWAN_TAG = 'Karyawan';
export const KARYAWAN_EXCEL_TAG = 'Karyawan: Excel';
export const KARYAWAN_LIFECYCLE_TAG = 'Karyawan: lifecycle';

const tag = KARYAWAN_TAG;

/** The register (karyawan.routes.ts). */
export const karyawanContracts = {
  list: contract({
    method: 'GET',
    path: '/api/karyawan',
    tag,
    summary: 'The active (resigned=0) or resigned (resigned=1) employees, searched by NRP or name',
    description: 'Also the resign dialog’s picker, hence karyawan.resign.',
    access: { any: ['karyawan.read', 'karyawan.resign'] },
    query: KaryawanListQuerySchema,
    answer: KaryawanListAnswerSchema,
  }),
  create: contract({
    method: 'POST',
    path: '/api/karyawan',
    tag,
    summary: 'Create an employee: the next NRP, the first contract and a P1 posting item',
    description: 'Multipart (fields as text, gaji as JSON text, photos foto_kar / foto_ktp) or JSON without photos.',
    access: { all: ['karyawan.create'] },
    form: KaryawanFormDocSchema,
    answer: KaryawanCreatedSchema,
    status: 201,
    errors: [413],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/karyawan/:id',
    tag,
    summary: 'One employee with the names of their codes',
    description: 'Salary only with karyawan.gaji.read, the contract history only with karyawan.kontrak.read.',
    access: { all: ['karyawan.read'] },
    params: KaryawanIdParamSchema,
    answer: KaryawanDetailAnswerSchema,
    errors: [404],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/karyawan/:id',
    tag,
    summary: 'Change an employee: the fields sent, tab by tab',
    description:
      'Each changed tab needs its edit permission (karyawan.personal.edit, …; salary: karyawan.gaji.read and an ' +
      'administrator role). A field left out stays; a field sent blank is cleared. A change leaves a P2 item.',
    access: { all: ['karyawan.update'] },
    params: KaryawanIdParamSchema,
    form: KaryawanFormDocSchema,
    answer: MessageSchema,
    errors: [404, 409, 413],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/karyawan/:id',
    tag,
    summary: 'Delete an employee without visits whose items never went to payroll',
    access: { all: ['karyawan.delete'] },
    params: KaryawanIdParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
  postingStatus: contract({
    method: 'GET',
    path: '/api/karyawan/:id/posting/status',
    tag,
    summary: "The employee's posting items, open ones pending",
    access: { all: ['karyawan.posting'] },
    params: KaryawanIdParamSchema,
    answer: PostingStatusAnswerSchema,
    errors: [404],
  }),
  /** Answered with Cache-Control: no-store (the temporary password is in the answer). */
  resetPassword: contract({
    method: 'POST',
    path: '/api/karyawan/:nrp/reset-password',
    tag,
    summary: "A temporary password for the employee's login account, shown once",
    access: { all: ['karyawan.resetpassword'] },
    params: NrpParamSchema,
    answer: PasswordResetAnswerSchema,
    errors: [404],
  }),
  changePassword: contract({
    method: 'POST',
    path: '/api/karyawan/:nrp/change-password',
    tag,
    summary: "Set the password of the employee's login account (to be changed at the next login)",
    access: { all: ['karyawan.resetpassword'] },
    params: NrpParamSchema,
    body: NewPasswordPairSchema,
    answer: MessageSchema,
    errors: [404, 413],
  }),
};

/** Payroll posting, contract renewal and resignation (karyawan-lifecycle.routes.ts). */
export const karyawanLifecycleContracts = {
  postingList: contract({
    method: 'GET',
    path: '/api/karyawan/posting/list',
    tag: KARYAWAN_LIFECYCLE_TAG,
    summary: 'Posting items of one status (open, posted, completed)',
    access: { all: ['karyawan.posting'] },
    query: PostingListQuerySchema,
    answer: PostingListAnswerSchema,
  }),
  /** One item or several; the server reads them with PostingSchema, which answers a bad field by its own message. */
  post: contract({
    method: 'PUT',
    path: '/api/karyawan/posting',
    tag: KARYAWAN_LIFECYCLE_TAG,
    summary: 'Post one item or several (open → posted), all or nothing',
    description: "An employee's items go out in the order they happened (409 while an older one is open).",
    access: { all: ['karyawan.posting'] },
    body: PostingBodyDocSchema,
    answer: MessageSchema,
    errors: [404, 409, 413],
  }),
  renew: contract({
    method: 'POST',
    path: '/api/karyawan/kontrak/renew',
    tag: KARYAWAN_LIFECYCLE_TAG,
    summary: 'Append the next contract',
    description: 'Next sequence, starting the day after the current end, end = start + months − 1 day, status B.',
    access: { all: ['karyawan.update', 'karyawan.kontrak.edit'] },
    body: RenewSchema,
    answer: RenewSavedSchema,
    errors: [404, 409, 413],
  }),
  resignDetail: contract({
    method: 'GET',
    path: '/api/karyawan/:nrp/resign-detail',
    tag: KARYAWAN_LIFECYCLE_TAG,
    summary: 'The proposed discretionary amount for a resignation date',
    access: { all: ['karyawan.resign'] },
    params: NrpParamSchema,
    query: ResignDetailQuerySchema,
    answer: ResignDetailAnswerSchema,
    errors: [404],
  }),
  resign: contract({
    method: 'PUT',
    path: '/api/karyawan/:nrp/resign',
    tag: KARYAWAN_LIFECYCLE_TAG,
    summary: 'Register a resignation: its agreement number and a P3 posting item',
    access: { all: ['karyawan.resign'] },
    params: NrpParamSchema,
    body: ResignSchema,
    answer: ResignSavedSchema,
    errors: [404, 409, 413],
  }),
  editResign: contract({
    method: 'PUT',
    path: '/api/karyawan/:nrp/edit-resign',
    tag: KARYAWAN_LIFECYCLE_TAG,
    summary: 'Change a resignation while its P3 item is open',
    access: { all: ['karyawan.resign'] },
    params: NrpParamSchema,
    body: ResignSchema,
    answer: MessageSchema,
    errors: [404, 409, 413],
  }),
  cancelResign: contract({
    method: 'DELETE',
    path: '/api/karyawan/:nrp/resign',
    tag: KARYAWAN_LIFECYCLE_TAG,
    summary: 'Cancel a resignation while its P3 item is open: the employee is active again',
    access: { all: ['karyawan.resign'] },
    params: NrpParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
};

/** The upload and the salary of a period (karyawan-excel.routes.ts). */
export const karyawanExcelContracts = {
  upload: contract({
    method: 'POST',
    path: '/api/karyawan/upload',
    tag: KARYAWAN_EXCEL_TAG,
    summary: 'Upload employees from an .xlsx sheet (upsert by NRP)',
    description:
      'The good rows are saved in one transaction with the history row naming every refused row. ' +
      'The file is recognised by its content, at most 20 MB.',
    access: { all: ['karyawan.upload'] },
    form: UploadFileBodySchema,
    answer: KaryawanUploadAnswerSchema,
    errors: [413],
  }),
  gaji: contract({
    method: 'GET',
    path: '/api/karyawan/:nrp/gaji/:period',
    tag: KARYAWAN_EXCEL_TAG,
    summary: "The salary of a period, from the employee's attendance",
    description: 'No period, or no attendance in it, answers `result: null` with the empty-state text.',
    access: { all: ['karyawan.gaji.read'] },
    params: GajiParamSchema,
    answer: GajiPeriodAnswerSchema,
    errors: [404],
  }),
};

/** GET /api/karyawan/upload/log and …/upload/log/{id}: the history of the employee upload. */
export const karyawanUploadHistory = uploadHistoryContracts({
  prefix: '/api/karyawan',
  tag: KARYAWAN_EXCEL_TAG,
  what: 'employee',
  access: { all: ['karyawan.upload'] },
});
