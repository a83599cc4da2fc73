import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { matrixKunjunganRoutes } from './matrix-kunjungan.routes';
import { routeListRoutes } from './route-list.routes';

/** Route lists and the visit matrix built from them, the module's one router, mounted at /api. */
export const routeListModule = new Hono<AppEnv>()
  .route('/route-list', routeListRoutes)
  .route('/matrix-kunjungan', matrixKunjunganRoutes);
