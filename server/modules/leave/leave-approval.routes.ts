/**
 * The approval side of /api/leave (docs/decisions/006-leave.md), serving its contracts
 * (src/domain/leave/contracts.ts): each approver's queue, the admin step of every request in scope, and
 * the decision itself — a write a tablet makes offline, so it goes through `idempotent`, keyed by the
 * outbox row id.
 */
import { leaveContracts as leave } from '../../../src/domain/leave/contracts';
import { contractRouter } from '../../lib/contract-route';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { adminQueueWhere, approvalQueue, decideLeave, myQueueWhere } from './leave-approval.service';
import { officeToday } from './leave-context';
import { listLeaves, scopedListWhere } from './leave-read.service';

export const leaveApprovalRoutes = contractRouter('/api/leave')
  .on(leave.adminQueue, async (c, { params, query }) => {
    const where = adminQueueWhere(c.get('actor'), params.status);
    return approvalQueue(c.get('deps').db, where, params.status, query);
  })
  .on(leave.queue, async (c, { params, query }) => {
    const where = myQueueWhere(c.get('actor'), params.status);
    return approvalQueue(c.get('deps').db, where, params.status, query);
  })
  .on(leave.adminApprovalList, async (c, { query }) =>
    listLeaves(c.get('deps').db, scopedListWhere(c.get('actor'), query, officeToday(c)), query),
  )
  .on(leave.decide, async (c, { body }) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    const deps = c.get('deps');
    return idempotent(c, actor, (tx) => decideLeave(tx, deps, actor, body));
  }).router;
