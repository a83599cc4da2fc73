/**
 * /api/request (spec part 1 §7 "Change requests") and the own calls around it. Filing needs no
 * permission (like own attendance) but an account linked to an employee, and only for that employee;
 * it goes through `idempotent`, keyed by the outbox row id (kind profile.change). The approvers' list
 * needs karyawan.request.edit, a decision karyawan.request.approve; both are limited to the trustee
 * scope. Fixed paths are registered before /karyawan/:id.
 */
import { Hono } from 'hono';
import { ListQuerySchema } from '../../../src/domain/list-query';
import {
  ProfileChangeSchema,
  ProfileRequestDetailAnswerSchema,
  ProfileRequestListAnswerSchema,
  ProfileRequestSavedSchema,
  ProfileRequestStatusAnswerSchema,
  REQUEST_MESSAGES,
  RequestBulkApproveAnswerSchema,
  RequestBulkApproveSchema,
  RequestDecisionSchema,
  RequestHistoryParamSchema,
  RequestIdParamSchema,
  RequestListQuerySchema,
} from '../../../src/domain/karyawan/request';
import { ownNrp } from '../../lib/actor';
import { contentDisposition } from '../../lib/attachments';
import type { AppEnv } from '../../lib/context';
import { route, validate, type Access } from '../../lib/openapi';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { requestPdf } from './request-pdf';
import { assertEmployeeVisible, getRequest, listRequests, requestsOf, requestStatus } from './request-read.service';
import { approveProfileRequests, decideProfileRequest, fileProfileRequest } from './request-write.service';

const tag = 'Profile change requests';

const OWN_OR_READER: Access = {
  session: true,
  note:
    "The request's own employee, or a holder of karyawan.read, karyawan.request.edit or " +
    'karyawan.request.approve whose data scope covers the employee.',
};
const IDEMPOTENT =
  'Takes an `Idempotency-Key` header (the outbox row id): a repeat answers the stored answer and writes ' +
  'nothing; the same key on another call is a 422.';

export const requestRoutes = new Hono<AppEnv>()
  .post(
    '/karyawan',
    route({
      tag,
      summary: 'File a profile change request about the own record',
      description: `Only the fields that differ from the record are filed. ${IDEMPOTENT}`,
      access: { session: true, note: 'An account linked to an employee, for that employee only.' },
      responses: { 201: ProfileRequestSavedSchema },
      errors: [403, 404, 409, 413, 422],
      idempotent: true,
    }),
    validate('json', ProfileChangeSchema),
    async (c) => {
      readIdempotencyKey(c);
      const input = c.req.valid('json');
      const actor = c.get('actor');
      const deps = c.get('deps');
      return idempotent(c, actor, (tx) => fileProfileRequest(tx, deps, actor, input));
    },
  )
  .post(
    '/karyawan/approve',
    route({
      tag,
      summary: 'Approve several requests at once (the list\'s selected rows)',
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
      responses: { 200: RequestBulkApproveAnswerSchema },
      errors: [413, 422],
      idempotent: true,
    }),
    validate('json', RequestBulkApproveSchema),
    async (c) => {
      readIdempotencyKey(c);
      const { ids } = c.req.valid('json');
      const actor = c.get('actor');
      const deps = c.get('deps');
      return idempotent(c, actor, (tx) => approveProfileRequests(tx, deps, actor, ids));
    },
  )
  .get(
    '/karyawan/me',
    route({
      tag,
      summary: "The caller's own requests, newest first (/profile)",
      access: { session: true, note: 'An account linked to an employee.' },
      responses: { 200: ProfileRequestListAnswerSchema },
      errors: [403],
    }),
    validate('query', ListQuerySchema),
    async (c) => {
      const nrp = ownNrp(c.get('actor'), REQUEST_MESSAGES.notLinked);
      return c.json(await requestsOf(c.get('deps').db, nrp, c.req.valid('query')));
    },
  )
  .get(
    '/karyawan/list',
    route({
      tag,
      summary: "The approvers' list: open ones oldest first, decided ones newest decision first",
      access: { all: ['karyawan.request.edit'], note: "Limited to the user's data scope." },
      responses: { 200: ProfileRequestListAnswerSchema },
    }),
    validate('query', RequestListQuerySchema),
    async (c) => c.json(await listRequests(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/karyawan/history/:nrp',
    route({
      tag,
      summary: "One employee's requests (the employee detail's Request Update Profile tab)",
      access: {
        any: ['karyawan.read', 'karyawan.request.edit', 'karyawan.request.approve'],
        note: "The employee must be in the user's data scope (or be the user).",
      },
      responses: { 200: ProfileRequestListAnswerSchema },
      errors: [404],
    }),
    validate('param', RequestHistoryParamSchema),
    validate('query', ListQuerySchema),
    async (c) => {
      const db = c.get('deps').db;
      const { nrp } = c.req.valid('param');
      await assertEmployeeVisible(db, c.get('actor'), nrp);
      return c.json(await requestsOf(db, nrp, c.req.valid('query')));
    },
  )
  .get(
    '/karyawan/:id/approve/status',
    route({
      tag,
      summary: "A request's decision: status, when and by whom",
      access: OWN_OR_READER,
      responses: { 200: ProfileRequestStatusAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', RequestIdParamSchema),
    async (c) => c.json({ result: await requestStatus(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  )
  .get(
    '/karyawan/:id/download',
    route({
      tag,
      summary: 'A request as a one-page PDF',
      access: OWN_OR_READER,
      responses: { 200: { file: 'application/pdf' } },
      errors: [403, 404],
    }),
    validate('param', RequestIdParamSchema),
    async (c) => {
      const detail = await getRequest(c.get('deps').db, c.get('actor'), c.req.valid('param').id);
      const file = requestPdf(detail);
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', contentDisposition(file.name));
      c.header('Cache-Control', 'no-store');
      return c.body(file.bytes.slice().buffer);
    },
  )
  .get(
    '/karyawan/:id',
    route({
      tag,
      summary: 'One request, each requested value beside the current one',
      access: OWN_OR_READER,
      responses: { 200: ProfileRequestDetailAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', RequestIdParamSchema),
    async (c) => c.json({ result: await getRequest(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  )
  .put(
    '/approve',
    route({
      tag,
      summary: 'Approve (apply the values) or reject a request',
      description:
        'Y applies the requested values to the employee with a P2 posting item, R records the rejection and ' +
        `its note. A request decided before is a 409 naming who decided it and when. ${IDEMPOTENT}`,
      access: {
        all: ['karyawan.request.approve'],
        note: "The employee must be in the user's data scope and not the user.",
      },
      responses: { 200: ProfileRequestSavedSchema },
      errors: [404, 409, 413, 422],
      idempotent: true,
    }),
    validate('json', RequestDecisionSchema),
    async (c) => {
      readIdempotencyKey(c);
      const input = c.req.valid('json');
      const actor = c.get('actor');
      const deps = c.get('deps');
      return idempotent(c, actor, (tx) => decideProfileRequest(tx, deps, actor, input));
    },
  );
