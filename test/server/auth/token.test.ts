/**
 * readToken, the check every authenticated request makes (server/lib/token.ts): it accepts exactly the
 * tokens jose's jwtVerify with HS256 accepted, and answers null for anything forged, of another
 * algorithm, expired, not yet valid, or malformed.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../../server/lib/context';
import { readToken, signToken } from '../../../server/lib/token';

const key = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');
let nowMs = Date.now();
const deps = { jwtKey: key, tokenTtlHours: 12, now: () => new Date(nowMs) } as unknown as Deps;
const subject = {
  userid: 'U1',
  username: 'u1',
  nama: 'U Satu',
  role: 'USER',
  nrp: null,
  permissions: [],
  tokenVersion: 3,
};
const sec = () => Math.floor(nowMs / 1000);
const signed = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256' }, k = key) =>
  new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(k);

describe('readToken', () => {
  it("answers the subject and version of the server's own token until it expires", async () => {
    nowMs = Date.now();
    const token = await signToken(deps, subject);
    expect(await readToken(deps, token)).toEqual({ userid: 'U1', tv: 3 });
    nowMs += 12 * 3600_000 - 1000;
    expect(await readToken(deps, token)).toEqual({ userid: 'U1', tv: 3 });
    nowMs += 1000;
    expect(await readToken(deps, token)).toBeNull();
    nowMs = Date.now();
  });

  it('refuses another key, another algorithm, no signature, a crit header or a changed part', async () => {
    const claims = { sub: 'U1', tv: 1, exp: sec() + 60 };
    expect(await readToken(deps, await signed(claims))).toEqual({ userid: 'U1', tv: 1 });
    const otherKey = new TextEncoder().encode('another-secret-another-secret-012345678');
    expect(await readToken(deps, await signed(claims, { alg: 'HS256' }, otherKey))).toBeNull();
    expect(await readToken(deps, await signed(claims, { alg: 'HS512' }))).toBeNull();
    expect(await readToken(deps, new UnsecuredJWT(claims).encode())).toBeNull();
    // jose will not sign a crit header it does not know: made by hand, with the right MAC.
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const body = `${part({ alg: 'HS256', crit: ['x'], x: 1 })}.${part(claims)}`;
    const mac = createHmac('sha256', key).update(body).digest('base64url');
    expect(await readToken(deps, `${body}.${mac}`)).toBeNull();

    const [h, p, s] = (await signed(claims)).split('.') as [string, string, string];
    const admin = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    expect(await readToken(deps, `${h}.${admin}.${s}`)).toBeNull();
    expect(await readToken(deps, `${h}.${p}.${s}=`)).toBeNull();
    expect(await readToken(deps, `${h}.${p}`)).toBeNull();
    expect(await readToken(deps, 'not a token')).toBeNull();
  });

  it('refuses a token without exp, not valid yet (nbf), or without its subject and version', async () => {
    expect(await readToken(deps, await signed({ sub: 'U1', tv: 1 }))).toBeNull();
    expect(await readToken(deps, await signed({ sub: 'U1', tv: 1, exp: sec() + 60, nbf: sec() + 30 }))).toBeNull();
    expect(await readToken(deps, await signed({ sub: 'U1', tv: 1, exp: sec() + 60, nbf: sec() - 30 }))).toEqual({
      userid: 'U1',
      tv: 1,
    });
    expect(await readToken(deps, await signed({ tv: 1, exp: sec() + 60 }))).toBeNull();
    expect(await readToken(deps, await signed({ sub: 'U1', exp: sec() + 60 }))).toBeNull();
  });
});
