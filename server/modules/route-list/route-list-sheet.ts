/**
 * Reads the route-list sheet of an upload (src/domain/route-list/route-list-sheet.ts): row 1 names the columns,
 * every later non-blank row is one store of one route list. File-level problems (not an .xlsx, no
 * route_list_id column, unknown or repeated columns, no data, too many rows) refuse the whole file
 * with a 400; row-level problems are the upload service's to report per row.
 */
import { ROUTE_LIST_UPLOAD_MAX_ROWS, ROUTE_LIST_UPLOAD_MESSAGES as M } from '../../../src/domain/route-list/route-list';
import { sheetColumnKey } from '../../../src/domain/route-list/route-list-sheet';
import { readUploadSheet, type UploadSheet, type UploadSheetRow } from '../../lib/excel';
import { badRequest } from '../../lib/errors';

export type SheetRouteRow = UploadSheetRow;
export type RouteListSheet = UploadSheet;

export function readRouteListSheet(bytes: Uint8Array): Promise<RouteListSheet> {
  return readUploadSheet(bytes, {
    columnOf: (name) => {
      const key = sheetColumnKey(name);
      return key ? { key } : { unknown: name };
    },
    checkHeader: (keys) => {
      if (!keys.has('route_list_id')) throw badRequest(M.noHeader);
    },
    maxRows: ROUTE_LIST_UPLOAD_MAX_ROWS,
    messages: M,
  });
}
