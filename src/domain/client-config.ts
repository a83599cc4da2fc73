/**
 * GET /api/client-config: what the signed-in client needs from the server's environment — the map's
 * tile URL template (MAP_TILE_URL; the CSP allows its origin for images) and the attribution the tile
 * provider requires shown on the map.
 */
import * as v from 'valibot';
import { contract } from './contract';

export const ClientConfigSchema = v.object({
  mapTileUrl: v.string(),
  mapAttribution: v.string(),
});
export type ClientConfig = v.InferOutput<typeof ClientConfigSchema>;

/** OpenStreetMap's required attribution (https://www.openstreetmap.org/copyright). */
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** GET /api/client-config, as one contract (decision 041). */
export const clientConfigContract = contract({
  method: 'GET',
  path: '/api/client-config',
  tag: 'Docs',
  summary: 'Settings of the client: the map tile URL template and its attribution',
  access: { session: true },
  answer: ClientConfigSchema,
});
