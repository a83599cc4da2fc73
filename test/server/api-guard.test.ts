import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/auth';
import { karyawan } from '../../server/db/schema/karyawan';
import { declaredRoutes } from './contract';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Every /api route the app registers but those its contract declares public, with path parameters filled in. */
function apiRoutes() {
  const seen = new Set<string>();
  const open = new Set(
    declaredRoutes(ctx.app)
      .filter((r) => 'public' in r.contract.spec.access)
      .map((r) => `${r.method} ${r.path}`),
  );
  return ctx.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !open.has(`${r.method} ${r.path}`))
    .map((r) => ({ method: r.method, path: r.path.replace(/:[^/]+/g, '1') }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

describe('API guard', () => {
  it('declares public only the health check, the API description and its script', () => {
    const open = declaredRoutes(ctx.app)
      .filter((r) => r.path.startsWith('/api/') && 'public' in r.contract.spec.access)
      .map((r) => `${r.method} ${r.path}`);
    expect(open.sort()).toEqual([
      'GET /api/docs',
      'GET /api/docs/scalar.js',
      'GET /api/health',
      'GET /api/openapi.json',
    ]);
  });

  it('answers the health check without a token', async () => {
    const res = await ctx.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers 401 on every /api route without a valid token', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      expect((await ctx.request(r.method, r.path)).status, `${r.method} ${r.path}`).toBe(401);
      expect((await ctx.request(r.method, r.path, { token: 'not.a.token' })).status, `${r.method} ${r.path}`).toBe(401);
    }
    expect((await ctx.request('GET', '/api/does-not-exist')).status).toBe(401);
  });

  it('answers 404 in the API error shape for an unknown endpoint with a session', async () => {
    const token = await ctx.tokenFor('admin');
    const res = await ctx.request('GET', '/api/does-not-exist', { token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: expect.any(String), error: { code: 'not_found' } });
  });

  it('answers 413 for an oversized JSON body', async () => {
    const res = await ctx.request('POST', '/auth/web/login', {
      body: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  it('judges a body by its declared Content-Length, as a real client sends it', async () => {
    // The size a phone's request declares is trusted for the refusal and never for the read: a body that
    // says 2 MB is refused unread, one that says its true size goes through to the route.
    const body = JSON.stringify({ username: 'tidak-ada', password: 'x' });
    const declared = (length: number) =>
      ctx.request('POST', '/auth/web/login', { body, headers: { 'Content-Length': String(length) } });
    const over = await declared(2 * 1024 * 1024);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ message: 'Ukuran data terlalu besar', error: { code: 'too_large' } });
    expect((await declared(Buffer.byteLength(body))).status).toBe(401);
  });
});

describe('GET /api/permissions', () => {
  it('lists the catalogue with categories for role editors', async () => {
    const res = await ctx.request('GET', '/api/permissions', { token: await ctx.tokenFor('admin') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { id: string; category: string }[] };
    expect(body.result).toContainEqual({ id: 'karyawan.kontrak.edit', category: 'Karyawan' });
    expect(body.result).toContainEqual({ id: 'leave.admin', category: 'Leave' });
  });

  it('is forbidden to a role without role permissions', async () => {
    for (const user of ['spg', 'hr', 'tl']) {
      const res = await ctx.request('GET', '/api/permissions', { token: await ctx.tokenFor(user) });
      expect(res.status, user).toBe(403);
    }
  });
});

describe('/uploads/photo', () => {
  it('needs a session and serves only generated file names that a record of the user names', async () => {
    writeFileSync(path.join(ctx.uploadsDir, 'photo', 'abcdef0123456789.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    writeFileSync(path.join(ctx.uploadsDir, 'photo', 'orphan0123456789.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    // The photo is the SPG's own (test/server/photo-access.test.ts covers the other owners and readers).
    const [spg] = await ctx.database.db.select({ nrp: users.nrp }).from(users).where(eq(users.username, 'spg'));
    await ctx.database.db.update(karyawan).set({ foto_kar: 'abcdef0123456789.jpg' }).where(eq(karyawan.nrp, spg!.nrp!));
    expect((await ctx.request('GET', '/uploads/photo/abcdef0123456789.jpg')).status).toBe(401);
    const token = await ctx.tokenFor('spg');
    const ok = await ctx.request('GET', '/uploads/photo/abcdef0123456789.jpg', { token });
    expect(ok.status).toBe(200);
    expect(new Uint8Array(await ok.arrayBuffer())[0]).toBe(0xff);
    // A file no record names is served to nobody.
    expect((await ctx.request('GET', '/uploads/photo/orphan0123456789.jpg', { token })).status).toBe(404);
    expect((await ctx.request('GET', '/uploads/photo/..%2F..%2Fjwt-secret', { token })).status).toBe(404);
    expect((await ctx.request('GET', '/uploads/photo/tidak-ada-1234.jpg', { token })).status).toBe(404);
  });
});
