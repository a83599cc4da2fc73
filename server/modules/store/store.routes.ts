/**
 * GET /api/store (with client_id), /api/store/{cust_code}, /api/route-list, /api/route-list/{id}
 * (spec part 2 §8). Like the master lists, reads are open to every signed-in user within their
 * trustee scope (docs/decisions/004): the employee form picks a store and a route list without the
 * Store menu. The writes, uploads and exports come with the Store and Route List screens.
 */
import { Hono } from 'hono';
import { ListQuerySchema } from '../../../src/domain/list-query';
import {
  RouteListDetailAnswerSchema,
  RouteListIdParamSchema,
  RouteListListAnswerSchema,
  StoreDetailAnswerSchema,
  StoreIdParamSchema,
  StoreListAnswerSchema,
  StoreListQuerySchema,
} from '../../../src/domain/store';
import type { AppEnv } from '../../lib/context';
import { route, validate, type Access } from '../../lib/openapi';
import { getRouteList, getStore, listRouteLists, listStores } from './store.service';

const READ: Access = {
  session: true,
  note: "Pickers of other screens read these too. Limited to the user's data scope (a store by its client and sales office, a route list by its company).",
};

export const storeRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag: 'Store',
      summary: 'List stores, optionally of one client',
      description: '`q` searches the code and the name.',
      access: READ,
      responses: { 200: StoreListAnswerSchema },
    }),
    validate('query', StoreListQuerySchema),
    async (c) => c.json(await listStores(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/:id',
    route({
      tag: 'Store',
      summary: 'One store by its customer code',
      access: READ,
      responses: { 200: StoreDetailAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', StoreIdParamSchema),
    async (c) => c.json({ result: await getStore(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  );

export const routeListRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag: 'Route list',
      summary: 'List route lists',
      description: '`q` searches the id and the name.',
      access: READ,
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
      access: READ,
      responses: { 200: RouteListDetailAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', RouteListIdParamSchema),
    async (c) => c.json({ result: await getRouteList(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  );
