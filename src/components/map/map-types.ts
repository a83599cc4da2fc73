/** The shapes the shared map draws; kept apart from Leaflet so importing them loads no map code. */
export interface LatLong {
  lat: number;
  long: number;
}

/** A point of the read-only map: a marker with a label, and optionally a circle around it. */
export interface MapPoint extends LatLong {
  /** Shown in the marker's tooltip. */
  label: string;
  /** A circle of this radius in metres (a store's check-in radius, a position's GPS accuracy). */
  radiusM?: number | null;
  /** The circle's and marker's colour (a CSS colour). */
  color?: string;
}

/** Spec part 2 §2.4 and §9: the default centre and zoom, and the zoom on a known point. */
export const MAP_DEFAULT_CENTER: LatLong = { lat: 0.79, long: 113.92 };
export const MAP_DEFAULT_ZOOM = 5;
export const MAP_POINT_ZOOM = 17;

export const MAP_TEXTS = {
  loading: 'Memuat peta…',
  failed: 'Peta tidak dapat dimuat',
  dragHint: 'Geser penanda atau klik peta untuk mengisi latitude dan longitude',
} as const;
