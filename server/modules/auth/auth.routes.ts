/**
 * /auth (spec part 1 §2, §8): serves the area's contracts (src/domain/auth/contracts.ts). Mounted outside
 * /api, so the app's session middleware does not run here: the two endpoints that need a session
 * register `authenticate` for their method and path first, ahead of the contract's permission check, as
 * before; the login and the own password change are public.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { authContracts as auth } from '../../../src/domain/auth/contracts';
import type { Actor, AppEnv } from '../../lib/context';
import { contractRouter } from '../../lib/contract-route';
import { HttpError } from '../../lib/errors';
import { readToken } from '../../lib/token';
import { authenticate, bearerToken, loadActor } from '../../middleware/auth';
import { adminChangePassword, changeOwnPassword, login, loginDetail } from './auth.service';
import { clientAddress } from './login-address';

/** A 429 of the per-address limit says when to come back (the app's error handler knows only the 403 lock's). */
const retryAfter: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const err = c.error;
  if (err instanceof HttpError && err.status === 429 && typeof err.extra?.retry_after === 'number') {
    c.res.headers.set('Retry-After', String(err.extra.retry_after));
  }
};

const addressOf = (c: Context<AppEnv>) => clientAddress(c, c.get('deps').trustProxy ?? 0);

const served = contractRouter('/auth');
served.router.use('*', retryAfter);

served.on(auth.login, (c, { body }) => login(c.get('deps'), body.username, body.password, addressOf(c)));

// The session is read before the contract's own middleware (its access check reads the actor).
served.router.get('/login/detail', authenticate);
served.on(auth.detail, async (c) => ({ result: await loginDetail(c.get('actor')) }));

served.on(auth.changeOwn, async (c, { body }) => {
  const deps = c.get('deps');
  // A session is optional here, but when one is sent it binds the username.
  const token = bearerToken(c.req.header('authorization'));
  const claims = token ? await readToken(deps, token) : null;
  const caller: Actor | null = claims ? await loadActor(deps.db, claims.userid) : null;
  return changeOwnPassword(deps, caller, body, addressOf(c));
});

served.router.post('/login/admin/pass/change', authenticate);
served.on(auth.adminChange, (c, { body }) => adminChangePassword(c.get('deps'), body));

export const authRoutes = served.router;
