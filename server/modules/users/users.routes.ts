import { Hono } from 'hono';
import { ListQuerySchema } from '../../../src/domain/list-query';
import { UserCreateSchema, UserUpdateSchema } from '../../../src/domain/users';
import type { AppEnv } from '../../lib/context';
import { jsonBody, queryOf } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { createUser, getUser, listUsers, resetUserPassword, updateUser } from './users.service';

export const userRoutes = new Hono<AppEnv>()
  .get('/', requirePermission('user.read'), async (c) =>
    c.json(await listUsers(c.get('deps').db, c.get('actor'), queryOf(c, ListQuerySchema))),
  )
  .get('/:id', requirePermission('user.read'), async (c) =>
    c.json({ result: await getUser(c.get('deps').db, c.get('actor'), c.req.param('id')) }),
  )
  .post('/', requirePermission('user.create'), async (c) => {
    const input = await jsonBody(c, UserCreateSchema);
    return c.json(await createUser(c.get('deps').db, c.get('actor'), input), 201);
  })
  .put('/:id', requirePermission('user.update'), async (c) => {
    const input = await jsonBody(c, UserUpdateSchema);
    return c.json(await updateUser(c.get('deps').db, c.get('actor'), c.req.param('id'), input));
  })
  .post('/:id/reset-password', requirePermission('user.update'), async (c) => {
    const answer = await resetUserPassword(c.get('deps').db, c.get('actor'), c.req.param('id'));
    // The temporary password is in this answer: no cache may keep it.
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });
