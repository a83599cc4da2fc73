/**
 * GET /api/store (with client_id) and /api/store/{cust_code} (spec part 2 §8). Like the master lists,
 * reads are open to every signed-in user within their trustee scope (docs/decisions/004): the employee
 * form picks a store without the Store menu.
 */
import { Hono } from 'hono';
import {
  StoreDetailAnswerSchema,
  StoreIdParamSchema,
  StoreListAnswerSchema,
  StoreListQuerySchema,
} from '../../../src/domain/store';
import type { AppEnv } from '../../lib/context';
import { route, validate, type Access } from '../../lib/openapi';
import { getStore, listStores } from './store.service';

export const PICKER_READ: Access = {
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
      access: PICKER_READ,
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
      access: PICKER_READ,
      responses: { 200: StoreDetailAnswerSchema },
      errors: [403, 404],
    }),
    validate('param', StoreIdParamSchema),
    async (c) => c.json({ result: await getStore(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  );
