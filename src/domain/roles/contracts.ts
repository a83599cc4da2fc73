/**
 * /api/roles and /api/permissions, one contract per endpoint (src/domain/contract.ts): roles with the
 * permissions they grant, and the catalogue they draw from.
 */
import { MessageSchema } from '../api';
import { contract } from '../contract';
import { ListQuerySchema } from '../list-query';
import { PermissionListAnswerSchema } from './permissions';
import {
  RoleCreateSchema,
  RoleDetailAnswerSchema,
  RoleIdParamSchema,
  RoleListAnswerSchema,
  RoleSavedSchema,
  RoleUpdateSchema,
} from './roles';

const tag = 'Roles';

export const roleContracts = {
  list: contract({
    method: 'GET',
    path: '/api/roles',
    tag,
    summary: 'List roles',
    // The user form picks a role from this list, so user administrators may read it too.
    access: { any: ['role.read', 'user.read', 'user.create'] },
    query: ListQuerySchema,
    answer: RoleListAnswerSchema,
  }),
  detail: contract({
    method: 'GET',
    path: '/api/roles/:id',
    tag,
    summary: 'One role with its permissions',
    access: { all: ['role.read'] },
    params: RoleIdParamSchema,
    answer: RoleDetailAnswerSchema,
    errors: [404],
  }),
  create: contract({
    method: 'POST',
    path: '/api/roles',
    tag,
    summary: 'Create a role',
    access: { all: ['role.create'] },
    body: RoleCreateSchema,
    answer: RoleSavedSchema,
    status: 201,
    errors: [409, 413],
  }),
  update: contract({
    method: 'PUT',
    path: '/api/roles/:id',
    tag,
    summary: 'Rename a role or change its permissions',
    access: { all: ['role.update'] },
    params: RoleIdParamSchema,
    body: RoleUpdateSchema,
    answer: RoleSavedSchema,
    errors: [404, 409, 413],
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/roles/:id',
    tag,
    summary: 'Delete a role no user holds',
    access: { all: ['role.delete'] },
    params: RoleIdParamSchema,
    answer: MessageSchema,
    errors: [404, 409],
  }),
  /** The catalogue: every permission, by category. */
  permissions: contract({
    method: 'GET',
    path: '/api/permissions',
    tag,
    summary: 'The permission catalogue, by category',
    access: { any: ['role.read', 'role.create', 'role.update'] },
    answer: PermissionListAnswerSchema,
  }),
};
