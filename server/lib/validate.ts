import type { Context } from 'hono';
import type * as v from 'valibot';
import { badRequest, parseOr400 } from './errors';

/** Reads a JSON body and checks it with a domain schema; malformed JSON or bad fields are a 400. */
export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('Format data tidak valid (JSON)');
  }
  return parseOr400(schema, body);
}

export function queryOf<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseOr400(schema, c.req.query());
}
