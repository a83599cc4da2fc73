/**
 * What the API document says about the field app's writes (own check-in/out, visit check-in/out) beyond
 * their contracts (src/domain/absensi/contracts.ts): the multipart body, which the contract's `form`
 * describes, is required, and the Idempotency-Key the outbox sends with each row is documented here as it
 * always was (without an example).
 */
import type { ServeOptions } from '../../lib/contract-route';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE } from '../../lib/idempotency-key';

export const FIELD_WRITE_DOC: NonNullable<ServeOptions['extra']> = {
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
  requestBody: { required: true, content: {} },
};
