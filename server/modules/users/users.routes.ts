import { Hono } from 'hono';
import { ListQuerySchema } from '../../../src/domain/list-query';
import {
  PasswordResetAnswerSchema,
  UserCreateSchema,
  UserDetailAnswerSchema,
  UserIdParamSchema,
  UserListAnswerSchema,
  UserSavedSchema,
  UserUpdateSchema,
} from '../../../src/domain/users/users';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { createUser, getUser, listUsers, resetUserPassword, updateUser } from './users.service';

const tag = 'Users';

export const userRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: 'List user accounts',
      access: { all: ['user.read'] },
      responses: { 200: UserListAnswerSchema },
    }),
    validate('query', ListQuerySchema),
    async (c) => c.json(await listUsers(c.get('deps').db, c.get('actor'), c.req.valid('query'))),
  )
  .get(
    '/:id',
    route({
      tag,
      summary: 'One user account with its data scope (trustee)',
      access: { all: ['user.read'] },
      responses: { 200: UserDetailAnswerSchema },
      errors: [404],
    }),
    validate('param', UserIdParamSchema),
    async (c) => c.json({ result: await getUser(c.get('deps').db, c.get('actor'), c.req.valid('param').id) }),
  )
  .post(
    '/',
    route({
      tag,
      summary: 'Create a user account',
      access: { all: ['user.create'] },
      responses: { 201: UserSavedSchema },
      errors: [409, 413],
    }),
    validate('json', UserCreateSchema),
    async (c) => c.json(await createUser(c.get('deps').db, c.get('actor'), c.req.valid('json')), 201),
  )
  .put(
    '/:id',
    route({
      tag,
      summary: 'Change a user account (a blank password keeps the current one)',
      description: 'An administrator cannot deactivate, demote or re-password their own account here.',
      access: { all: ['user.update'] },
      responses: { 200: UserSavedSchema },
      errors: [404, 409, 413],
    }),
    validate('param', UserIdParamSchema),
    validate('json', UserUpdateSchema),
    async (c) =>
      c.json(await updateUser(c.get('deps').db, c.get('actor'), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    '/:id/reset-password',
    route({
      tag,
      summary: 'Issue a temporary password',
      description:
        'Answers a generated password once (Cache-Control: no-store); the user must replace it at the next login. ' +
        'Open sessions of the account end.',
      access: { all: ['user.update'] },
      responses: { 200: PasswordResetAnswerSchema },
      errors: [404],
    }),
    validate('param', UserIdParamSchema),
    async (c) => {
      const answer = await resetUserPassword(c.get('deps').db, c.get('actor'), c.req.valid('param').id);
      // The temporary password is in this answer: no cache may keep it.
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    },
  );
