/**
 * GET /api/client-config: the server's settings the client reads once per session (the map tiles).
 */
import { clientConfigContract, OSM_ATTRIBUTION } from '../../../src/domain/client-config';
import { DEFAULT_MAP_TILE_URL } from '../../lib/csp';
import { contractRouter } from '../../lib/contract-route';

export const clientConfigRoutes = contractRouter('/api/client-config').on(clientConfigContract, (c) => ({
  mapTileUrl: c.get('deps').mapTileUrl ?? DEFAULT_MAP_TILE_URL,
  // Every tile source we point at serves OpenStreetMap data, whose licence asks for this line.
  mapAttribution: OSM_ATTRIBUTION,
})).router;
