/**
 * /api/absensi/tinjau, "Perlu Ditinjau" (issue 28, docs/decisions/035): the review queue of flagged
 * check-ins, one item's detail with the photos it resembles, a reviewer's decision (terima/tolak with a
 * reason, once) and the employee's own note on her flagged check-in (through the phone's outbox).
 * Serves `tinjauContracts` of src/domain/absensi/contracts.ts.
 */
import { tinjauContracts as tinjau } from '../../../src/domain/absensi/contracts';
import { TINJAU_MESSAGES } from '../../../src/domain/absensi/tinjau';
import { ownNrp } from '../../lib/actor';
import { contractRouter } from '../../lib/contract-route';
import { idempotent } from '../../middleware/idempotency';
import { decideTinjau, listTinjau, noteTinjau, tinjauDetail } from './tinjau.service';

export const tinjauRoutes = contractRouter('/api/absensi')
  .on(tinjau.list, async (c, { query }) => {
    const deps = c.get('deps');
    return listTinjau(deps.db, c.get('actor'), query, deps.now());
  })
  .on(tinjau.detail, async (c, { params }) => ({
    result: await tinjauDetail(c.get('deps').db, c.get('actor'), params.id),
  }))
  .on(tinjau.decide, async (c, { params, body }) => {
    const deps = c.get('deps');
    return decideTinjau(deps.db, c.get('actor'), params.id, body, deps.now());
  })
  .on(tinjau.note, async (c, { params, body }) => {
    const actor = c.get('actor');
    ownNrp(actor, TINJAU_MESSAGES.notOwn);
    const deps = c.get('deps');
    return idempotent(c, actor, async (tx) => ({
      status: 200,
      body: await noteTinjau(tx, actor, params.id, body.catatan, deps.now()),
    }));
  }).router;
