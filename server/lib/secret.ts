import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The token signing key: JWT_SECRET when set (required when several server copies share one
 * database), otherwise a random key generated once and kept in DATA_DIR so sessions survive restarts.
 */
export function loadJwtKey(dataDir: string, configured: string | undefined): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
