/**
 * Endpoint contracts (issue 30 item 3): one object per endpoint, declared once in
 * `src/domain/<area>/contracts.ts` and used by both sides.
 *
 *   export const readNews = contract({
 *     method: 'POST', path: '/api/news/:id/read', tag: 'News', summary: 'Record that …',
 *     access: { session: true }, params: NewsIdParamSchema, body: NewsReadBodySchema,
 *     answer: NewsReadAnswerSchema, errors: [403, 404, 409], idempotent: true,
 *   });
 *
 * The server registers it (server/lib/contract-route.ts: validators, permission check, OpenAPI
 * description) and the compiler checks that its handler answers the answer schema's shape; the client
 * calls it with `call(readNews, { params: { id }, body })` (src/lib/call.ts), which fills the path,
 * query and body from that one typed input and, in development and tests, parses the answer.
 * Isomorphic: types and two small pure functions, no server or browser code.
 */
import type * as v from 'valibot';
import type { Permission } from './roles/permissions';

/** Who may call an endpoint. The document states it and the server enforces it. */
export type Access =
  /** No token needed (login, the API description). */
  | { public: true }
  /** Any signed-in user; the handler narrows (own records, scope). */
  | { session: true; note?: string }
  /** Every listed permission. */
  | { all: readonly Permission[]; note?: string }
  /** At least one of the listed permissions. */
  | { any: readonly Permission[]; note?: string };

/** Error answers an endpoint may declare beyond those implied by its access and input. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

type Schema = v.GenericSchema;

/** The names of a path's `:param` segments: `'/api/news/:id/read'` → `'id'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What one endpoint is: everything the server registers and documents, and everything the client sends. */
export interface ContractSpec {
  method: Method;
  /** The full path, Hono style: `/api/news/:id/read`. */
  path: string;
  /** The OpenAPI tag (the area, as in server/modules/docs/tags.ts). */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The path parameters (their names must be the path's `:param`s); values arrive as text. */
  params?: Schema;
  query?: Schema;
  /** A JSON body. */
  body?: Schema;
  /** A multipart body: this schema describes it in the document; the handler reads the form itself. */
  form?: Schema;
  /** The success answer (JSON). */
  answer: Schema;
  /** The success status, 200 unless stated. */
  status?: 200 | 201;
  /**
   * A second success status the handler may answer with the same answer schema (a write that answers 201
   * when it records and 200 when it already had: POST /api/absensi/new/spg). Documented beside `status`.
   */
  alsoStatus?: 200 | 201;
  /** Error answers beyond those implied: 400 (bad input), 401 (unless public), 403 (permission rules). */
  errors?: readonly ErrorStatus[];
  /** The outbox replays it: it takes an `Idempotency-Key` and may answer 422 (server/middleware/idempotency.ts). */
  idempotent?: true;
}

type Keys<S> = S extends Schema ? keyof v.InferInput<S> : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Why a contract is refused, as a compile error on the argument (never at run time). */
type Check<C extends ContractSpec> =
  Same<PathParams<C['path']>, Keys<C['params']>> extends false
    ? { params: `the params schema must have exactly the path's :params` }
    : C['method'] extends 'GET'
      ? C extends { body: Schema } | { form: Schema }
        ? { body: 'a GET has no body' }
        : unknown
      : C extends { body: Schema; form: Schema }
        ? { form: 'a body is JSON or multipart, not both' }
        : unknown;

/** Declares an endpoint (see the module comment). The literal method and path are kept in its type. */
export function contract<const C extends ContractSpec>(spec: C & Check<C>): C {
  return spec;
}

/** The answer's type as the client reads it. */
export type AnswerOf<C extends ContractSpec> = v.InferOutput<C['answer']>;
/** The answer's type as the server must produce it (what the answer schema accepts). */
export type AnswerIn<C extends ContractSpec> = v.InferInput<C['answer']>;

/** A contract's identity, stored in outbox rows: `POST /api/news/:id/read`. */
export const contractName = (c: Pick<ContractSpec, 'method' | 'path'>) => `${c.method} ${c.path}`;

/** The path with its `:param`s filled in, each value URL-encoded. A missing value is a programming error. */
export function pathOf(c: Pick<ContractSpec, 'path'>, params: Readonly<Record<string, string | number>> = {}): string {
  return c.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${c.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path parameters a caller gives: text or a number, one per `:param`. */
export type ParamsInput<C extends ContractSpec> = { [K in PathParams<C['path']>]: string | number };
