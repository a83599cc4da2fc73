/**
 * GET /api/store (with client_id), /api/store/{cust_code}, /api/route-list, /api/route-list/{id}
 * (spec part 2 §8). Like the master lists, reads are open to every signed-in user within their
 * trustee scope (docs/decisions/004): the employee form picks a store and a route list without the
 * Store menu. The writes, uploads and exports come with the Store and Route List screens.
 */
import { Hono } from 'hono';
import { ListQuerySchema } from '../../../src/domain/list-query';
import { StoreListQuerySchema } from '../../../src/domain/store';
import type { AppEnv } from '../../lib/context';
import { queryOf } from '../../lib/validate';
import { getRouteList, getStore, listRouteLists, listStores } from './store.service';

export const storeRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listStores(c.get('deps').db, c.get('actor'), queryOf(c, StoreListQuerySchema))))
  .get('/:id', async (c) => c.json({ result: await getStore(c.get('deps').db, c.get('actor'), c.req.param('id')) }));

export const routeListRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listRouteLists(c.get('deps').db, c.get('actor'), queryOf(c, ListQuerySchema))))
  .get('/:id', async (c) =>
    c.json({ result: await getRouteList(c.get('deps').db, c.get('actor'), c.req.param('id')) }),
  );
