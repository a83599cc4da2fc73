/**
 * Hostile input on every route, generated from the published route table (/api/openapi.json), not listed
 * by hand: a NUL character in each path segment, query value and text field; ids and numbers beyond
 * PostgreSQL's integer (1e308, 2^53 + 1); a page of 10^20. Each must answer 4xx (the declared error shape,
 * checked by the contract helper) and never reach the database as a 500. A route added tomorrow is covered
 * the day it is declared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createTestContext, type TestContext } from './helpers';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

// The document describes routes, not data: an app without a database can produce it.
const describer = createApp({
  db: null as never,
  jwtKey: new Uint8Array(32),
  tokenTtlHours: 1,
  storage: null as never,
  now: () => new Date(),
});
const doc = (await (await describer.request('/api/openapi.json')).json()) as Doc;

const SKIP = new Set(['/api/openapi.json', '/api/docs', '/api/docs/scalar.js', '/api/health']);
const HUGE_NUMBERS = ['1e308', '9007199254740993', '-1'];
const PATH_VALUES = ['%00', 'a%00b', ...HUGE_NUMBERS];

function resolve(s: JsonSchema | undefined): JsonSchema | undefined {
  if (!s) return s;
  if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!]);
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return resolve(alt.find((a) => resolve(a)?.type !== 'null') ?? alt[0]);
  return s;
}
const typeOf = (s: JsonSchema | undefined) => {
  const t = resolve(s)?.type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
};

/** A plausible value for a field, so a request fails on the hostile field only. */
function sample(s: JsonSchema | undefined): unknown {
  const r = resolve(s);
  if (r?.const !== undefined) return r.const;
  if (r?.enum?.length) return r.enum[0];
  switch (typeOf(r)) {
    case 'string':
      return 'x';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(r?.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    default:
      return 'x';
  }
}

interface Case {
  name: string;
  path: string;
  body?: string;
  form?: Record<string, string>;
}

/** The hostile requests for one operation. */
function casesFor(path: string, op: Operation): Case[] {
  const cases: Case[] = [];
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const fill = (overrides: Record<string, string> = {}) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => overrides[name] ?? '1');
  for (const name of pathParams)
    for (const value of PATH_VALUES) cases.push({ name: `path ${name}=${value}`, path: fill({ [name]: value }) });

  const base = fill();
  for (const p of (op.parameters ?? []).filter((q) => q.in === 'query')) {
    cases.push({ name: `query ${p.name}=%00`, path: `${base}?${p.name}=%00` });
    if (p.name === 'page' || p.name === 'per_page')
      cases.push({ name: `query ${p.name}=10^20`, path: `${base}?${p.name}=99999999999999999999` });
  }

  const json = resolve(op.requestBody?.content?.['application/json']?.schema);
  if (json?.properties) {
    const good = sample(json) as Record<string, unknown>;
    for (const [field, s] of Object.entries(json.properties)) {
      const t = typeOf(s);
      if (t === 'string' || t === undefined)
        cases.push({ name: `json ${field}=NUL`, path: base, body: JSON.stringify({ ...good, [field]: 'a\u0000b' }) });
      if (t === 'number' || t === 'integer' || t === 'string' || t === undefined)
        for (const n of HUGE_NUMBERS)
          cases.push({
            name: `json ${field}=${n}`,
            path: base,
            body: JSON.stringify({ ...good, [field]: '__N__' }).replace('"__N__"', n),
          });
    }
  }
  const form = resolve(op.requestBody?.content?.['multipart/form-data']?.schema);
  if (form?.properties) {
    const good = Object.fromEntries(Object.keys(form.properties).map((k) => [k, 'x']));
    for (const field of Object.keys(form.properties))
      cases.push({ name: `form ${field}=NUL`, path: base, form: { ...good, [field]: 'a\u0000b' } });
  }
  return cases;
}

const operations = Object.entries(doc.paths)
  .filter(([path]) => !SKIP.has(path))
  .flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, cases: casesFor(path, op) })),
  )
  .filter((o) => o.cases.length > 0);

let ctx: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  // The administrator passes every permission check; the SPG passes the own-record checks.
  tokens.admin = await ctx.tokenFor('admin');
  tokens.spg = await ctx.tokenFor('spg');
});
afterAll(() => ctx.close());

describe('hostile input answers 4xx on every route', () => {
  it('covers the routes of the document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations)('$method $path', async ({ method, cases }) => {
    const failures: string[] = [];
    for (const c of cases) {
      for (const who of ['admin', 'spg']) {
        let body: FormData | string | undefined = c.body;
        if (c.form) {
          body = new FormData();
          for (const [k, v] of Object.entries(c.form)) body.set(k, v);
        }
        const res = await ctx.request(method, c.path, {
          token: tokens[who],
          body,
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        });
        if (res.status < 400 || res.status >= 500)
          failures.push(`${c.name} as ${who}: ${res.status} ${await res.text()}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
