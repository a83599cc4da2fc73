/**
 * `Vary: Accept-Encoding` set by server/lib/vary-encoding.ts before hono's compress() looks: the same
 * header compress() would add, on the same answers, with compression itself unchanged.
 */
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { varyAcceptEncoding } from '../../server/lib/vary-encoding';

const big = { rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `baris ${i}` })) };

function app(withVary: boolean) {
  const a = new Hono();
  a.use('*', compress());
  if (withVary) a.use('*', varyAcceptEncoding);
  a.get('/json', (c) => c.json(big));
  a.get('/small', (c) => c.body('{"a":1}', 200, { 'Content-Type': 'application/json', 'Content-Length': '7' }));
  a.get('/varied', (c) => c.json(big, 200, { Vary: 'Origin' }));
  a.get('/png', (c) => c.body(new Uint8Array(2000), 200, { 'Content-Type': 'image/png' }));
  a.get('/no-transform', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }));
  return a;
}

describe('Vary: Accept-Encoding before compress()', () => {
  it.each(['/json', '/small', '/varied', '/png', '/no-transform'])(
    'gives %s the Vary header compress() alone gives it, with and without Accept-Encoding',
    async (path) => {
      for (const headers of [{}, { 'Accept-Encoding': 'gzip' }] as Record<string, string>[]) {
        const alone = await app(false).request(path, { headers });
        const withVary = await app(true).request(path, { headers });
        expect(withVary.headers.get('vary')).toBe(alone.headers.get('vary'));
        expect(withVary.headers.get('content-encoding')).toBe(alone.headers.get('content-encoding'));
      }
    },
  );

  it('still compresses a JSON answer for a client that accepts gzip', async () => {
    const res = await app(true).request('/json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
  });
});
