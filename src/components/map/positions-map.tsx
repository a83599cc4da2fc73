/**
 * `<PositionsMap points={…}/>`: many positions, clustered (./cluster-map.tsx). Leaflet and supercluster
 * load only when it is shown (React.lazy), never on the phone's first-load path.
 */
import { lazy } from 'react';
import type { ClusterMapProps } from './cluster-map';
import { MapFrame } from './map-frame';

const ClusterMap = lazy(() => import('./cluster-map'));

type Props = Omit<ClusterMapProps, 'config' | 'height'> & { height?: string };

export function PositionsMap({ height = '420px', ...props }: Props) {
  return (
    <MapFrame height={height} testId="positions-map">
      {(config) => <ClusterMap config={config} height={height} {...props} />}
    </MapFrame>
  );
}
