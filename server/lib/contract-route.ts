/**
 * Serving an endpoint contract (src/domain/contract.ts) on a Hono router:
 *
 *   export const newsRoutes = contractRouter('/api/news')
 *     .on(listNews, async (c, { query }) => listNewsService(c.get('deps').db, c.get('actor'), query))
 *     .on(readNews, (c, { params, body }) => idempotent(c, actor, (tx) => markRead(tx, …)))
 *     .router;
 *
 * `on` registers the contract's method and path with the same middleware a hand-written route has:
 * `route()` (the OpenAPI description and the permission check, server/lib/openapi.ts), then
 * `validate()` for the params, query and JSON body, then any `before` middleware (a body limit), then
 * the handler. The handler gets the validated input, typed, and returns the answer: a plain object,
 * which the compiler checks against the answer schema's input type and which is sent as JSON with the
 * contract's status, or an `Answered<T>` response (what `idempotent()` returns) of the same type.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { resolver, type DescribeRouteOptions } from 'hono-openapi';
import type * as v from 'valibot';
import type { AnswerIn, ContractSpec } from '../../src/domain/contract';
import type { AppEnv } from './context';
import { route, validate, type RouteSpec } from './openapi';

declare const answered: unique symbol;
/** A response whose JSON body is a `T` (the idempotency middleware's answer). */
export type Answered<T> = Response & { readonly [answered]: T };

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

/** The handler's validated input: each part the contract declares, as its schema outputs it. */
export interface ContractInput<C extends ContractSpec> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
}

type Awaitable<T> = T | Promise<T>;
export type ContractHandler<C extends ContractSpec> = (
  c: Context<AppEnv>,
  input: ContractInput<C>,
) => Awaitable<AnswerIn<C> | Answered<AnswerIn<C>>>;

/** Checks one part of the request with the contract's schema for it, in place of `validate()`. */
export type PartCheck = (schema: v.GenericSchema) => MiddlewareHandler<AppEnv>;

export interface ServeOptions {
  /** Middleware after validation, before the handler (e.g. `photoBodyLimit`). */
  before?: readonly MiddlewareHandler<AppEnv>[];
  /**
   * More for the document (parameters no validator carries). With a `form`, the content of a
   * `requestBody` here is documented after the multipart one (a body also taken as JSON).
   */
  extra?: Omit<DescribeRouteOptions, 'responses' | 'tags' | 'summary' | 'description'>;
  /**
   * A part checked otherwise than by `validate()` (a 400): path parameters whose malformed value names
   * nobody (a 404), or a JSON body read by a stricter schema than the one its contract documents it
   * with (which `extra.requestBody` then documents). What it stores with `c.req.addValidatedData` is
   * what the handler gets.
   */
  check?: { param?: PartCheck; json?: PartCheck };
}

/** The `route()` spec a contract documents itself with. */
export function routeSpecOf(c: ContractSpec, extra: ServeOptions['extra'] = {}): RouteSpec {
  const given = extra.requestBody && 'content' in extra.requestBody ? extra.requestBody : undefined;
  const requestBody = c.form
    ? {
        requestBody: {
          ...given,
          content: { 'multipart/form-data': { schema: resolver(c.form) }, ...given?.content },
        },
      }
    : {};
  const more = { ...extra, ...requestBody };
  return {
    tag: c.tag,
    summary: c.summary,
    ...(c.description ? { description: c.description } : {}),
    access: c.access,
    responses: { [c.status ?? 200]: c.answer, ...(c.alsoStatus ? { [c.alsoStatus]: c.answer } : {}) },
    ...(c.errors ? { errors: c.errors } : {}),
    ...(c.idempotent ? { idempotent: true as const } : {}),
    ...(Object.keys(more).length ? { extra: more } : {}),
  };
}

const isResponse = (x: unknown): x is Response => x instanceof Response;

/** A router mounted at `prefix` whose routes are contracts whose paths start with it. */
export function contractRouter(prefix: string) {
  const router = new Hono<AppEnv>();
  const self = {
    router,
    on<C extends ContractSpec>(contract: C, handler: ContractHandler<C>, options: ServeOptions = {}) {
      if (contract.path !== prefix && !contract.path.startsWith(`${prefix}/`)) {
        throw new Error(`${contract.path} is not under ${prefix}`);
      }
      const path = contract.path.slice(prefix.length) || '/';
      const chain: MiddlewareHandler<AppEnv>[] = [route(routeSpecOf(contract, options.extra))];
      // The validators' own input types are Hono's concern; the handler gets the parts typed below.
      const check = (target: 'param' | 'query' | 'json', schema: v.GenericSchema) =>
        validate(target, schema) as unknown as MiddlewareHandler<AppEnv>;
      const own = options.check ?? {};
      if (contract.params) chain.push((own.param ?? ((s) => check('param', s)))(contract.params));
      if (contract.query) chain.push(check('query', contract.query));
      if (contract.body) chain.push((own.json ?? ((s) => check('json', s)))(contract.body));
      chain.push(...(options.before ?? []));
      const status = contract.status ?? 200;
      router.on([contract.method], [path], ...chain, async (c) => {
        const valid = (target: 'param' | 'query' | 'json'): unknown => c.req.valid(target as never);
        const input = {
          params: contract.params ? valid('param') : undefined,
          query: contract.query ? valid('query') : undefined,
          body: contract.body ? valid('json') : undefined,
        } as ContractInput<C>;
        const answer = await handler(c, input);
        return isResponse(answer) ? answer : c.json(answer as object, status);
      });
      return self;
    },
  };
  return self;
}
