import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../src/domain/roles/permissions';
import { createApp } from '../../../server/app';
import { loginLocks, users } from '../../../server/db/schema/auth';
import { readEnv } from '../../../server/env';
import {
  addressLimitedMessage,
  DEFAULT_ADDRESS_LIMIT,
  normalizeAddress,
} from '../../../server/modules/auth/login-address';
import { DEMO_PASSWORD } from '../constants';
import { contractChecker } from '../contract';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (username: string, password: string) =>
  ctx.request('POST', '/auth/web/login', { body: { username, password } });

describe('POST /auth/web/login', () => {
  it('logs each demo account in and signs its claims into the token', async () => {
    for (const [username, role] of [
      ['admin', 'ADMIN'],
      ['hr', 'HR'],
      ['tl', 'TEAM LEADER'],
      ['spg', 'USER'],
    ] as const) {
      const res = await login(username, DEMO_PASSWORD);
      expect(res.status, username).toBe(200);
      const body = (await res.json()) as { token: string; role: string };
      expect(body.role).toBe(role);
      const claims = decodeJwt(body.token);
      expect(claims).toMatchObject({ username, role });
      expect(typeof claims.userid).toBe('string');
      expect(Array.isArray(claims.permissions)).toBe(true);
      if (username === 'spg' || username === 'tl') expect(claims.nrp).toMatch(/^\d+$/);
      else expect(claims.nrp).toBeNull();
    }
  });

  it('gives admin every permission and spg no admin permission', async () => {
    const admin = decodeJwt(((await (await login('admin', DEMO_PASSWORD)).json()) as { token: string }).token);
    expect(new Set(admin.permissions as string[])).toEqual(new Set(ALL_PERMISSIONS));
    const spg = decodeJwt(((await (await login('spg', DEMO_PASSWORD)).json()) as { token: string }).token);
    expect(spg.permissions).not.toContain('user.read');
    expect(spg.permissions).not.toContain('dashboard.read');
  });

  it('answers 401 with an Indonesian message for a wrong password or unknown user', async () => {
    const res = await login('admin', 'salah-password');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Username atau password salah' });
    expect((await login('tidak-ada', 'apa saja')).status).toBe(401);
  });

  it('answers 400, never 500, for malformed bodies', async () => {
    for (const body of ['{not json', '[]', '{}', JSON.stringify({ username: 1, password: null })]) {
      const res = await ctx.request('POST', '/auth/web/login', { body });
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });

  it('locks a username after 5 failures in 15 minutes, for 300 s, even with the right password', async () => {
    const name = 'hr';
    for (let i = 1; i <= 4; i++) expect((await login(name, 'keliru')).status).toBe(401);
    const fifth = await login(name, 'keliru');
    expect(fifth.status).toBe(403);
    expect(fifth.headers.get('retry-after')).toBe('300');
    const body = (await fifth.json()) as { message: string; retry_after: number };
    expect(body.retry_after).toBe(300);
    expect(body.message).toBe('Please wait 5:00 minutes to try again');

    // 200 s before the lock ends, measured from the stored end rather than from a moment of this test: a
    // host half as fast spends seconds between the fifth answer and the next request.
    const [lock] = await ctx.database.db.select().from(loginLocks).where(eq(loginLocks.username, name));
    const until = lock!.lockedUntil!.getTime();
    try {
      ctx.clock.offsetMs = until - 200_000 - Date.now();
      const during = await login(name, DEMO_PASSWORD);
      expect(during.status).toBe(403);
      expect(((await during.json()) as { message: string }).message).toBe('Please wait 3:20 minutes to try again');

      ctx.clock.offsetMs = until + 1_000 - Date.now();
      expect((await login(name, DEMO_PASSWORD)).status).toBe(200);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });

  it('does not lock when failures are spread over more than 15 minutes', async () => {
    for (let i = 0; i < 4; i++) expect((await login('tl', 'keliru')).status).toBe(401);
    try {
      ctx.clock.offsetMs = 16 * 60_000;
      expect((await login('tl', 'keliru')).status).toBe(401);
      expect((await login('tl', DEMO_PASSWORD)).status).toBe(200);
    } finally {
      ctx.clock.offsetMs = 0;
    }
  });
});

describe('forced password change', () => {
  it('answers 404 for an account flagged reset_password, and the dialog change completes with a fresh token', async () => {
    const adminToken = await ctx.tokenFor('admin');
    const temp = 'Sementara#2026x';
    const set = await ctx.request('POST', '/auth/login/admin/pass/change', {
      token: adminToken,
      body: { username: 'spg', new_password: temp, confirm_password: temp },
    });
    expect(set.status).toBe(200);

    const res = await login('spg', temp);
    expect(res.status).toBe(404);

    // A wrong "old" password is not accepted, and counts toward the lockout like a login.
    const wrong = await ctx.request('POST', '/auth/login/pass/change', {
      body: {
        username: 'spg',
        old_password: 'bukan',
        new_password: 'Baru#Sekali2026',
        confirm_password: 'Baru#Sekali2026',
      },
    });
    expect(wrong.status).toBe(401);

    const weak = await ctx.request('POST', '/auth/login/pass/change', {
      body: { username: 'spg', old_password: temp, new_password: 'pendek', confirm_password: 'pendek' },
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      message: 'Password tidak sesuai kriteria (min 12 characters, 1 huruf kapital, 1 number dan 1 symbol).',
    });

    const mismatch = await ctx.request('POST', '/auth/login/pass/change', {
      body: {
        username: 'spg',
        old_password: temp,
        new_password: 'Baru#Sekali2026',
        confirm_password: 'Baru#Sekali2027',
      },
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ message: 'Konfirmasi Password tidak sama, check kembali' });

    const done = await ctx.request('POST', '/auth/login/pass/change', {
      body: {
        username: 'spg',
        old_password: temp,
        new_password: 'Baru#Sekali2026',
        confirm_password: 'Baru#Sekali2026',
      },
    });
    expect(done.status).toBe(200);
    const answer = (await done.json()) as { token: string; role: string; message: string };
    expect(answer.role).toBe('USER');
    const detail = await ctx.request('GET', '/auth/login/detail', { token: answer.token });
    expect(detail.status).toBe(200);

    expect((await login('spg', temp)).status).toBe(401);
    expect((await login('spg', 'Baru#Sekali2026')).status).toBe(200);
  });

  it('ends open sessions when a password changes', async () => {
    const before = await ctx.tokenFor('admin');
    expect((await ctx.request('GET', '/auth/login/detail', { token: before })).status).toBe(200);
    const next = 'Admin#Baru20261';
    const res = await ctx.request('POST', '/auth/login/pass/change', {
      token: before,
      body: { username: 'admin', old_password: DEMO_PASSWORD, new_password: next, confirm_password: next },
    });
    expect(res.status).toBe(200);
    expect((await ctx.request('GET', '/auth/login/detail', { token: before })).status).toBe(401);
    const fresh = ((await res.json()) as { token: string }).token;
    expect((await ctx.request('GET', '/auth/login/detail', { token: fresh })).status).toBe(200);
    // Put it back for the other tests in this file.
    await ctx.request('POST', '/auth/login/pass/change', {
      token: fresh,
      body: { username: 'admin', old_password: next, new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
    });
  });

  it('refuses to change another account with your own session', async () => {
    const hrToken = await ctx.tokenFor('hr');
    const res = await ctx.request('POST', '/auth/login/pass/change', {
      token: hrToken,
      body: {
        username: 'admin',
        old_password: DEMO_PASSWORD,
        new_password: 'Curang#Sekali2026',
        confirm_password: 'Curang#Sekali2026',
      },
    });
    expect(res.status).toBe(403);
  });

  it('keeps the admin change behind its permission', async () => {
    const spgToken = await ctx.tokenFor('spg', 'Baru#Sekali2026');
    const res = await ctx.request('POST', '/auth/login/admin/pass/change', {
      token: spgToken,
      body: { username: 'admin', new_password: 'Curang#Sekali2026', confirm_password: 'Curang#Sekali2026' },
    });
    expect(res.status).toBe(403);
    expect((await ctx.request('POST', '/auth/login/admin/pass/change', { body: {} })).status).toBe(401);
  });
});

describe('GET /auth/login/detail', () => {
  it('answers the current user, and 401 without or with a bad token', async () => {
    const token = await ctx.tokenFor('hr');
    const res = await ctx.request('GET', '/auth/login/detail', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: { username: 'hr', role: 'HR', nama: expect.any(String) } });
    expect((await ctx.request('GET', '/auth/login/detail')).status).toBe(401);
    expect((await ctx.request('GET', '/auth/login/detail', { token: token.slice(0, -2) + 'xx' })).status).toBe(401);
  });

  it('stops accepting the token of a deactivated account at once', async () => {
    const token = await ctx.tokenFor('tl');
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.username, 'tl'));
    expect((await ctx.request('GET', '/auth/login/detail', { token })).status).toBe(401);
    const relogin = await login('tl', DEMO_PASSWORD);
    expect(relogin.status).toBe(401);
    expect(await relogin.json()).toMatchObject({ message: 'Akun tidak aktif. Hubungi administrator' });
    await ctx.database.db.update(users).set({ isActive: true }).where(eq(users.username, 'tl'));
  });
});

