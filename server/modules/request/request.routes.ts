/**
 * /api/request (spec part 1 §7 "Change requests") and the own calls around it. Filing needs no
 * permission (like own attendance) but an account linked to an employee, and only for that employee;
 * it goes through `idempotent`, keyed by the outbox row id (kind profile.change). The approvers' list
 * needs karyawan.request.edit, a decision karyawan.request.approve; both are limited to the trustee
 * scope. Fixed paths are registered before /karyawan/:id.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ListQuerySchema } from '../../../src/domain/list-query';
import { ProfileChangeSchema, RequestDecisionSchema, RequestListQuerySchema } from '../../../src/domain/request';
import type { AppEnv } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { jsonBody, queryOf } from '../../lib/validate';
import { requireAnyPermission, requirePermission } from '../../middleware/auth';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { REQUEST_MESSAGES } from '../../../src/domain/request';
import { requestPdf } from './request-pdf';
import {
  assertEmployeeVisible,
  getRequest,
  listRequests,
  parseRequestId,
  requestsOf,
  requestStatus,
} from './request-read.service';
import { decideProfileRequest, fileProfileRequest } from './request-write.service';

const ListSchema = v.object({ ...ListQuerySchema.entries, ...RequestListQuerySchema.entries });

export const requestRoutes = new Hono<AppEnv>()
  .post('/karyawan', async (c) => {
    readIdempotencyKey(c);
    const input = await jsonBody(c, ProfileChangeSchema);
    const actor = c.get('actor');
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => fileProfileRequest(tx, deps, actor, input));
  })
  // The caller's own requests (/profile).
  .get('/karyawan/me', async (c) => {
    const actor = c.get('actor');
    if (!actor.nrp) throw forbidden(REQUEST_MESSAGES.notLinked);
    return c.json(await requestsOf(c.get('deps').db, actor.nrp, queryOf(c, ListQuerySchema)));
  })
  .get('/karyawan/list', requirePermission('karyawan.request.edit'), async (c) =>
    c.json(await listRequests(c.get('deps').db, c.get('actor'), queryOf(c, ListSchema))),
  )
  // One employee's requests (the detail's Request Update Profile tab).
  .get(
    '/karyawan/history/:nrp',
    requireAnyPermission('karyawan.read', 'karyawan.request.edit', 'karyawan.request.approve'),
    async (c) => {
      const db = c.get('deps').db;
      const nrp = c.req.param('nrp');
      await assertEmployeeVisible(db, c.get('actor'), nrp);
      return c.json(await requestsOf(db, nrp, queryOf(c, ListQuerySchema)));
    },
  )
  .get('/karyawan/:id/approve/status', async (c) =>
    c.json({ result: await requestStatus(c.get('deps').db, c.get('actor'), parseRequestId(c.req.param('id'))) }),
  )
  .get('/karyawan/:id/download', async (c) => {
    const detail = await getRequest(c.get('deps').db, c.get('actor'), parseRequestId(c.req.param('id')));
    const file = requestPdf(detail);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, '-')}"`);
    c.header('Cache-Control', 'no-store');
    return c.body(file.bytes.slice().buffer);
  })
  .get('/karyawan/:id', async (c) =>
    c.json({ result: await getRequest(c.get('deps').db, c.get('actor'), parseRequestId(c.req.param('id'))) }),
  )
  .put('/approve', requirePermission('karyawan.request.approve'), async (c) => {
    readIdempotencyKey(c);
    const input = await jsonBody(c, RequestDecisionSchema);
    const actor = c.get('actor');
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => decideProfileRequest(tx, deps, actor, input));
  });
