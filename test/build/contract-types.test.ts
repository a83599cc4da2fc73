/**
 * Endpoint contracts (src/domain/contract.ts, server/lib/contract-route.ts): the compiler refuses a
 * handler that answers another shape than its contract's answer schema, or a contract whose params do
 * not match its path (the `@ts-expect-error` lines below fail `npm run typecheck` the day they compile);
 * and a registered contract validates, checks the permission, answers with its status and is found
 * by the API tests' contract checker.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { contract, contractName, pathOf, type AnswerOf } from '../../src/domain/contract';
import { contractRouter } from '../../server/lib/contract-route';
import type { Actor, AppEnv } from '../../server/lib/context';
import { HttpError } from '../../server/lib/errors';
import { contractOf } from '../../server/lib/openapi';
import { idempotent } from '../../server/middleware/idempotency';

const ThingSchema = v.object({ result: v.object({ id: v.number(), name: v.string() }) });

const getThing = contract({
  method: 'GET',
  path: '/api/things/:id',
  tag: 'Things',
  summary: 'One thing',
  access: { all: ['role.read'] },
  params: v.object({ id: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)) }),
  query: v.object({ verbose: v.optional(v.picklist(['0', '1']), '0') }),
  answer: ThingSchema,
  errors: [404],
});

const makeThing = contract({
  method: 'POST',
  path: '/api/things',
  tag: 'Things',
  summary: 'Make a thing',
  access: { session: true },
  body: v.object({ name: v.pipe(v.string(), v.minLength(1, 'Nama harus diisi')) }),
  answer: ThingSchema,
  status: 201,
  idempotent: true,
});

describe('contract types', () => {
  it('types the handler’s input and answer from the contract', () => {
    contractRouter('/api/things')
      .on(getThing, (_c, { params, query }) => {
        expectTypeOf(params.id).toEqualTypeOf<number>();
        expectTypeOf(query.verbose).toEqualTypeOf<'0' | '1'>();
        return { result: { id: params.id, name: 'x' } };
      })
      // @ts-expect-error: the answer's `name` must be a string
      .on(getThing, () => ({ result: { id: 1, name: 2 } }))
      // @ts-expect-error: the answer lacks `result`
      .on(getThing, () => ({ message: 'ok' }))
      // @ts-expect-error: a hand-made JSON response would escape the check, so it is refused
      .on(getThing, (c) => c.json({ result: { id: 1, name: 2 } }))
      // @ts-expect-error: the contract has no body
      .on(getThing, (_c, { body }) => ({ result: { id: body.id, name: 'x' } }))
      .on(makeThing, (c, { body }) =>
        idempotent(c, { userid: 'U1' }, async () => ({ status: 201, body: { result: { id: 1, name: body.name } } })),
      )
      // @ts-expect-error: an idempotent write answers the contract's shape too
      .on(makeThing, (c) => idempotent(c, { userid: 'U1' }, async () => ({ status: 201, body: { id: 1 } })));
    expectTypeOf<AnswerOf<typeof getThing>>().toEqualTypeOf<{ result: { id: number; name: string } }>();
  });

  it('refuses params that do not match the path, and a body on a GET', () => {
    contract({
      method: 'GET',
      path: '/api/things/:id',
      tag: 'Things',
      summary: 'x',
      access: { session: true },
      // @ts-expect-error: the path says :id
      params: v.object({ nrp: v.string() }),
      answer: ThingSchema,
    });
    // @ts-expect-error: the path has :id, the contract no params
    contract({
      method: 'DELETE',
      path: '/api/things/:id',
      tag: 'T',
      summary: 'x',
      access: { session: true },
      answer: ThingSchema,
    });
    contract({
      method: 'GET',
      path: '/api/things',
      tag: 'Things',
      summary: 'x',
      access: { session: true },
      // @ts-expect-error: a GET has no body
      body: v.object({ name: v.string() }),
      answer: ThingSchema,
    });
  });
});

describe('pathOf and contractName', () => {
  it('fills the path’s params, encoded', () => {
    expect(pathOf(getThing, { id: 12 })).toBe('/api/things/12');
    expect(pathOf({ path: '/api/roles/:id' }, { id: 'A/B' })).toBe('/api/roles/A%2FB');
    expect(() => pathOf(getThing, {})).toThrow(/:id/);
    expect(contractName(getThing)).toBe('GET /api/things/:id');
  });
});

describe('a served contract', () => {
  const actor = (permissions: string[]) => ({ userid: 'U1', permissions }) as unknown as Actor;
  const app = (permissions: string[]) => {
    const a = new Hono<AppEnv>();
    a.use(async (c, next) => {
      c.set('actor', actor(permissions));
      await next();
    });
    a.onError((err, c) =>
      err instanceof HttpError ? c.json({ message: err.message }, err.status) : c.json({ message: String(err) }, 500),
    );
    a.route(
      '/api/things',
      contractRouter('/api/things').on(getThing, (_c, { params, query }) => ({
        result: { id: params.id, name: `thing ${query.verbose}` },
      })).router,
    );
    return a;
  };

  it('validates the params and query and answers the handler’s object as JSON', async () => {
    const res = await app(['role.read']).request('/api/things/7?verbose=1');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: { id: 7, name: 'thing 1' } });
    expect((await app(['role.read']).request('/api/things/x')).status).toBe(400);
  });

  it('checks the contract’s permission', async () => {
    expect((await app(['user.read']).request('/api/things/7')).status).toBe(403);
  });

  it('is documented and found by the contract checker', () => {
    const routes = app([]).routes.filter((r) => r.method === 'GET' && r.path === '/api/things/:id');
    const described = routes.map((r) => contractOf(r.handler)).find(Boolean);
    expect(described?.spec.summary).toBe('One thing');
    expect([...(described?.answers.keys() ?? [])].sort()).toEqual([200, 400, 401, 403, 404]);
  });

  it('refuses a contract outside its router’s prefix', () => {
    expect(() => contractRouter('/api/other').on(getThing, () => ({ result: { id: 1, name: 'x' } }))).toThrow(
      /not under/,
    );
  });
});
