/**
 * What the /api/karyawan routes share besides route() and validate(): path parameters where a value
 * that cannot exist is a 404 (an NRP or document number "names nobody", as an unknown one does), for
 * hand-written routes (`pathParams`) and served contracts (`namingParams`, `check.param` of
 * server/lib/contract-route.ts), and a body a contract's handler gets read by another schema (`readInto`).
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono-openapi';
import type * as v from 'valibot';
import type { AppEnv } from '../../lib/context';
import type { PartCheck } from '../../lib/contract-route';
import { badRequest, notFound } from '../../lib/errors';

/** Parameters that name a record: malformed, it is simply not there. */
const NAMING = new Set(['id', 'nrp', 'no']);

/**
 * Validates and documents the path parameters with a domain schema. A naming parameter (id, nrp, no)
 * that fails its pattern answers 404 with the schema's message; any other (a period) 400.
 */
export function pathParams<S extends v.GenericSchema>(schema: S) {
  return validator('param', schema as S & StandardSchemaV1<v.InferInput<S>, v.InferOutput<S>>, (result) => {
    if (result.success) return;
    const issues = result.error.map((i) => ({
      path: (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.'),
      message: i.message,
    }));
    const naming = issues.find((i) => NAMING.has(i.path));
    if (naming) throw notFound(naming.message);
    throw badRequest(issues[0]?.message ?? 'Data tidak valid', issues);
  });
}

/** `pathParams` as a served contract's parameter check (`{ check: { param: namingParams } }`). */
export const namingParams: PartCheck = (schema) => pathParams(schema) as unknown as MiddlewareHandler<AppEnv>;

/**
 * A served contract's check that reads a part itself (`read` answers the part, or throws the 400) and
 * hands it to the handler as that part's input. It documents nothing: `extra` does.
 */
export const readInto = (target: 'json', read: (c: Context<AppEnv>) => Promise<object>): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.req.addValidatedData(target, await read(c));
    await next();
  });
