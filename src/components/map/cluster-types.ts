/** A point of the clustered map (kept apart from Leaflet so importing it loads no map code). */
export interface ClusterPoint {
  id: string;
  lat: number;
  long: number;
  /** The popup's first line (bold) and the lines under it, asked for when the popup opens. */
  describe: () => Promise<PopupText>;
  /** Drawn grey, and the popup says so. */
  stale: boolean;
}

export interface PopupText {
  title: string;
  lines: string[];
}
