/**
 * The approval side of /api/leave (docs/decisions/006-leave.md): each approver's queue, the admin step
 * of every request in scope, and the decision itself — a write a tablet makes offline, so it goes
 * through `idempotent`, keyed by the outbox row id.
 */
import { Hono } from 'hono';
import { LeaveDecisionSchema, LeaveListQuerySchema, QueueStatusParamSchema } from '../../../src/domain/leave/leave';
import { ApprovalQueueAnswerSchema, LeaveListAnswerSchema, LeaveSavedSchema } from '../../../src/domain/leave/leave-answers';
import { ListQuerySchema } from '../../../src/domain/list-query';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { adminQueueWhere, approvalQueue, decideLeave, myQueueWhere } from './leave-approval.service';
import { officeToday, TAG as tag } from './leave-context';
import { listLeaves, scopedListWhere } from './leave-read.service';

export const leaveApprovalRoutes = new Hono<AppEnv>()
  .get(
    '/approval/admin/:status',
    route({
      tag,
      summary: 'The admin step of every request in scope, by status',
      access: { all: ['leave.read', 'leave.approve', 'leave.admin'] },
      responses: { 200: ApprovalQueueAnswerSchema },
    }),
    validate('param', QueueStatusParamSchema),
    validate('query', ListQuerySchema),
    async (c) => {
      const { status } = c.req.valid('param');
      const where = adminQueueWhere(c.get('actor'), status);
      return c.json(await approvalQueue(c.get('deps').db, where, status, c.req.valid('query')));
    },
  )
  .get(
    '/approval/:status',
    route({
      tag,
      summary: 'What waits for this approver (N), what they approved (A) or rejected (R), or all',
      access: { all: ['leave.read', 'leave.approve'] },
      responses: { 200: ApprovalQueueAnswerSchema },
    }),
    validate('param', QueueStatusParamSchema),
    validate('query', ListQuerySchema),
    async (c) => {
      const { status } = c.req.valid('param');
      const where = myQueueWhere(c.get('actor'), status);
      return c.json(await approvalQueue(c.get('deps').db, where, status, c.req.valid('query')));
    },
  )
  .get(
    '/all/approval/admin',
    route({
      tag,
      summary: "Everyone's requests within scope (the admin approval list)",
      access: { all: ['leave.read', 'leave.admin'] },
      responses: { 200: LeaveListAnswerSchema },
    }),
    validate('query', LeaveListQuerySchema),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(await listLeaves(c.get('deps').db, scopedListWhere(c.get('actor'), q, officeToday(c)), q));
    },
  )
  .post(
    '/approved/status',
    route({
      tag,
      summary: 'Approve (A) or reject (R) one approval step',
      description:
        'Step TL: the team leader named on it. Step ADMIN: a leave.admin in scope who is neither the employee ' +
        'nor the team leader of step 1. Takes an `Idempotency-Key` (the outbox row id).',
      access: { all: ['leave.read', 'leave.approve'] },
      responses: { 200: LeaveSavedSchema },
      errors: [404, 409],
      idempotent: true,
    }),
    validate('json', LeaveDecisionSchema),
    async (c) => {
      readIdempotencyKey(c);
      const input = c.req.valid('json');
      const actor = c.get('actor');
      const deps = c.get('deps');
      return idempotent(c, actor, (tx) => decideLeave(tx, deps, actor, input));
    },
  );
