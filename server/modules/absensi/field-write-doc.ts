/**
 * What the API document says about the field app's writes (own check-in/out, visit check-in/out): a
 * multipart body of text fields and a photo, and the Idempotency-Key the outbox sends with each row.
 */
import { resolver } from 'hono-openapi';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type * as v from 'valibot';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE } from '../../lib/idempotency-key';
import type { RouteSpec } from '../../lib/openapi';

export const OWN_RECORD_NOTE =
  'Own records only: the account must be linked to an employee (403 otherwise), and acts as that employee.';

export function fieldWriteDoc(form: v.GenericSchema): NonNullable<RouteSpec['extra']> {
  return {
    parameters: [
      {
        in: 'header',
        name: IDEMPOTENCY_HEADER,
        required: false,
        schema: { type: 'string', pattern: IDEMPOTENCY_KEY_RE.source },
        description:
          'The outbox row id. A repeat with the same key gets the first answer again (kept at least 30 days) ' +
          'without writing twice; the same key on another path or method is a 422.',
      },
    ],
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: resolver(form as unknown as StandardSchemaV1) } },
    },
  };
}
