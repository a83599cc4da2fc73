/**
 * The Idempotency-Key header the outbox sends with each row (server/middleware/idempotency.ts keeps
 * the answers): its name and shape, which the API document (server/lib/openapi.ts) publishes too.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** A UUID, or any 8–64 characters of letters, digits and '-'. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9-]{8,64}$/;
