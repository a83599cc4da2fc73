/** GET /api/route-list and /api/route-list/{id} (spec part 2 §8): read by the employee form's picker too. */
import { Hono } from 'hono';
import { ListQuerySchema } from '../../../src/domain/list-query';
import {
  RouteListDetailAnswerSchema,
  RouteListIdParamSchema,
  RouteListListAnswerSchema,
} from '../../../src/domain/route-list';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { PICKER_READ } from '../store/store.routes';
import { getRouteList, listRouteLists } from './route-list.service';

export const routeListRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag: 'Route list',
      summary: 'List route lists',
      description: '`q` searches the id and the name.',
      access: PICKER_READ,
      responses: { 200: RouteListListAnswerSchema },
    }),
    validate('query', ListQuerySchema),
    async (c) => c.json(await listRouteLists(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/:id',
    route({
      tag: 'Route list',
      summary: 'One route list',
      access: PICKER_READ,
      responses: { 200: RouteListDetailAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', RouteListIdParamSchema),
    async (c) => c.json({ result: await getRouteList(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  );
