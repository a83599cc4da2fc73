import { Hono } from 'hono';
import { PermissionListAnswerSchema, permissionList } from '../../../src/domain/roles/permissions';
import type { AppEnv } from '../../lib/context';
import { route } from '../../lib/openapi';

export const permissionRoutes = new Hono<AppEnv>().get(
  '/',
  route({
    tag: 'Roles',
    summary: 'The permission catalogue, by category',
    access: { any: ['role.read', 'role.create', 'role.update'] },
    responses: { 200: PermissionListAnswerSchema },
  }),
  (c) => {
    const result = permissionList();
    return c.json({ result, totalCount: result.length });
  },
);
