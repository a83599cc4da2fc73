import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createLogger, prettyLine } from '../../../server/lib/logger';
import { DEMO_PASSWORD } from '../constants';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
/** Every line the app's logger wrote, parsed. */
const lines: string[] = [];
const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  ctx = await createTestContext();
  app = createApp({
    db: ctx.database.db,
    jwtKey: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
    tokenTtlHours: 12,
    storage: ctx.storage,
    now: () => new Date(),
    logger: createLogger({ level: 'info', destination: { write: (s: string) => void lines.push(s) } }),
  });
  // A handler that fails as a bug would: the 500 path logs the error with its stack.
  app.get('/test/boom', () => {
    throw new Error('boom in a handler');
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('the request log', () => {
  it('writes one line per request, with no password or token in it', async () => {
    lines.length = 0;
    const res = await app.request('/auth/web/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'login-1' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(lines).toHaveLength(1);
    const [line] = parsed();
    expect(line).toMatchObject({ level: 30, reqId: 'login-1', method: 'POST', route: '/auth/web/login', status: 200 });
    expect(typeof line!.ms).toBe('number');
    expect(lines[0]).not.toContain(DEMO_PASSWORD);
    expect(lines[0]).not.toContain(token);

    // A signed-in request names its user, and neither the bearer token nor the URL's ids appear.
    lines.length = 0;
    const list = await app.request('/api/users?page=1', { headers: { Authorization: `Bearer ${token}` } });
    expect(list.status).toBe(200);
    expect(parsed()).toEqual([
      expect.objectContaining({ method: 'GET', route: '/api/users', status: 200, userid: expect.any(String) }),
    ]);
    expect(lines.join('')).not.toContain(token);
    expect(parsed()[0]!.reqId).toBe(list.headers.get('X-Request-Id'));

    // A failed login: its password is not written either.
    lines.length = 0;
    const wrong = await app.request('/auth/web/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Salah#Sandi123' }),
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(lines.join('')).not.toContain('Salah#Sandi123');
  });

  it('logs an unhandled error with its stack and the request id, and answers 500', async () => {
    lines.length = 0;
    const res = await app.request('/test/boom', { headers: { 'X-Request-Id': 'boom-1' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('X-Request-Id')).toBe('boom-1');
    const [error, request] = parsed();
    expect(error).toMatchObject({ level: 50, reqId: 'boom-1', route: '/test/boom', msg: 'unhandled error' });
    expect((error!.err as { stack: string }).stack).toContain('boom in a handler');
    expect(request).toMatchObject({ reqId: 'boom-1', status: 500, route: '/test/boom' });
  });
});

describe('the development format', () => {
  it('prints a request as one short line, an error with its stack', () => {
    const time = Date.now();
    const request = prettyLine(
      JSON.stringify({
        level: 30,
        time,
        reqId: 'r-1',
        method: 'GET',
        route: '/api/users',
        status: 200,
        ms: 4.2,
        userid: 'U00001',
        msg: 'request',
      }),
    );
    expect(request).toContain('INFO  GET /api/users 200 4.2 ms [U00001]');
    expect(request).toContain('#r-1');
    expect(request).not.toContain('\n');
    const error = prettyLine(
      JSON.stringify({
        level: 50,
        time,
        reqId: 'r-2',
        err: { message: 'boom', stack: 'Error: boom\n    at here' },
        msg: 'unhandled error',
      }),
    );
    expect(error).toContain('unhandled error');
    expect(error.split('\n').slice(1)).toEqual(['Error: boom', '    at here']);
  });
});

describe('secrets in a logged object', () => {
  it('are censored at the top, one level down and under headers, and nothing else is changed', () => {
    const written: string[] = [];
    const log = createLogger({ level: 'info', destination: { write: (s: string) => void written.push(s) } });
    const logged = {
      password: 'top-secret-1',
      body: { password_baru: 'top-secret-2', nama: 'Sari' },
      req: { headers: { authorization: 'Bearer top-secret-3', 'content-type': 'application/json' } },
      ctx: { req: { headers: { cookie: 'sid=top-secret-4' } } },
      deep: { a: { b: { token: 'kept: three levels down is no path of ours' } } },
      list: [{ password: 'arrays are not searched' }],
      nrp: '26000002',
    };
    const before = structuredClone(logged);
    log.info(logged, 'with secrets');
    log.error({ err: new Error('boom'), token: 'top-secret-5' }, 'failed');
    const [line, error] = written.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written.join('')).not.toMatch(/top-secret/);
    expect(line).toMatchObject({
      password: '[redacted]',
      body: { password_baru: '[redacted]', nama: 'Sari' },
      req: { headers: { authorization: '[redacted]', 'content-type': 'application/json' } },
      ctx: { req: { headers: { cookie: '[redacted]' } } },
      deep: { a: { b: { token: 'kept: three levels down is no path of ours' } } },
      list: [{ password: 'arrays are not searched' }],
      nrp: '26000002',
      msg: 'with secrets',
    });
    // The error keeps its message and stack; the caller's object is untouched.
    expect(error).toMatchObject({
      token: '[redacted]',
      err: { message: 'boom', stack: expect.stringContaining('Error: boom') },
    });
    expect(logged).toEqual(before);
  });
});
