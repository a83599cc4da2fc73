/** GET /api/client-config: the map tile URL and its attribution, for a signed-in user only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL } from '../../server/lib/csp';
import type { ClientConfig } from '../../src/domain/client-config';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/client-config', () => {
  it('answers the tile URL (the default without MAP_TILE_URL) and the OpenStreetMap attribution', async () => {
    const spg = await ctx.tokenFor('spg');
    const res = await ctx.request('GET', '/api/client-config', { token: spg });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ClientConfig;
    expect(body.mapTileUrl).toBe(DEFAULT_MAP_TILE_URL);
    expect(body.mapAttribution).toContain('OpenStreetMap');
    expect((await ctx.request('GET', '/api/client-config')).status).toBe(401);
  });
});
