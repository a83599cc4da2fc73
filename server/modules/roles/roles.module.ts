import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { permissionRoutes } from './permissions.routes';
import { roleRoutes } from './roles.routes';

/** Roles and the permission catalogue they draw from, the module's one router, mounted at /api. */
export const rolesModule = new Hono<AppEnv>().route('/permissions', permissionRoutes).route('/roles', roleRoutes);
