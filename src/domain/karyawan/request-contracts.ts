/**
 * /api/request (spec part 1 §7 "Change requests"), one contract per JSON endpoint
 * (src/domain/contract.ts). Filing needs no permission (like own attendance) but an account linked to an
 * employee, and only for that employee; the outbox replays it (kind profile.change,
 * src/features/karyawan/requests/outbox.ts), keyed by the row id. The approvers' list needs
 * karyawan.request.edit, a decision karyawan.request.approve; both are limited to the trustee scope.
 * Apart from ./contracts.ts: the phone files and reads its own requests and loads nothing of the register.
 *
 * Not a contract: a request as a one-page PDF (`GET /api/request/karyawan/{id}/download`), a file, a
 * hand-written `route()` in server/modules/karyawan/request.routes.ts (with `REQUEST_TAG` and
 * `REQUEST_VISIBLE` from here), saved with `saveApiFile`.
 */
import { contract, type Access } from '../contract';
import { ListQuerySchema } from '../list-query';
import {
  ProfileChangeSchema,
  ProfileRequestDetailAnswerSchema,
  ProfileRequestListAnswerSchema,
  ProfileRequestSavedSchema,
  ProfileRequestStatusAnswerSchema,
  RequestBulkApproveAnswerSchema,
  RequestBulkApproveSchema,
  RequestDecisionSchema,
  RequestHistoryParamSchema,
  RequestIdParamSchema,
  RequestListQuerySchema,
} from './request';

export const REQUEST_TAG = 'Profile change requests';
const tag = REQUEST_TAG;

/** Who may read one request (its status, its detail, its PDF). */
export const REQUEST_VISIBLE: Access = {
  session: true,
  note:
    "The request's own employee, or a holder of karyawan.read, karyawan.request.edit or " +
    'karyawan.request.approve whose data scope covers the employee.',
};
const IDEMPOTENT =
  'Takes an `Idempotency-Key` header (the outbox row id): a repeat answers the stored answer and writes ' +
  'nothing; the same key on another call is a 422.';

export const requestContracts = {
  /** The outbox's `profile.change` rows (src/features/karyawan/requests/outbox.ts). */
  file: contract({
    method: 'POST',
    path: '/api/request/karyawan',
    tag,
    summary: 'File a profile change request about the own record',
    description: `Only the fields that differ from the record are filed. ${IDEMPOTENT}`,
    access: { session: true, note: 'An account linked to an employee, for that employee only.' },
    body: ProfileChangeSchema,
    answer: ProfileRequestSavedSchema,
    status: 201,
    errors: [403, 404, 409, 413, 422],
    idempotent: true,
  }),
  approveMany: contract({
    method: 'POST',
    path: '/api/request/karyawan/approve',
    tag,
    summary: "Approve several requests at once (the list's selected rows)",
    description:
      'Each id is approved as `PUT /approve` with status Y would (permission, data scope, not the own ' +
      'request, still open; the values applied with their P2 item), each on its own: a refused one is left ' +
      'as it was and listed as `failed` with the reason, the others stay approved. One already approved is ' +
      '`already` and changes nothing, so repeating a call is harmless. At most 100 ids; repeats count once. ' +
      IDEMPOTENT,
    access: {
      all: ['karyawan.request.approve'],
      note: "Each request's employee must be in the user's data scope and not the user (else listed as failed).",
    },
    body: RequestBulkApproveSchema,
    answer: RequestBulkApproveAnswerSchema,
    errors: [413, 422],
    idempotent: true,
  }),
  own: contract({
    method: 'GET',
    path: '/api/request/karyawan/me',
    tag,
    summary: "The caller's own requests, newest first (/profile)",
    access: { session: true, note: 'An account linked to an employee.' },
    query: ListQuerySchema,
    answer: ProfileRequestListAnswerSchema,
    errors: [403],
  }),
  list: contract({
    method: 'GET',
    path: '/api/request/karyawan/list',
    tag,
    summary: "The approvers' list: open ones oldest first, decided ones newest decision first",
    access: { all: ['karyawan.request.edit'], note: "Limited to the user's data scope." },
    query: RequestListQuerySchema,
    answer: ProfileRequestListAnswerSchema,
  }),
  history: contract({
    method: 'GET',
    path: '/api/request/karyawan/history/:nrp',
    tag,
    summary: "One employee's requests (the employee detail's Request Update Profile tab)",
    access: {
      any: ['karyawan.read', 'karyawan.request.edit', 'karyawan.request.approve'],
      note: "The employee must be in the user's data scope (or be the user).",
    },
    params: RequestHistoryParamSchema,
    query: ListQuerySchema,
    answer: ProfileRequestListAnswerSchema,
    errors: [404],
  }),
  status: contract({
    method: 'GET',
    path: '/api/request/karyawan/:id/approve/status',
    tag,
    summary: "A request's decision: status, when and by whom",
    access: REQUEST_VISIBLE,
    params: RequestIdParamSchema,
    answer: ProfileRequestStatusAnswerSchema,
    errors: [403, 404],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/request/karyawan/:id',
    tag,
    summary: 'One request, each requested value beside the current one',
    access: REQUEST_VISIBLE,
    params: RequestIdParamSchema,
    answer: ProfileRequestDetailAnswerSchema,
    errors: [403, 404],
  }),
  decide: contract({
    method: 'PUT',
    path: '/api/request/approve',
    tag,
    summary: 'Approve (apply the values) or reject a request',
    description:
      'Y applies the requested values to the employee with a P2 posting item, R records the rejection and ' +
      `its note. A request decided before is a 409 naming who decided it and when. ${IDEMPOTENT}`,
    access: {
      all: ['karyawan.request.approve'],
      note: "The employee must be in the user's data scope and not the user.",
    },
    body: RequestDecisionSchema,
    answer: ProfileRequestSavedSchema,
    errors: [404, 409, 413, 422],
    idempotent: true,
  }),
};
