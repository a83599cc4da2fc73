/**
 * GET /api/client-config: the server's settings the client reads once per session (the map tiles).
 */
import { Hono } from 'hono';
import { ClientConfigSchema, OSM_ATTRIBUTION, type ClientConfig } from '../../../src/domain/client-config';
import type { AppEnv } from '../../lib/context';
import { DEFAULT_MAP_TILE_URL } from '../../lib/csp';
import { route } from '../../lib/openapi';

export const clientConfigRoutes = new Hono<AppEnv>().get(
  '/',
  route({
    tag: 'Docs',
    summary: 'Settings of the client: the map tile URL template and its attribution',
    access: { session: true },
    responses: { 200: ClientConfigSchema },
  }),
  (c) => {
    const answer: ClientConfig = {
      mapTileUrl: c.get('deps').mapTileUrl ?? DEFAULT_MAP_TILE_URL,
      // Every tile source we point at serves OpenStreetMap data, whose licence asks for this line.
      mapAttribution: OSM_ATTRIBUTION,
    };
    return c.json(answer);
  },
);
