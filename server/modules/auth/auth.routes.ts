import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { MessageSchema } from '../../../src/domain/api';
import {
  LoginAnswerSchema,
  LoginDetailAnswerSchema,
  LoginSchema,
  PasswordChangedAnswerSchema,
} from '../../../src/domain/auth/auth';
import { AdminPasswordChangeSchema, PasswordChangeSchema } from '../../../src/domain/auth/password-policy';
import type { Actor, AppEnv } from '../../lib/context';
import { HttpError } from '../../lib/errors';
import { route, validate } from '../../lib/openapi';
import { readToken } from '../../lib/token';
import { authenticate, bearerToken, loadActor } from '../../middleware/auth';
import { adminChangePassword, changeOwnPassword, login, loginDetail } from './auth.service';
import { clientAddress } from './login-address';

const tag = 'Auth';

/** A 429 of the per-address limit says when to come back (the app's error handler knows only the 403 lock's). */
const retryAfter: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const err = c.error;
  if (err instanceof HttpError && err.status === 429 && typeof err.extra?.retry_after === 'number') {
    c.res.headers.set('Retry-After', String(err.extra.retry_after));
  }
};

const addressOf = (c: Context<AppEnv>) => clientAddress(c, c.get('deps').trustProxy ?? 0);

export const authRoutes = new Hono<AppEnv>()
  .use('*', retryAfter)
  .post(
    '/web/login',
    route({
      tag,
      summary: 'Log in: a bearer token for the API',
      description:
        '401 wrong username or password (or an inactive account); 403 `locked` after 5 failures in 15 minutes, ' +
        'with `retry_after` seconds; 404 `password_reset_required` when the password must be changed first.',
      access: { public: true },
      responses: { 200: LoginAnswerSchema },
      errors: [401, 403, 404, 413, 429],
    }),
    validate('json', LoginSchema),
    async (c) => {
      const { username, password } = c.req.valid('json');
      return c.json(await login(c.get('deps'), username, password, addressOf(c)));
    },
  )
  .get(
    '/login/detail',
    authenticate,
    route({
      tag,
      summary: 'The signed-in user with the permissions of their current role',
      access: { session: true },
      responses: { 200: LoginDetailAnswerSchema },
    }),
    async (c) => c.json({ result: await loginDetail(c.get('actor')) }),
  )
  .post(
    '/login/pass/change',
    route({
      tag,
      summary: 'Change the own password',
      description:
        'Works without a session (the forced change from the login dialog: the old password is the proof); ' +
        'when a session is sent, the username must be its own. Answers a fresh token. A wrong old password ' +
        'counts as a failed login (per username and per client address: 403 `locked`, 429 `too_many_attempts`).',
      access: { public: true },
      responses: { 200: PasswordChangedAnswerSchema },
      errors: [401, 403, 413, 429],
    }),
    validate('json', PasswordChangeSchema),
    async (c) => {
      const deps = c.get('deps');
      // A session is optional here, but when one is sent it binds the username.
      const token = bearerToken(c.req.header('authorization'));
      const claims = token ? await readToken(deps, token) : null;
      const caller: Actor | null = claims ? await loadActor(deps.db, claims.userid) : null;
      return c.json(await changeOwnPassword(deps, caller, c.req.valid('json'), addressOf(c)));
    },
  )
  .post(
    '/login/admin/pass/change',
    authenticate,
    route({
      tag,
      summary: "Set another user's password",
      access: { any: ['user.update', 'karyawan.resetpassword'] },
      responses: { 200: MessageSchema },
      errors: [404, 413],
    }),
    validate('json', AdminPasswordChangeSchema),
    async (c) => c.json(await adminChangePassword(c.get('deps'), c.req.valid('json'))),
  );
