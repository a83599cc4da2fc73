/**
 * A map of many positions (the dashboard's last positions of thousands of employees), loaded only
 * through ./index.tsx (React.lazy). Points are clustered with supercluster: after each move only the
 * clusters and points inside the view are drawn, clusters as small DOM badges and single points as
 * circles on one canvas, so 10,000 positions cost a few dozen DOM nodes. A stale point is drawn grey.
 * A popup asks its point for its text when it opens (`describe`), so the text says the age at that moment.
 * Popups are built with textContent (names and addresses are user data, never HTML).
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { ClientConfig } from '../../domain/client-config';
import type { ClusterPoint } from './cluster-types';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MAP_POINT_ZOOM } from './map-types';

export interface ClusterMapProps {
  config: ClientConfig;
  height: string;
  points: ClusterPoint[];
  /** Fly to this point and open its popup (changes of `seq` repeat it). */
  focus?: { id: string; seq: number } | null;
  /** Called each time a new set of points is drawn (a performance mark for the bench). */
  onReady?: () => void;
}

type Props = { id: string };

const FRESH = '#15803d';
const STALE = '#a0aec0';

/** A popup that says it is loading until the point's text arrives; `filled` lets Leaflet fit it again. */
function popupOf(p: ClusterPoint, filled: () => void): HTMLElement {
  const box = document.createElement('div');
  box.dataset.testid = 'position-popup';
  const line = (text: string, bold = false) => {
    const el = document.createElement('div');
    el.textContent = text;
    if (bold) el.style.fontWeight = '600';
    box.append(el);
  };
  line('Memuat…');
  void p.describe().then(
    (text) => {
      box.replaceChildren();
      line(text.title, true);
      for (const l of text.lines) line(l);
      if (p.stale) line('Posisi sudah lama (tidak terbaru)');
      filled();
    },
    () => {
      box.replaceChildren();
      line('Gagal memuat posisi. Coba lagi.');
      filled();
    },
  );
  return box;
}

/**
 * A cluster's badge. Built as an element styled through the DOM: a `style="…"` attribute in an HTML string
 * is refused by the Content-Security-Policy (style-src without 'unsafe-inline'), and the badge showed as
 * a bare number.
 */
function badge(count: number): L.DivIcon {
  const size = count < 100 ? 30 : count < 1000 ? 36 : 44;
  const el = document.createElement('div');
  el.textContent = String(count);
  Object.assign(el.style, {
    width: `${size}px`,
    height: `${size}px`,
    lineHeight: `${size}px`,
    borderRadius: '50%',
    background: 'rgba(21,128,61,.85)',
    color: '#fff',
    font: '600 12px sans-serif',
    textAlign: 'center',
    border: '2px solid #fff',
    boxShadow: '0 0 0 1px rgba(0,0,0,.2)',
  });
  return L.divIcon({ html: el, className: 'hadir-cluster', iconSize: [size, size] });
}

function ClusterLayer({ points, focus, onReady }: Omit<ClusterMapProps, 'config' | 'height'>) {
  const map = useMap();
  const layer = useRef<L.LayerGroup | null>(null);
  const renderer = useMemo(() => L.canvas({ padding: 0.3 }), []);
  const byId = useMemo(() => new Map(points.map((p) => [p.id, p])), [points]);
  const index = useMemo(() => {
    const sc = new Supercluster<Props>({ radius: 60, maxZoom: 16 });
    sc.load(
      points.map((p) => ({
        type: 'Feature' as const,
        properties: { id: p.id },
        geometry: { type: 'Point' as const, coordinates: [p.long, p.lat] },
      })),
    );
    return sc;
  }, [points]);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  }, [onReady]);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    layer.current = group;
    const draw = () => {
      group.clearLayers();
      const b = map.getBounds();
      const bbox: [number, number, number, number] = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
      const zoom = Math.round(map.getZoom());
      for (const f of index.getClusters(bbox, zoom)) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as Partial<ClusterProperties> & Partial<Props>;
        if (props.cluster && props.cluster_id !== undefined) {
          const id = props.cluster_id;
          L.marker([lat, lng], { icon: badge(props.point_count ?? 0), keyboard: false })
            .on('click', () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), 18)))
            .addTo(group);
        } else if (props.id) {
          const p = byId.get(props.id);
          if (!p) continue;
          const color = p.stale ? STALE : FRESH;
          const marker = L.circleMarker([lat, lng], {
            renderer,
            radius: 7,
            color: '#fff',
            weight: 2,
            fillColor: color,
            fillOpacity: 0.95,
          });
          marker.bindPopup(() => popupOf(p, () => marker.getPopup()?.update())).addTo(group);
        }
      }
    };
    draw();
    map.on('moveend', draw);
    ready.current?.();
    return () => {
      map.off('moveend', draw);
      group.remove();
      layer.current = null;
    };
  }, [map, index, byId, renderer]);

  const focusKey = focus ? `${focus.id}:${focus.seq}` : '';
  useEffect(() => {
    if (!focus) return;
    const p = byId.get(focus.id);
    if (!p) return;
    map.setView([p.lat, p.long], MAP_POINT_ZOOM, { animate: false });
    // After the redraw at the new zoom, the point stands alone: open its popup there.
    const popup = L.popup().setLatLng([p.lat, p.long]);
    popup.setContent(popupOf(p, () => popup.update())).openOn(map);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the focus request
  }, [focusKey, byId, map]);
  return null;
}

export default function ClusterMap({ config, height, points, focus, onReady }: ClusterMapProps) {
  return (
    <MapContainer
      center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.long]}
      zoom={MAP_DEFAULT_ZOOM}
      style={{ height, width: '100%' }}
      scrollWheelZoom={false}
      preferCanvas
    >
      <TileLayer url={config.mapTileUrl} attribution={config.mapAttribution} />
      <ClusterLayer points={points} focus={focus} onReady={onReady} />
    </MapContainer>
  );
}
