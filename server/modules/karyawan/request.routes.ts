/**
 * /api/request (spec part 1 §7 "Change requests") and the own calls around it, serving their contracts
 * (src/domain/karyawan/request-contracts.ts). Filing needs no permission (like own attendance) but an
 * account linked to an employee, and only for that employee; it goes through `idempotent`, keyed by the
 * outbox row id (kind profile.change), as do both decisions. The approvers' list needs
 * karyawan.request.edit, a decision karyawan.request.approve; both are limited to the trustee scope.
 * Fixed paths are registered before /karyawan/:id. A request's PDF is a file: a hand-written route.
 */
import { REQUEST_MESSAGES, RequestIdParamSchema } from '../../../src/domain/karyawan/request';
import {
  REQUEST_TAG as tag,
  REQUEST_VISIBLE,
  requestContracts as request,
} from '../../../src/domain/karyawan/request-contracts';
import { ownNrp } from '../../lib/actor';
import { contentDisposition } from '../../lib/attachments';
import { contractRouter } from '../../lib/contract-route';
import { route, validate } from '../../lib/openapi';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { requestPdf } from './request-pdf';
import { assertEmployeeVisible, getRequest, listRequests, requestsOf, requestStatus } from './request-read.service';
import { approveProfileRequests, decideProfileRequest, fileProfileRequest } from './request-write.service';

const routes = contractRouter('/api/request');
routes
  .on(request.file, async (c, { body }) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => fileProfileRequest(tx, deps, actor, body));
  })
  .on(request.approveMany, async (c, { body }) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => approveProfileRequests(tx, deps, actor, body.ids));
  })
  .on(request.own, async (c, { query }) =>
    requestsOf(c.get('deps').db, ownNrp(c.get('actor'), REQUEST_MESSAGES.notLinked), query),
  )
  .on(request.list, async (c, { query }) => listRequests(c.get('deps').db, c.get('actor'), query))
  .on(request.history, async (c, { params, query }) => {
    const db = c.get('deps').db;
    await assertEmployeeVisible(db, c.get('actor'), params.nrp);
    return requestsOf(db, params.nrp, query);
  })
  .on(request.status, async (c, { params }) => ({
    result: await requestStatus(c.get('deps').db, c.get('actor'), params.id),
  }));
routes.router.get(
  '/karyawan/:id/download',
  route({
    tag,
    summary: 'A request as a one-page PDF',
    access: REQUEST_VISIBLE,
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
);
routes
  .on(request.detail, async (c, { params }) => ({
    result: await getRequest(c.get('deps').db, c.get('actor'), params.id),
  }))
  .on(request.decide, async (c, { body }) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => decideProfileRequest(tx, deps, actor, body));
  });

export const requestRoutes = routes.router;
