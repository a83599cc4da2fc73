/**
 * /api/leave, /api/count/leave, /api/jenis-leave and /api/jenis-cuti (spec part 2 §7 "Leave", "Leave
 * types"), one contract per JSON endpoint (src/domain/contract.ts). docs/decisions/006-leave.md.
 *
 * - Requests: everything needs leave.read; approval queues and decisions leave.approve; filing for
 *   someone else and the admin lists leave.admin; the report leave.laporan. The two writes a field
 *   device makes offline, filing (multipart, with the attachment) and deciding, are idempotent, keyed
 *   by the outbox row id (src/features/leave/outbox.ts).
 * - Kinds: reads are open to every signed-in user (the leave form needs them, offline too); writes need
 *   master.create / master.update / master.delete, like the other master lists.
 *
 * Not contracts: the two file answers, the attachment (`GET /api/leave/attachment/:id/download`) and the
 * report as .xlsx (`GET /api/leave/report/download`). A contract's answer is a JSON schema, so they stay
 * hand-written `route()`s in server/modules/leave (with `LEAVE_TAG` and `LEAVE_VISIBLE` from here) and
 * the client fetches them with `downloadFile` (src/features/leave/download.ts).
 */
import { MessageSchema } from '../api';
import { contract, type Access } from '../contract';
import { ListQuerySchema } from '../list-query';
import {
  BalanceQuerySchema,
  LeaveCountParamSchema,
  LeaveDecisionSchema,
  LeaveFormDocSchema,
  LeaveIdParamSchema,
  LeaveListQuerySchema,
  LeaveReportQuerySchema,
  QueueStatusParamSchema,
  VisitQuerySchema,
} from './leave';
import {
  ApprovalQueueAnswerSchema,
  CutiBalanceAnswerSchema,
  KaryawanOptionListAnswerSchema,
  LeaveCountAnswerSchema,
  LeaveCountSummaryAnswerSchema,
  LeaveDetailAnswerSchema,
  LeaveListAnswerSchema,
  LeaveSavedSchema,
  VisitDaysAnswerSchema,
} from './leave-answers';
import {
  JenisCutiDetailAnswerSchema,
  JenisCutiIdParamSchema,
  JenisCutiListAnswerSchema,
  JenisCutiSavedSchema,
  JenisCutiSchema,
  JenisLeaveCreateSchema,
  JenisLeaveDetailAnswerSchema,
  JenisLeaveIdParamSchema,
  JenisLeaveListAnswerSchema,
  JenisLeaveSavedSchema,
  JenisLeaveUpdateSchema,
  LeaveTypeListAnswerSchema,
  StatusBodySchema,
} from './leave-kinds';

export const LEAVE_TAG = 'Leave';
const tag = LEAVE_TAG;

/** Who may read one request (its detail, its attachment). */
export const LEAVE_VISIBLE: Access = {
  all: ['leave.read'],
  note: 'Its employee, the team leader of its step 1, or leave.admin / leave.laporan within scope.',
};
const ON_BEHALF = 'Another employee (`karyawan`/`nrp`): leave.admin, within scope.';
const OWN_UNDECIDED: Access = { all: ['leave.read'], note: 'Its employee, or leave.admin within scope.' };

