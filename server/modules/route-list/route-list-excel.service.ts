/**
 * The Excel side of route lists besides the upload: one route list with its matrix as an .xlsx in the
 * upload's own layout (src/domain/route-list/route-list-sheet.ts), and the upload history (server/lib/upload-log.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { flagsOfPattern, MATRIX_KEYS } from '../../../src/domain/route-list/matrix-kunjungan';
import { ROUTE_LIST_SHEET_COLUMNS } from '../../../src/domain/route-list/route-list-sheet';
import type { Db } from '../../db/client';
import { matrixKunjungan, store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { xlsxStream, type XlsxCell } from '../../lib/excel';
import { getRouteList } from './route-list.service';

/** GET /api/route-list/{id}/download: checked before the first byte, so a refusal is a JSON 403/404. */
export async function routeListXlsx(db: Db, actor: Actor, id: string) {
  const rl = await getRouteList(db, actor, id);
  const rows = await db
    .select({ cust_code: matrixKunjungan.cust_code, cust_name: store.cust_name, pattern: matrixKunjungan.pattern })
    .from(matrixKunjungan)
    .innerJoin(store, eq(store.cust_code, matrixKunjungan.cust_code))
    .where(eq(matrixKunjungan.route_list_id, id))
    .orderBy(asc(matrixKunjungan.cust_code));
  const cells: XlsxCell[][] = rows.length
    ? rows.map((r) => {
        const flags = flagsOfPattern(r.pattern);
        return [rl.id, rl.nama, r.cust_code, r.cust_name, ...MATRIX_KEYS.map((k) => flags[k])];
      })
    : [[rl.id, rl.nama, null, null, ...MATRIX_KEYS.map(() => null)]];
  const body = xlsxStream([
    {
      name: 'Route List',
      columns: ROUTE_LIST_SHEET_COLUMNS.map((c) => ({ header: c.header, width: c.width, numFmt: '@' })),
      fill: async (add) => add(cells),
    },
  ]);
  return { name: `route-list-${rl.id}.xlsx`, body };
}
