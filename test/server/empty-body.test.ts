/**
 * An empty JSON body `{}` to every JSON-body POST and PUT of the API document, as an admin who holds
 * every permission: no 500, and no answer in valibot's English ("Invalid key: Expected …"). A missing
 * required key answers Indonesian (server/lib/valibot-messages.ts). A route added tomorrow is covered
 * the day it is declared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../server/lib/valibot-messages';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

type Parameter = { in: string; name: string; schema?: { pattern?: string } };
type Doc = {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, unknown> } }>
  >;
};

/** A path value its parameter's pattern accepts, so the body is what gets checked. */
function sample(param: Parameter | undefined): string {
  const pattern = param?.schema?.pattern ? new RegExp(param.schema.pattern) : undefined;
  return ['1', '202611', 'X1'].find((s) => !pattern || pattern.test(s)) ?? '1';
}

describe('an empty JSON body', () => {
  it('answers Indonesian, never a 500, on every JSON-body POST and PUT', async () => {
    const doc = (await (await ctx.request('GET', '/api/openapi.json')).json()) as Doc;
    const english: string[] = [];
    let tried = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if ((method !== 'post' && method !== 'put') || !op.requestBody?.content?.['application/json']) continue;
        const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
          sample(op.parameters?.find((p) => p.in === 'path' && p.name === name)),
        );
        const res = await ctx.request(method.toUpperCase(), url, { token: admin, body: {} });
        tried++;
        const body = (await res.json().catch(() => ({}))) as { message?: string; error?: { message?: string } };
        const texts = [body.message, body.error?.message].filter((t): t is string => typeof t === 'string');
        if (res.status >= 500 || texts.some((t) => /Invalid|Expected|Received/.test(t)))
          english.push(`${method.toUpperCase()} ${path} → ${res.status} ${texts.join(' / ')}`);
      }
    }
    expect(english).toEqual([]);
    expect(tried).toBeGreaterThan(40);
  });

  it('names the missing key of the three routes that answered English before', async () => {
    for (const [method, path, key] of [
      ['POST', '/api/leave/approved/status', 'id'],
      ['POST', '/api/store', 'cust_code'],
      ['PUT', '/api/karyawan/posting', undefined],
    ] as const) {
      const res = await ctx.request(method, path, { token: admin, body: {} });
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message, path).not.toMatch(/Invalid|Expected|Received/);
      if (key) expect(body.message, path).toBe(VALIDATION_MESSAGES.missing(key));
    }
  });
});
