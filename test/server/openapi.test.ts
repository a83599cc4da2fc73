import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes, registeredRoutes } from './contract';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; description?: string }>>;
};
const openApiPath = (honoPath: string) => honoPath.replace(/:([^/{?]+)(\{[^}]*\})?\??/g, '{$1}');

describe('the OpenAPI document', () => {
  it('answers without a token and validates as OpenAPI 3.1', async () => {
    const res = await ctx.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds every route the server registers, each with a success answer and its permission', async () => {
    const doc = (await (await ctx.request('GET', '/api/openapi.json')).json()) as Doc;
    const missing: string[] = [];
    for (const r of registeredRoutes(ctx.app)) {
      if (!r.path.startsWith('/api/') && !r.path.startsWith('/auth/') && !r.path.startsWith('/uploads/')) continue;
      if (r.path === '/api/*' || r.path === '/uploads/*') continue; // the not-found fallbacks
      const op = doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()];
      const success = Object.keys(op?.responses ?? {}).some((s) => s.startsWith('2'));
      if (!op || !success || !/^Permission: /.test(op.description ?? '')) missing.push(`${r.method} ${r.path}`);
    }
    expect(missing).toEqual([]);
    expect(declaredRoutes(ctx.app).length).toBeGreaterThan(5);
  });

  it('serves the reference page and its script from this origin', async () => {
    const page = await ctx.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/scalar.js');
    expect(html).not.toMatch(/https?:\/\/cdn/);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    const js = await ctx.request('GET', '/api/docs/scalar.js');
    expect(js.status).toBe(200);
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
