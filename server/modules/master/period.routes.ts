/** /api/period (spec part 2 §7): reads for every signed-in user, writes with master.create / master.update. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ListQuerySchema } from '../../../src/domain/list-query';
import { PeriodCreateSchema, PeriodStatusFilterSchema, PeriodStatusSchema } from '../../../src/domain/master';
import type { AppEnv } from '../../lib/context';
import { jsonBody, queryOf } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { createPeriod, currentPeriod, getPeriod, listPeriods, setPeriodStatus } from './period.service';

const PeriodListQuerySchema = v.object({ ...ListQuerySchema.entries, status: PeriodStatusFilterSchema });

export const periodRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listPeriods(c.get('deps').db, queryOf(c, PeriodListQuerySchema))))
  .get('/current/get', async (c) => {
    const deps = c.get('deps');
    return c.json({ result: await currentPeriod(deps.db, deps.now()) });
  })
  .get('/:id', async (c) => c.json({ result: await getPeriod(c.get('deps').db, c.req.param('id')) }))
  .post('/', requirePermission('master.create'), async (c) => {
    const input = await jsonBody(c, PeriodCreateSchema);
    return c.json(await createPeriod(c.get('deps').db, input), 201);
  })
  .put('/:id', requirePermission('master.update'), async (c) => {
    const { status } = await jsonBody(c, PeriodStatusSchema);
    return c.json(await setPeriodStatus(c.get('deps').db, c.req.param('id'), status));
  });
