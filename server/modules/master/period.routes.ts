/** /api/period (spec part 2 §7): reads for every signed-in user, writes with master.create / master.update. */
import { Hono } from 'hono';
import { MessageSchema } from '../../../src/domain/api';
import {
  PeriodCreateSchema,
  PeriodDetailAnswerSchema,
  PeriodIdParamSchema,
  PeriodListAnswerSchema,
  PeriodListQuerySchema,
  PeriodStatusSchema,
} from '../../../src/domain/master/master';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { createPeriod, currentPeriod, getPeriod, listPeriods, setPeriodStatus } from './period.service';

const tag = 'Period';
// A period is shared by every company (its key is the month), so it is not limited by trustee scope.
const NOT_SCOPED = 'Periods are not limited by trustee scope.';

export const periodRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: 'List payroll periods, newest first',
      description: '`status` = true/1 (posting enabled) or false/0.',
      access: { session: true, note: NOT_SCOPED },
      responses: { 200: PeriodListAnswerSchema },
    }),
    validate('query', PeriodListQuerySchema),
    async (c) => c.json(await listPeriods(c.get('deps').db, c.req.valid('query'))),
  )
  .get(
    '/current/get',
    route({
      tag,
      summary: "The period of today's month",
      access: { session: true, note: NOT_SCOPED },
      responses: { 200: PeriodDetailAnswerSchema },
      errors: [404],
    }),
    async (c) => {
      const deps = c.get('deps');
      return c.json({ result: await currentPeriod(deps.db, deps.now()) });
    },
  )
  .get(
    '/:id',
    route({
      tag,
      summary: 'One period',
      access: { session: true, note: NOT_SCOPED },
      responses: { 200: PeriodDetailAnswerSchema },
      errors: [404],
    }),
    validate('param', PeriodIdParamSchema),
    async (c) => c.json({ result: await getPeriod(c.get('deps').db, c.req.valid('param').id) }),
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Create a period',
      description: "mulai/akhir default to the month's bounds, jum_hk to its Monday–Saturday count.",
      access: { all: ['master.create'] },
      responses: { 201: MessageSchema },
      errors: [409, 413],
    }),
    validate('json', PeriodCreateSchema),
    async (c) => c.json(await createPeriod(c.get('deps').db, c.req.valid('json')), 201),
  )
  .put(
    '/:id',
    route({
      tag,
      summary: 'Enable or disable posting in a period',
      access: { all: ['master.update'] },
      responses: { 200: MessageSchema },
      errors: [404, 413],
    }),
    validate('param', PeriodIdParamSchema),
    validate('json', PeriodStatusSchema),
    async (c) => c.json(await setPeriodStatus(c.get('deps').db, c.req.valid('param').id, c.req.valid('json').status)),
  );
