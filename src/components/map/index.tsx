/**
 * The shared map (stores, a visit's evidence): `<StoreMap marker={…}/>` with one draggable marker that
 * reports its position, or `<StoreMap points={…}/>` read-only with markers and circles. Leaflet loads
 * only when a map is shown (React.lazy); until its tiles settings arrive, a placeholder keeps the space.
 */
import { lazy } from 'react';
import type { LeafletMapProps } from './leaflet-map';
import { MapFrame } from './map-frame';

export * from './map-types';

const LeafletMap = lazy(() => import('./leaflet-map'));

type Props = Omit<LeafletMapProps, 'config' | 'height'> & { height?: string };

export function StoreMap({ height = '320px', ...props }: Props) {
  return (
    <MapFrame height={height} testId="map">
      {(config) => <LeafletMap config={config} height={height} {...props} />}
    </MapFrame>
  );
}
