import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxKind } from '../../src/domain/outbox-kinds';
import { EXAMPLES } from '../../server/modules/docs/examples';
import { AREAS, TAGS } from '../../server/modules/docs/tags';
import { declaredRoutes, registeredRoutes } from './contract';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Media = {
  schema?: Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> };
  example?: unknown;
};
type Operation = {
  tags?: string[];
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};
type Doc = {
  openapi: string;
  tags?: { name: string; description?: string }[];
  'x-tagGroups'?: { name: string; tags: string[] }[];
  paths: Record<string, Record<string, Operation>>;
};
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

/** The route each outbox kind is replayed to (src/features/<area>/outbox.ts). */
const REPLAYED: Record<OutboxKind, string> = {
  'absensi.check-in': 'POST /api/absensi/new/spg',
  'absensi.check-out': 'POST /api/absensi/new/spg',
  'kunjungan.check-in': 'POST /api/kunjungan/detail/{id}/check-in',
  'kunjungan.check-out': 'POST /api/kunjungan/detail/{id}/check-out',
  'leave.create': 'POST /api/leave',
  'leave.decide': 'POST /api/leave/approved/status',
  'profile.change': 'POST /api/request/karyawan',
  'news.read': 'POST /api/news/{id}/read',
  'tinjau.catatan': 'POST /api/absensi/tinjau/{id}/catatan',
  'absensi.koreksi': 'POST /api/absensi/koreksi',
  'absensi.koreksi.decide': 'POST /api/absensi/koreksi/{id}/status',
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

  it('passes Spectral (spectral:oas) and Redocly (recommended) without an error', async () => {
    const source = await (await ctx.request('GET', '/api/openapi.json')).text();
    const spectral = new Spectral();
    spectral.setRuleset(oas as RulesetDefinition);
    const spectralResults = await spectral.run(JSON.parse(source) as Record<string, unknown>);
    const spectralErrors = spectralResults.filter((r) => r.severity === 0);
    const redocly = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const redoclyErrors = redocly.filter((p) => p.severity === 'error');
    console.info(
      `Spectral: ${spectralErrors.length} errors, ${spectralResults.filter((r) => r.severity === 1).length} warnings; ` +
        `Redocly: ${redoclyErrors.length} errors, ${redocly.filter((p) => p.severity === 'warn').length} warnings`,
    );
    expect(spectralErrors.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    expect(redoclyErrors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  it('declares each tag with a description, grouped by area', async () => {
    const doc = (await (await ctx.request('GET', '/api/openapi.json')).json()) as Doc;
    const declared = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    const used = new Set(operations(doc).flatMap(({ op }) => op.tags ?? []));
    expect([...used].filter((t) => !declared.get(t))).toEqual([]);
    expect((doc['x-tagGroups'] ?? []).map((g) => g.name)).toEqual([...AREAS]);
    expect((doc['x-tagGroups'] ?? []).flatMap((g) => g.tags).sort()).toEqual(Object.keys(TAGS).sort());
  });

  it('answers errors by a $ref to the shared error schema, and names the main entities', async () => {
    const doc = (await (await ctx.request('GET', '/api/openapi.json')).json()) as Doc & {
      components: { schemas: Record<string, unknown> };
    };
    const notRef: string[] = [];
    for (const { key, op } of operations(doc)) {
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400) continue;
        const schema = answer.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/ErrorAnswer') notRef.push(`${key} ${status}`);
      }
    }
    expect(notRef).toEqual([]);
    for (const name of ['ErrorAnswer', 'MessageAnswer', 'KaryawanRow', 'StoreRow', 'LeaveRow', 'AbsensiRow', 'UserRow'])
      expect(doc.components.schemas[name], name).toBeTruthy();
  });

  it('carries examples on at least 20 operations, each on an operation that exists', async () => {
    const doc = (await (await ctx.request('GET', '/api/openapi.json')).json()) as Doc;
    const keys = new Set(operations(doc).map((o) => o.key));
    expect(Object.keys(EXAMPLES).filter((k) => !keys.has(k))).toEqual([]);
    const withExamples = operations(doc).filter(({ op }) =>
      [op.requestBody, ...Object.values(op.responses ?? {})].some((part) =>
        Object.values(part?.content ?? {}).some((m) => m.example !== undefined),
      ),
    );
    expect(withExamples.length).toBeGreaterThanOrEqual(20);
  });

  it('declares the Idempotency-Key header and its 422 on every route the outbox replays', async () => {
    const doc = (await (await ctx.request('GET', '/api/openapi.json')).json()) as Doc;
    const byKey = new Map(operations(doc).map((o) => [o.key, o.op]));
    // And on every route whose description says it takes one.
    const routes = new Set([
      ...Object.values(REPLAYED),
      ...operations(doc)
        .filter(({ op }) => op.description?.includes('Idempotency-Key'))
        .map((o) => o.key),
    ]);
    const lacking = [...routes].filter((key) => {
      const op = byKey.get(key);
      const header = op?.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      return !header || !op?.responses?.['422'];
    });
    expect(lacking).toEqual([]);
  });

  it('documents file parts of multipart bodies as binary strings', async () => {
    const doc = (await (await ctx.request('GET', '/api/openapi.json')).json()) as Doc;
    const files: string[] = [];
    const notBinary: string[] = [];
    for (const { key, op } of operations(doc)) {
      const props = op.requestBody?.content?.['multipart/form-data']?.schema?.properties ?? {};
      for (const [name, prop] of Object.entries(props)) {
        if (!/^(photo|foto(_\w+)?|attachment|file)$/.test(name)) continue;
        files.push(`${key} ${name}`);
        if (prop.type !== 'string' || prop.format !== 'binary') notBinary.push(`${key} ${name}`);
      }
    }
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(notBinary).toEqual([]);
  });
});
