/**
 * The route-list sheet: one layout for the upload template, the per-route-list download and the
 * upload itself, so a downloaded route list can be edited and uploaded back. One row per store of a
 * route list (route_list_id, nama, cust_code, then W1_1 … W5_7 with X for a visit); a row without
 * cust_code creates or renames the route list only. cust_name is for reading and ignored on upload.
 */
import { MATRIX_KEYS } from './matrix-kunjungan';

export interface RouteListSheetColumn {
  key: string;
  header: string;
  width: number;
}

export const ROUTE_LIST_SHEET_COLUMNS: readonly RouteListSheetColumn[] = [
  { key: 'route_list_id', header: 'route_list_id', width: 14 },
  { key: 'nama', header: 'nama', width: 32 },
  { key: 'cust_code', header: 'cust_code', width: 14 },
  { key: 'cust_name', header: 'cust_name', width: 32 },
  ...MATRIX_KEYS.map((k) => ({ key: k, header: k, width: 6 })),
];

/** Path of the static template (spec part 2 §7). */
export const ROUTE_LIST_TEMPLATE_PATH = '/template/download/routeList/route_list_template.xlsx';

/** A header cell → its column key (W keys in capitals, the others in lower case), or null. */
export function sheetColumnKey(header: string): string | null {
  const h = header.trim();
  const upper = h.toUpperCase();
  if (/^W\d_\d$/.test(upper)) return MATRIX_KEYS.includes(upper as (typeof MATRIX_KEYS)[number]) ? upper : null;
  const lower = h.toLowerCase();
  return ROUTE_LIST_SHEET_COLUMNS.some((c) => c.key === lower) ? lower : null;
}
