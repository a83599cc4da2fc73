/**
 * Reads the route-list sheet of an upload (src/domain/route-list/route-list-sheet.ts): row 1 names the columns,
 * every later non-blank row is one store of one route list. File-level problems (not an .xlsx, no
 * route_list_id column, unknown or repeated columns, no data, too many rows) refuse the whole file
 * with a 400; row-level problems are the upload service's to report per row.
 */
import { ROUTE_LIST_UPLOAD_MAX_ROWS, ROUTE_LIST_UPLOAD_MESSAGES as M } from '../../../src/domain/route-list/route-list';
import { sheetColumnKey } from '../../../src/domain/route-list/route-list-sheet';
import { REFUSED_REASON_COLUMN } from '../../../src/domain/upload';
import { cellText, readFirstSheet } from '../../lib/excel';
import { badRequest } from '../../lib/errors';

export interface SheetRouteRow {
  /** The row number Excel shows. */
  baris: number;
  /** The cells of the columns the sheet has, as text; blank is null. */
  cells: Map<string, string | null>;
}

export interface RouteListSheet {
  columns: Set<string>;
  rows: SheetRouteRow[];
}

export async function readRouteListSheet(bytes: Uint8Array): Promise<RouteListSheet> {
  let header: Map<number, string> | null = null;
  const rows: SheetRouteRow[] = [];
  for await (const row of readFirstSheet(bytes)) {
    if (!header) {
      header = headerOf(row.values);
      continue;
    }
    const cells = new Map<string, string | null>();
    let blank = true;
    for (const [col, key] of header) {
      const value = cellText(row.values[col]);
      if (value !== null) blank = false;
      cells.set(key, value);
    }
    if (blank) continue;
    if (rows.length >= ROUTE_LIST_UPLOAD_MAX_ROWS) throw badRequest(M.tooManyRows);
    rows.push({ baris: row.number, cells });
  }
  if (!header || rows.length === 0) throw badRequest(M.empty);
  return { columns: new Set(header.values()), rows };
}

function headerOf(values: unknown[]): Map<number, string> {
  const header = new Map<number, string>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  values.forEach((value, col) => {
    const name = cellText(value);
    // alasan_gagal: the reason column of a downloaded sheet of refused rows.
    if (!name || name.toLowerCase() === REFUSED_REASON_COLUMN) return;
    const key = sheetColumnKey(name);
    if (!key) {
      unknown.push(name);
      return;
    }
    if (seen.has(key)) throw badRequest(M.duplicateColumn(key));
    seen.add(key);
    header.set(col, key);
  });
  if (!seen.has('route_list_id')) throw badRequest(M.noHeader);
  if (unknown.length) throw badRequest(M.unknownColumns(unknown.slice(0, 10)));
  return header;
}
