import { Hono } from 'hono';
import { MessageSchema } from '../../../src/domain/api';
import { ListQuerySchema } from '../../../src/domain/list-query';
import {
  RoleCreateSchema,
  RoleDetailAnswerSchema,
  RoleIdParamSchema,
  RoleListAnswerSchema,
  RoleSavedSchema,
  RoleUpdateSchema,
} from '../../../src/domain/roles/roles';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service';

const tag = 'Roles';

export const roleRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: 'List roles',
      // The user form picks a role from this list, so user administrators may read it too.
      access: { any: ['role.read', 'user.read', 'user.create'] },
      responses: { 200: RoleListAnswerSchema },
    }),
    validate('query', ListQuerySchema),
    async (c) => c.json(await listRoles(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/:id',
    route({
      tag,
      summary: 'One role with its permissions',
      access: { all: ['role.read'] },
      responses: { 200: RoleDetailAnswerSchema },
      errors: [404],
    }),
    validate('param', RoleIdParamSchema),
    async (c) => c.json({ result: await getRole(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Create a role',
      access: { all: ['role.create'] },
      responses: { 201: RoleSavedSchema },
      errors: [409, 413],
    }),
    validate('json', RoleCreateSchema),
    async (c) => c.json(await createRole(c.get('deps').db, c.get('actor'), c.req.valid('json')), 201),
  )
  .put(
    '/:id',
    route({
      tag,
      summary: 'Rename a role or change its permissions',
      access: { all: ['role.update'] },
      responses: { 200: RoleSavedSchema },
      errors: [404, 409, 413],
    }),
    validate('param', RoleIdParamSchema),
    validate('json', RoleUpdateSchema),
    async (c) =>
      c.json(await updateRole(c.get('deps').db, c.get('actor'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete(
    '/:id',
    route({
      tag,
      summary: 'Delete a role no user holds',
      access: { all: ['role.delete'] },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    validate('param', RoleIdParamSchema),
    async (c) => c.json(await deleteRole(c.get('deps').db, c.get('actor'), c.req.valid('param').id)),
  );
