import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TokenClaims } from '../../src/domain/auth/auth';
import type { Deps } from './context';

export interface TokenSubject {
  userid: string;
  username: string;
  nama: string;
  role: string;
  nrp: string | null;
  permissions: string[];
  tokenVersion: number;
}

export function signToken(deps: Deps, s: TokenSubject): Promise<string> {
  const now = Math.floor(deps.now().getTime() / 1000);
  return new SignJWT({
    userid: s.userid,
    username: s.username,
    nama: s.nama,
    role: s.role,
    nrp: s.nrp,
    permissions: s.permissions,
    tv: s.tokenVersion,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(s.userid)
    .setIssuedAt(now)
    .setExpirationTime(now + deps.tokenTtlHours * 3600)
    .sign(deps.jwtKey);
}

/** An HS256 signature: 32 bytes in unpadded base64url, nothing else. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const b64url = (part: string) => Buffer.from(part, 'base64url');

/**
 * The token's subject and version, or null when the token is forged, malformed or expired. Checked on
 * every request, so synchronously with node:crypto (an HS256 MAC over the first two parts, compared in
 * constant time): jose's WebCrypto verify cost 0.4 ms of the main thread per request in the morning rush
 * (bench/morning-rush.ts). The same rules as jose's jwtVerify with `algorithms: ['HS256']`: the header's
 * alg is HS256 and names no `crit` extension, `exp` (required here) is in the future and `nbf`, if any,
 * in the past, by the server's clock. jose still signs.
 */
export async function readToken(deps: Deps, token: string): Promise<{ userid: string; tv: number } | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, sig] = parts as [string, string, string];
  try {
    if (!SIGNATURE.test(sig)) return null;
    const expected = createHmac('sha256', deps.jwtKey).update(`${h}.${p}`).digest();
    const given = b64url(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const header = JSON.parse(b64url(h).toString('utf8')) as Record<string, unknown>;
    if (header.alg !== 'HS256' || 'crit' in header) return null;
    const payload = JSON.parse(b64url(p).toString('utf8')) as TokenClaims & {
      sub?: unknown;
      tv?: unknown;
      exp?: unknown;
      nbf?: unknown;
    };
    const now = deps.now().getTime() / 1000;
    if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
    return { userid: payload.sub, tv: payload.tv };
  } catch {
    return null;
  }
}