describe('failed logins per client address', () => {
  const jwtKey = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');
  const WINDOW_S = 600;

  /** An app on the same database with a small per-address limit, answers checked against the contract. */
  function appWith(trustProxy: number) {
    // A frozen clock that only the test moves: the Retry-After figures cannot drift on a busy machine.
    const clock = { offsetMs: 0 };
    const start = Date.now();
    const app = createApp({
      db: ctx.database.db,
      jwtKey,
      tokenTtlHours: 12,
      storage: ctx.storage,
      now: () => new Date(start + clock.offsetMs),
      loginAddressLimit: { maxFailures: 5, windowSeconds: WINDOW_S },
      trustProxy,
    });
    const check = contractChecker(app);
    /** A request as @hono/node-server hands it over: the socket's address in env.incoming. */
    const post = async (path: string, body: unknown, from: { socket: string; forwarded?: string }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (from.forwarded) headers['x-forwarded-for'] = from.forwarded;
      const env = { incoming: { socket: { remoteAddress: from.socket } } };
      const res = await app.request(path, { method: 'POST', headers, body: JSON.stringify(body) }, env);
      await check('POST', path, res.clone());
      return res;
    };
    const attempt = (username: string, password: string, from: { socket: string; forwarded?: string }) =>
      post('/auth/web/login', { username, password }, from);
    return { clock, post, attempt };
  }

  it('refuses an address that sprayed 5 usernames (429, Retry-After), whatever it tries next; another address is unaffected', async () => {
    const { clock, post, attempt } = appWith(0);
    const sprayer = { socket: '198.51.100.7' };
    for (let i = 1; i <= 5; i++) expect((await attempt(`semprot-${i}`, 'tebakan', sprayer)).status).toBe(401);

    const refused = await attempt('admin', DEMO_PASSWORD, sprayer);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(WINDOW_S));
    const body = (await refused.json()) as { message: string; retry_after: number; error: { code: string } };
    expect(body).toMatchObject({ retry_after: WINDOW_S, error: { code: 'too_many_attempts' } });
    expect(body.message).toBe(addressLimitedMessage(WINDOW_S));
    expect(body.message).toMatch(/^Terlalu banyak percobaan login yang gagal .* 10 menit\.$/);
    // The password change is no side door.
    const change = await post(
      '/auth/login/pass/change',
      {
        username: 'admin',
        old_password: DEMO_PASSWORD,
        new_password: 'Baru#Sandi2026',
        confirm_password: 'Baru#Sandi2026',
      },
      sprayer,
    );
    expect(change.status).toBe(429);

    const other = { socket: '198.51.100.8' };
    expect((await attempt('semprot-6', 'tebakan', other)).status).toBe(401);
    expect((await attempt('admin', DEMO_PASSWORD, other)).status).toBe(200);
    // The same address as IPv4-mapped IPv6 is the same address.
    expect((await attempt('admin', DEMO_PASSWORD, { socket: '::ffff:198.51.100.7' })).status).toBe(429);

    clock.offsetMs = 200_000;
    expect((await attempt('admin', DEMO_PASSWORD, sprayer)).headers.get('retry-after')).toBe(String(WINDOW_S - 200));
    clock.offsetMs = WINDOW_S * 1000;
    expect((await attempt('admin', DEMO_PASSWORD, sprayer)).status).toBe(200);
  });

  it('with TRUST_PROXY counts the address the load balancer forwarded, not its own', async () => {
    const { attempt } = appWith(1);
    const balancer = '10.0.0.2';
    for (let i = 1; i <= 5; i++) {
      expect((await attempt(`semprot-lb-${i}`, 'tebakan', { socket: balancer, forwarded: '203.0.113.5' })).status).toBe(
        401,
      );
    }
    expect((await attempt('semprot-lb-6', 'tebakan', { socket: balancer, forwarded: '203.0.113.5' })).status).toBe(429);
    // Behind the same balancer, another phone still logs in.
    expect((await attempt('admin', DEMO_PASSWORD, { socket: balancer, forwarded: '203.0.113.6' })).status).toBe(200);
    // Entries the client wrote before the balancer's own do not get it a fresh count.
    const spoofed = await attempt('admin', DEMO_PASSWORD, { socket: balancer, forwarded: '192.0.2.77, 203.0.113.5' });
    expect(spoofed.status).toBe(429);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For: a client cannot rotate it to escape the count', async () => {
    const { attempt } = appWith(0);
    const socket = '192.0.2.9';
    for (let i = 1; i <= 5; i++) {
      expect((await attempt(`semprot-xff-${i}`, 'tebakan', { socket, forwarded: `203.0.113.${100 + i}` })).status).toBe(
        401,
      );
    }
    expect((await attempt('admin', DEMO_PASSWORD, { socket, forwarded: '203.0.113.200' })).status).toBe(429);
  });

  it('counts IPv6 per /64 network and keeps a generous default', () => {
    expect(normalizeAddress('::ffff:198.51.100.1')).toBe('198.51.100.1');
    expect(normalizeAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('[2001:db8:1:2::5]')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('bukan-alamat')).toBeNull();
    // Phones behind one carrier address log in at shift start: a few hundred failures per 15 minutes.
    expect(DEFAULT_ADDRESS_LIMIT).toEqual({ maxFailures: 300, windowSeconds: 900 });
    expect(readEnv({})).toMatchObject({ loginIpMaxFailures: 300, loginIpWindowMin: 15, trustProxy: 0 });
    expect(readEnv({ TRUST_PROXY: 'true', LOGIN_IP_MAX_FAILURES: '50' })).toMatchObject({
      trustProxy: 1,
      loginIpMaxFailures: 50,
    });
    expect(() => readEnv({ TRUST_PROXY: 'ya' })).toThrow(/TRUST_PROXY/);
  });
});
