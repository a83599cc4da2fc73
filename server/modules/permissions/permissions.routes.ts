import { Hono } from 'hono';
import { permissionList } from '../../../src/domain/permissions';
import type { AppEnv } from '../../lib/context';
import { requireAnyPermission } from '../../middleware/auth';

export const permissionRoutes = new Hono<AppEnv>().get(
  '/',
  requireAnyPermission('role.read', 'role.create', 'role.update'),
  (c) => {
    const result = permissionList();
    return c.json({ result, totalCount: result.length });
  },
);
