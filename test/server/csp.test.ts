/**
 * The Content-Security-Policy the server sends (server/lib/csp.ts, decision 013): on the API and the
 * shell alike, with the map tile server's origin derived from MAP_TILE_URL; /api/docs keeps its own.
 * That no screen raises a violation is proven in Chromium: test/e2e/csp.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, DEFAULT_MAP_TILE_URL, tileSource } from '../../server/lib/csp';
import { readEnv } from '../../server/env';
import { createTestContext, type TestContext } from './helpers';
import { createHash } from 'node:crypto';
import { BOOT_SCRIPT } from '../../src/domain/boot-script';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const directives = (header: string | null) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([k, ...v]) => [k, v]),
  );

describe('Content-Security-Policy header', () => {
  it('allows scripts from the origin only (and the boot script of index.html by its hash), and what the screens need besides', async () => {
    const res = await ctx.request('GET', '/api/health');
    const csp = directives(res.headers.get('content-security-policy'));
    const bootHash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(csp.get('script-src')).toEqual(["'self'", `'sha256-${bootHash}'`]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'blob:', 'data:', 'https://*.tile.openstreetmap.org']);
    // Only the empty inline <style> (Emotion fills it through the CSSOM), not 'unsafe-inline'.
    expect(csp.get('style-src')).toEqual(["'self'", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"]);
    for (const [name, value] of [
      ['frame-ancestors', "'none'"],
      ['object-src', "'none'"],
      ['base-uri', "'self'"],
      ['manifest-src', "'self'"],
    ] as const) {
      expect(csp.get(name), name).toEqual([value]);
    }
  });

  it('leaves the /api/docs page its own policy (a nonce for its inline configuration)', async () => {
    const res = await ctx.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    const scripts = directives(res.headers.get('content-security-policy')).get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]+'$/);
    const nonce = scripts[1]!.slice(7, -1);
    expect(await res.text()).toContain(`nonce="${nonce}"`);
  });
});

describe('MAP_TILE_URL → the image source of the tiles', () => {
  it('turns a subdomain placeholder into a wildcard and keeps scheme, host and port', () => {
    expect(tileSource(DEFAULT_MAP_TILE_URL)).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://tiles-{s}.Example.id:8443/peta/{z}/{x}/{y}.png')).toBe('https://*.example.id:8443');
    expect(contentSecurityPolicy('http://10.0.0.5:8080/{z}/{x}/{y}.png').imgSrc).toContain('http://10.0.0.5:8080');
  });

  it('refuses at start a template the policy cannot express', () => {
    for (const bad of ['https://a.{s}.example.com/{z}', 'ftp://tiles.example.com/{z}', 'tiles/{z}/{x}/{y}.png']) {
      expect(() => readEnv({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
    }
    expect(readEnv({}).mapTileUrl).toBe(DEFAULT_MAP_TILE_URL);
  });
});
