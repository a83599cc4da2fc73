/**
 * The built PWA as the server serves it: hashed assets cached for a year and sent as the build's
 * Brotli copy to a browser that accepts br (gzip or plain otherwise), the shell for client routes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let dist: string;
let app: ReturnType<typeof createApp>;
const script = `console.log(${JSON.stringify('Hadir '.repeat(400))});`;

beforeAll(async () => {
  ctx = await createTestContext();
  dist = mkdtempSync(path.join(os.tmpdir(), 'hadir-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Hadir</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  app = createApp({
    db: ctx.database.db,
    jwtKey: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
    tokenTtlHours: 12,
    storage: ctx.storage,
    staticDir: dist,
    now: () => new Date(),
  });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await ctx.close();
});

describe('static PWA', () => {
  it('sends a hashed asset as its Brotli copy to a browser that accepts br, cached for a year', async () => {
    const res = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('falls back to gzip, or to the plain file, for a browser without br', async () => {
    const gz = await app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers 404, not a cached file, for an asset that does not exist', async () => {
    const res = await app.request('/assets/app-gone.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });

  it('answers the shell, always revalidated, for a client route', async () => {
    const res = await app.request('/absensi/new/spg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });
});
