/**
 * /api/period (spec part 2 §7): serves the period contracts (src/domain/master/contracts.ts): reads for
 * every signed-in user, writes with master.create / master.update.
 */
import { periodContracts as period } from '../../../src/domain/master/contracts';
import { contractRouter } from '../../lib/contract-route';
import { createPeriod, currentPeriod, getPeriod, listPeriods, setPeriodStatus } from './period.service';

export const periodRoutes = contractRouter('/api/period')
  .on(period.list, (c, { query }) => listPeriods(c.get('deps').db, query))
  .on(period.current, async (c) => {
    const deps = c.get('deps');
    return { result: await currentPeriod(deps.db, deps.now()) };
  })
  .on(period.detail, async (c, { params }) => ({ result: await getPeriod(c.get('deps').db, params.id) }))
  .on(period.create, (c, { body }) => createPeriod(c.get('deps').db, body))
  .on(period.setStatus, (c, { params, body }) => setPeriodStatus(c.get('deps').db, params.id, body.status)).router;
