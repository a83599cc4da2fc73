/**
 * Calling an endpoint by its contract (src/domain/contract.ts), never by a string path:
 *
 *   call(newsContracts.readers, { params: { id }, query: { ...q }, signal })
 *
 * One typed input: `params` fills the path's `:param`s, `query` the query string, `body` the JSON body,
 * `form` a multipart body. The answer is typed by the contract's answer schema; in development and tests
 * it is also parsed with that schema, and a mismatch throws `ContractMismatch` instead of reaching a
 * screen (production trusts the server, which the API tests hold to the same schema).
 */
import * as v from 'valibot';
import { pathOf, type AnswerOf, type ContractSpec, type ParamsInput, type PathParams } from '../domain/contract';
import { api, type RequestOptions } from './http';

type In<S> = S extends v.GenericSchema ? v.InferInput<S> : never;

/** `{ params }` when the path has `:param`s, `{ query }` / `{ body }` / `{ form }` when the contract takes them. */
export type CallInput<C extends ContractSpec> = ([PathParams<C['path']>] extends [never]
  ? unknown
  : { params: ParamsInput<C> }) &
  (C['query'] extends v.GenericSchema
    ? object extends In<C['query']>
      ? { query?: In<C['query']> }
      : { query: In<C['query']> }
    : unknown) &
  (C['body'] extends v.GenericSchema ? { body: In<C['body']> } : unknown) &
  (C['form'] extends v.GenericSchema ? { form: FormData } : unknown) & { signal?: AbortSignal };

/** The input may be left out when the contract needs none. */
type CallArgs<C extends ContractSpec> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** An answer that does not match its contract (development and tests only). */
export class ContractMismatch extends Error {
  override name = 'ContractMismatch';
  constructor(
    readonly endpoint: string,
    readonly issues: readonly v.BaseIssue<unknown>[],
  ) {
    const first = issues[0];
    const where = first?.path?.map((p) => String(p.key)).join('.') ?? '';
    super(`${endpoint}: the answer does not match its contract${where ? ` at ${where}` : ''}: ${first?.message ?? ''}`);
  }
}

/** Sends a contract's request and answers its typed answer (see the module comment). */
export async function call<C extends ContractSpec>(contract: C, ...[input]: CallArgs<C>): Promise<AnswerOf<C>> {
  const given = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
  };
  const path = pathOf(contract, given.params);
  const options: RequestOptions = { method: contract.method };
  if (given.query) options.query = given.query as RequestOptions['query'];
  if (given.form) options.body = given.form;
  else if (contract.body) options.body = given.body;
  if (given.signal) options.signal = given.signal;
  const answer = await api(path, options);
  // Written out here, not in a constant, so a production build drops the check and valibot's parse.
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const parsed = v.safeParse(contract.answer, answer);
    if (!parsed.success) throw new ContractMismatch(`${contract.method} ${path}`, parsed.issues);
  }
  return answer as AnswerOf<C>;
}