export const leaveContracts = {
  // ------------------------------------------------------------ approval (leave-approval.routes.ts)
  adminQueue: contract({
    method: 'GET',
    path: '/api/leave/approval/admin/:status',
    tag,
    summary: 'The admin step of every request in scope, by status',
    access: { all: ['leave.read', 'leave.approve', 'leave.admin'] },
    params: QueueStatusParamSchema,
    query: ListQuerySchema,
    answer: ApprovalQueueAnswerSchema,
  }),
  queue: contract({
    method: 'GET',
    path: '/api/leave/approval/:status',
    tag,
    summary: 'What waits for this approver (N), what they approved (A) or rejected (R), or all',
    access: { all: ['leave.read', 'leave.approve'] },
    params: QueueStatusParamSchema,
    query: ListQuerySchema,
    answer: ApprovalQueueAnswerSchema,
  }),
  adminApprovalList: contract({
    method: 'GET',
    path: '/api/leave/all/approval/admin',
    tag,
    summary: "Everyone's requests within scope (the admin approval list)",
    access: { all: ['leave.read', 'leave.admin'] },
    query: LeaveListQuerySchema,
    answer: LeaveListAnswerSchema,
  }),
  /** The outbox's `leave.decide` rows (src/features/leave/outbox.ts). */
  decide: contract({
    method: 'POST',
    path: '/api/leave/approved/status',
    tag,
    summary: 'Approve (A) or reject (R) one approval step',
    description:
      'Step TL: the team leader named on it. Step ADMIN: a leave.admin in scope who is neither the employee ' +
      'nor the team leader of step 1. Takes an `Idempotency-Key` (the outbox row id).',
    access: { all: ['leave.read', 'leave.approve'] },
    body: LeaveDecisionSchema,
    answer: LeaveSavedSchema,
    errors: [404, 409],
    idempotent: true,
  }),

  // ------------------------------------------------------------ report (leave-report.routes.ts)
  report: contract({
    method: 'GET',
    path: '/api/leave/admin/report',
    tag,
    summary: 'The leave report of a period (a page)',
    access: { all: ['leave.read', 'leave.laporan'] },
    query: LeaveReportQuerySchema,
    answer: LeaveListAnswerSchema,
  }),

  // ------------------------------------------------------------ requests (leave.routes.ts)
  list: contract({
    method: 'GET',
    path: '/api/leave',
    tag,
    summary: "Everyone's requests within the user's scope",
    access: { all: ['leave.read', 'leave.admin'] },
    query: LeaveListQuerySchema,
    answer: LeaveListAnswerSchema,
  }),
  own: contract({
    method: 'POST',
    path: '/api/leave/karyawan/get',
    tag,
    summary: "The caller's own requests (/leave)",
    access: { all: ['leave.read'], note: 'Own requests only; the account must be linked to an employee.' },
    body: LeaveListQuerySchema,
    answer: LeaveListAnswerSchema,
  }),
  karyawanOptions: contract({
    method: 'GET',
    path: '/api/leave/karyawan/options',
    tag,
    summary: 'Employees a leave.admin may file for (NRP or name)',
    access: { all: ['leave.read', 'leave.admin'] },
    query: ListQuerySchema,
    answer: KaryawanOptionListAnswerSchema,
  }),
  visits: contract({
    method: 'GET',
    path: '/api/leave/visit/list',
    tag,
    summary: "An employee's visit plan of a period, by day (Tuker Off Hari, Perubahan Shift Kerja)",
    access: { all: ['leave.read'], note: ON_BEHALF },
    query: VisitQuerySchema,
    answer: VisitDaysAnswerSchema,
    errors: [404],
  }),
  balance: contract({
    method: 'GET',
    path: '/api/leave/cuti/sisa',
    tag,
    summary: 'The annual cuti balance of a year',
    access: { all: ['leave.read'], note: ON_BEHALF },
    query: BalanceQuerySchema,
    answer: CutiBalanceAnswerSchema,
    errors: [404],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/leave/:id',
    tag,
    summary: 'One request with its approval steps and the visits it leaves uncovered',
    access: LEAVE_VISIBLE,
    params: LeaveIdParamSchema,
    answer: LeaveDetailAnswerSchema,
    errors: [404],
  }),
  /** The outbox's `leave.create` rows (src/features/leave/outbox.ts): multipart, the attachment as `attachment`. */
  file: contract({
    method: 'POST',
    path: '/api/leave',
    tag,
    summary: 'File a request (multipart, with the attachment)',
    description:
      'For another employee (`karyawan_nrp`): leave.admin, within scope. Takes an `Idempotency-Key` ' +
      '(the outbox row id).',
    access: { all: ['leave.read'] },
    form: LeaveFormDocSchema,
    answer: LeaveSavedSchema,
    status: 201,
    errors: [409, 413],
    idempotent: true,
  }),
  change: contract({
    method: 'PUT',
    path: '/api/leave/:id',
    tag,
    summary: 'Change a request nobody has decided yet (multipart)',
    access: OWN_UNDECIDED,
    params: LeaveIdParamSchema,
    form: LeaveFormDocSchema,
    answer: LeaveSavedSchema,
    errors: [404, 409, 413],
  }),
  withdraw: contract({
    method: 'DELETE',
    path: '/api/leave/:id',
    tag,
    summary: 'Withdraw a request nobody has decided yet',
    access: OWN_UNDECIDED,
    params: LeaveIdParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),

  // ------------------------------------------------------------ counts (leaveCountRoutes)
  /** Not in the spec (decision 015): every count at once, so the phone's copy of the day asks once. */
  countSummary: contract({
    method: 'GET',
    path: '/api/count/leave/summary',
    tag,
    summary: "Every count of the caller's own requests, for every kind and each kind of leave, at once",
    access: { all: ['leave.read'], note: 'Own requests only.' },
    answer: LeaveCountSummaryAnswerSchema,
  }),
  /** `kind`: year, month, open or reject (another is a 404); `jenis`: a kind of leave's id or "all". */
  count: contract({
    method: 'GET',
    path: '/api/count/leave/:kind/:jenis',
    tag,
    summary: "The caller's own requests counted: approved this year / month, open, rejected",
    access: { all: ['leave.read'], note: 'Own requests only.' },
    params: LeaveCountParamSchema,
    answer: LeaveCountAnswerSchema,
    errors: [404],
  }),
};

// ---------------------------------------------------------------- the kinds (jenis-leave.routes.ts)

/** The kinds' reads: every signed-in user. */
const KIND_READ: Access = { session: true, note: 'The leave form reads the kinds, offline too.' };

const leaveKindTag = 'Leave kinds';

export const jenisLeaveContracts = {
  types: contract({
    method: 'GET',
    path: '/api/jenis-leave/type/leave',
    tag: leaveKindTag,
    summary: 'The types a leave kind can have (the add dialog)',
    access: { session: true },
    answer: LeaveTypeListAnswerSchema,
  }),
  list: contract({
    method: 'GET',
    path: '/api/jenis-leave',
    tag: leaveKindTag,
    summary: 'List leave kinds',
    access: KIND_READ,
    query: ListQuerySchema,
    answer: JenisLeaveListAnswerSchema,
  }),
  status: contract({
    method: 'PUT',
    path: '/api/jenis-leave/status/:id',
    tag: leaveKindTag,
    summary: 'Switch a leave kind on or off',
    access: { all: ['master.update'] },
    params: JenisLeaveIdParamSchema,
    body: StatusBodySchema,
    answer: MessageSchema,
    errors: [404],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/jenis-leave/:id',
    tag: leaveKindTag,
    summary: 'One leave kind',
    access: KIND_READ,
    params: JenisLeaveIdParamSchema,
    answer: JenisLeaveDetailAnswerSchema,
    errors: [404],
  }),
  create: contract({
    method: 'POST',
    path: '/api/jenis-leave',
    tag: leaveKindTag,
    summary: 'Add a leave kind',
    access: { all: ['master.create'] },
    body: JenisLeaveCreateSchema,
    answer: JenisLeaveSavedSchema,
    status: 201,
    errors: [409],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/jenis-leave/:id',
    tag: leaveKindTag,
    summary: 'Rename a leave kind',
    access: { all: ['master.update'] },
    params: JenisLeaveIdParamSchema,
    body: JenisLeaveUpdateSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/jenis-leave/:id',
    tag: leaveKindTag,
    summary: 'Delete a leave kind no request uses',
    access: { all: ['master.delete'] },
    params: JenisLeaveIdParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
};

const cutiKindTag = 'Cuti kinds';

export const jenisCutiContracts = {
  list: contract({
    method: 'GET',
    path: '/api/jenis-cuti',
    tag: cutiKindTag,
    summary: 'List cuti kinds',
    access: KIND_READ,
    query: ListQuerySchema,
    answer: JenisCutiListAnswerSchema,
  }),
  status: contract({
    method: 'PUT',
    path: '/api/jenis-cuti/status/:id',
    tag: cutiKindTag,
    summary: 'Switch a cuti kind on or off',
    access: { all: ['master.update'] },
    params: JenisCutiIdParamSchema,
    body: StatusBodySchema,
    answer: MessageSchema,
    errors: [404],
  }),
  detail: contract({
    method: 'GET',
    path: '/api/jenis-cuti/:id',
    tag: cutiKindTag,
    summary: 'One cuti kind',
    access: KIND_READ,
    params: JenisCutiIdParamSchema,
    answer: JenisCutiDetailAnswerSchema,
    errors: [404],
  }),
  create: contract({
    method: 'POST',
    path: '/api/jenis-cuti',
    tag: cutiKindTag,
    summary: 'Add a cuti kind',
    access: { all: ['master.create'] },
    body: JenisCutiSchema,
    answer: JenisCutiSavedSchema,
    status: 201,
    errors: [409],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/jenis-cuti/:id',
    tag: cutiKindTag,
    summary: 'Rename a cuti kind',
    access: { all: ['master.update'] },
    params: JenisCutiIdParamSchema,
    body: JenisCutiSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/jenis-cuti/:id',
    tag: cutiKindTag,
    summary: 'Delete a cuti kind no request uses',
    access: { all: ['master.delete'] },
    params: JenisCutiIdParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
};

/** The Active switch and the deletion, which the kind screens share, by resource. */
export const kindContracts = { 'jenis-leave': jenisLeaveContracts, 'jenis-cuti': jenisCutiContracts } as const;
