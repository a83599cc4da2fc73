import { Hono } from 'hono';
import { ListQuerySchema } from '../../../src/domain/list-query';
import { RoleCreateSchema, RoleUpdateSchema } from '../../../src/domain/roles';
import type { AppEnv } from '../../lib/context';
import { jsonBody, queryOf } from '../../lib/validate';
import { requireAnyPermission, requirePermission } from '../../middleware/auth';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service';

export const roleRoutes = new Hono<AppEnv>()
  // The user form picks a role from this list, so user administrators may read it too.
  .get('/', requireAnyPermission('role.read', 'user.read', 'user.create'), async (c) =>
    c.json(await listRoles(c.get('deps').db, c.get('actor'), queryOf(c, ListQuerySchema))),
  )
  .get('/:id', requirePermission('role.read'), async (c) =>
    c.json({ result: await getRole(c.get('deps').db, c.get('actor'), c.req.param('id')) }),
  )
  .post('/', requirePermission('role.create'), async (c) => {
    const input = await jsonBody(c, RoleCreateSchema);
    return c.json(await createRole(c.get('deps').db, c.get('actor'), input), 201);
  })
  .put('/:id', requirePermission('role.update'), async (c) => {
    const input = await jsonBody(c, RoleUpdateSchema);
    return c.json(await updateRole(c.get('deps').db, c.get('actor'), c.req.param('id'), input));
  })
  .delete('/:id', requirePermission('role.delete'), async (c) =>
    c.json(await deleteRole(c.get('deps').db, c.get('actor'), c.req.param('id'))),
  );
