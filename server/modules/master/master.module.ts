import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { masterRoutes } from './master.routes';
import { periodRoutes } from './period.routes';

/** Master data, the module's one router, mounted at /api: /api/period and one route per list (/api/lokasi, …). */
export const masterModule = new Hono<AppEnv>().route('/period', periodRoutes).route('/', masterRoutes);
