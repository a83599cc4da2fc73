import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { jenisCutiRoutes, jenisLeaveRoutes } from './jenis-leave.routes';
import { leaveCountRoutes, leaveRoutes } from './leave.routes';

/** Leave, the module's one router, mounted at /api: leave kinds, filing, approval, reports and counts. */
export const leaveModule = new Hono<AppEnv>()
  .route('/jenis-leave', jenisLeaveRoutes)
  .route('/jenis-cuti', jenisCutiRoutes)
  .route('/leave', leaveRoutes)
  .route('/count/leave', leaveCountRoutes);
