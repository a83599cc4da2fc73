import { Hono } from 'hono';
import { LoginSchema } from '../../../src/domain/auth';
import { AdminPasswordChangeSchema, PasswordChangeSchema } from '../../../src/domain/password-policy';
import type { Actor, AppEnv } from '../../lib/context';
import { readToken } from '../../lib/token';
import { jsonBody } from '../../lib/validate';
import { authenticate, bearerToken, loadActor, requireAnyPermission } from '../../middleware/auth';
import { adminChangePassword, changeOwnPassword, login, loginDetail } from './auth.service';

export const authRoutes = new Hono<AppEnv>()
  .post('/web/login', async (c) => {
    const { username, password } = await jsonBody(c, LoginSchema);
    return c.json(await login(c.get('deps'), username, password));
  })
  .get('/login/detail', authenticate, async (c) => c.json({ result: await loginDetail(c.get('actor')) }))
  .post('/login/pass/change', async (c) => {
    const deps = c.get('deps');
    const input = await jsonBody(c, PasswordChangeSchema);
    // A session is optional here (forced change from the login dialog), but when one is sent it binds the username.
    const token = bearerToken(c.req.header('authorization'));
    const claims = token ? await readToken(deps, token) : null;
    const caller: Actor | null = claims ? await loadActor(deps.db, claims.userid) : null;
    return c.json(await changeOwnPassword(deps, caller, input));
  })
  .post(
    '/login/admin/pass/change',
    authenticate,
    requireAnyPermission('user.update', 'karyawan.resetpassword'),
    async (c) => c.json(await adminChangePassword(c.get('deps'), await jsonBody(c, AdminPasswordChangeSchema))),
  );
