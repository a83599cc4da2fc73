/**
 * The Leaflet map itself, loaded only through ./index.tsx (React.lazy): Leaflet and its CSS never sit on
 * the phone's first-load path. Tiles come from the server's MAP_TILE_URL (GET /api/client-config);
 * a tile that fails to load leaves its square blank and the rest of the map usable.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo } from 'react';
import { Circle, CircleMarker, MapContainer, Marker, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { ClientConfig } from '../../domain/client-config';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MAP_POINT_ZOOM, type LatLong, type MapPoint } from './map-types';

// Leaflet finds its default icon through a CSS url that a bundler rewrites: name the files instead.
const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [12, -28],
  shadowSize: [41, 41],
});

export interface LeafletMapProps {
  config: ClientConfig;
  height: string;
  /**
   * Draggable mode: the one marker, moved by dragging or by a click on the map; `radiusM` draws the
   * store's check-in radius around it.
   */
  marker?: { position: LatLong | null; onMove: (p: LatLong) => void; disabled?: boolean; radiusM?: number | null };
  /** Read-only mode: several points with circles. */
  points?: MapPoint[];
}

const toLatLng = (p: LatLong): L.LatLngTuple => [p.lat, p.long];
/** The check-in radius around a store, as the read-only map draws a store's circle. */
const RADIUS_COLOR = '#2f855a';
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Centres on a point that arrives after the map was made (a store loaded, coordinates typed). */
function FollowPoint({ position }: { position: LatLong | null }) {
  const map = useMap();
  const key = position ? `${position.lat},${position.long}` : '';
  useEffect(() => {
    if (!position) return;
    if (!map.getBounds().contains(toLatLng(position))) map.setView(toLatLng(position), MAP_POINT_ZOOM);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the position
  }, [key, map]);
  return null;
}

/**
 * Shows the whole check-in circle: once the marker has a position, and again when the radius changes
 * (typed). Dragging the marker does not zoom (FollowPoint only re-centres a point out of view).
 */
function FitRadius({ position, radiusM }: { position: LatLong | null; radiusM: number | null | undefined }) {
  const map = useMap();
  const placed = !!position;
  useEffect(() => {
    if (!position || !radiusM) return;
    map.fitBounds(L.latLng(toLatLng(position)).toBounds(radiusM * 2), { padding: [24, 24], maxZoom: MAP_POINT_ZOOM });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit on a new radius or the first position only
  }, [placed, radiusM, map]);
  return null;
}

function DraggableMarker({ position, onMove, disabled, radiusM }: NonNullable<LeafletMapProps['marker']>) {
  useMapEvents({
    click: (e) => {
      if (!disabled) onMove({ lat: round(e.latlng.lat), long: round(e.latlng.lng) });
    },
  });
  const handlers = useMemo(
    () => ({
      dragend: (e: L.DragEndEvent) => {
        const at = (e.target as L.Marker).getLatLng();
        onMove({ lat: round(at.lat), long: round(at.lng) });
      },
    }),
    [onMove],
  );
  // Without a position yet, an editable marker waits at the default centre to be dragged into place.
  const at = position ?? (disabled ? null : MAP_DEFAULT_CENTER);
  if (!at) return null;
  return (
    <>
      {position && radiusM ? (
        <Circle
          center={toLatLng(position)}
          radius={radiusM}
          pathOptions={{ color: RADIUS_COLOR, weight: 1, fillOpacity: 0.12 }}
          // Leaflet sets a path's class when it makes it (pathOptions only restyles): the tests find it by it.
          className="store-radius"
          interactive={false}
        />
      ) : null}
      <Marker
        position={toLatLng(at)}
        icon={markerIcon}
        draggable={!disabled}
        eventHandlers={handlers}
        keyboard
        alt="Posisi store"
      />
    </>
  );
}

/** Fits the read-only points in view once. */
function FitPoints({ points }: { points: MapPoint[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length < 2) return;
    const bounds = L.latLngBounds(points.map(toLatLng));
    for (const p of points) if (p.radiusM) bounds.extend(L.latLng(toLatLng(p)).toBounds(p.radiusM * 2));
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: MAP_POINT_ZOOM });
  }, [map, points]);
  return null;
}

export default function LeafletMap({ config, height, marker, points = [] }: LeafletMapProps) {
  const first = marker?.position ?? points[0] ?? null;
  const center = first ?? MAP_DEFAULT_CENTER;
  return (
    <MapContainer
      center={toLatLng(center)}
      zoom={first ? MAP_POINT_ZOOM : MAP_DEFAULT_ZOOM}
      style={{ height, width: '100%' }}
      scrollWheelZoom={false}
    >
      <TileLayer url={config.mapTileUrl} attribution={config.mapAttribution} />
      {marker && (
        <>
          <DraggableMarker {...marker} />
          <FollowPoint position={marker.position} />
          <FitRadius position={marker.position} radiusM={marker.radiusM} />
        </>
      )}
      {points.map((p, i) => (
        <PointLayer key={`${i}-${p.lat}-${p.long}`} point={p} />
      ))}
      {points.length > 0 && <FitPoints points={points} />}
    </MapContainer>
  );
}

function PointLayer({ point }: { point: MapPoint }) {
  const color = point.color ?? '#2f855a';
  return (
    <>
      {point.radiusM ? (
        <Circle center={toLatLng(point)} radius={point.radiusM} pathOptions={{ color, weight: 1, fillOpacity: 0.1 }} />
      ) : null}
      <CircleMarker center={toLatLng(point)} radius={7} pathOptions={{ color, fillColor: color, fillOpacity: 0.9 }}>
        <Tooltip>{point.label}</Tooltip>
      </CircleMarker>
    </>
  );
}
