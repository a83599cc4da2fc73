/**
 * GET /api/client-config: what the signed-in client needs from the server's environment — the map's
 * tile URL template (MAP_TILE_URL; the CSP allows its origin for images) and the attribution the tile
 * provider requires shown on the map.
 */
import * as v from 'valibot';

export const ClientConfigSchema = v.object({
  mapTileUrl: v.string(),
  mapAttribution: v.string(),
});
export type ClientConfig = v.InferOutput<typeof ClientConfigSchema>;

/** OpenStreetMap's required attribution (https://www.openstreetmap.org/copyright). */
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
