import { badRequest, conflict } from './errors';

/** The PostgreSQL error behind a driver or Drizzle error, if any. */
function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';
export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';

/**
 * Runs a write and turns the database's own integrity answers into clear 4xx answers: a row still
 * referenced elsewhere cannot be deleted, a key that exists cannot be created twice, and a write may
 * not point at a code that does not exist.
 */
export async function withIntegrity<T>(
  write: () => Promise<T>,
  messages: { inUse?: string; duplicate?: string; missingRef?: string },
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      // On a delete the row is still referenced (409); on a write a referenced code does not exist (400).
      if (messages.missingRef) throw badRequest(messages.missingRef);
      throw conflict(messages.inUse ?? 'Data masih digunakan dan tidak dapat dihapus');
    }
    if (isUniqueViolation(err)) throw conflict(messages.duplicate ?? 'Kode sudah digunakan');
    throw err;
  }
}
