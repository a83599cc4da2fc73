import { jwtVerify, SignJWT } from 'jose';
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

/** The token's subject and version, or null when the token is forged, malformed or expired. */
export async function readToken(deps: Deps, token: string): Promise<{ userid: string; tv: number } | null> {
  try {
    const { payload } = await jwtVerify<TokenClaims & { tv?: number }>(token, deps.jwtKey, {
      algorithms: ['HS256'],
      currentDate: deps.now(),
    });
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
    return { userid: payload.sub, tv: payload.tv };
  } catch {
    return null;
  }
}
