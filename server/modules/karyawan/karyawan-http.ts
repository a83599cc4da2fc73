/**
 * What the /api/karyawan routes share besides route() and validate(): path parameters where a value
 * that cannot exist is a 404 (an NRP or document number "names nobody", as an unknown one does), and
 * file answers.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { validator } from 'hono-openapi';
import type * as v from 'valibot';
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
