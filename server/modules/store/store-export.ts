/**
 * GET /api/store/export/excel: every store the user reads (store-access.ts), in code order, streamed
 * in keyset batches (server/lib/excel.ts), so 50,000 stores never sit in memory at once. The columns
 * are the upload sheet's, so an exported file can be edited and uploaded again.
 */
import { and, asc, gt } from 'drizzle-orm';
import { STORE_COLUMNS, type StoreColumn } from '../../../src/domain/store/store';
import type { Db } from '../../db/client';
import { store } from '../../db/schema/store';
import type { Actor } from '../../lib/context';
import { xlsxStream, type XlsxColumn } from '../../lib/excel';
import { storeReadScope } from './store-access';

export const STORE_EXPORT_BATCH = 1_000;

const WIDTH: Partial<Record<StoreColumn, number>> = { cust_name: 32, cust_address: 48, cust_email: 28 };
const NUMERIC = new Set<StoreColumn>(['cust_lat', 'cust_long', 'radius_m']);

export const STORE_SHEET_COLUMNS: XlsxColumn[] = STORE_COLUMNS.map((c) => ({
  header: c,
  width: WIDTH[c] ?? 14,
  // Codes and phone numbers stay text ("0812…" keeps its zero).
  numFmt: NUMERIC.has(c) ? undefined : '@',
}));

/** `day`: the caller's local day, in the file's name (server/lib/local-day.ts). */
export function exportStoresXlsx(db: Db, actor: Actor, day: string): { name: string; body: ReadableStream } {
  const stamp = day;
  const body = xlsxStream(
    [
      {
        name: 'Store',
        columns: STORE_SHEET_COLUMNS,
        fill: async (add, aborted) => {
          let after: string | null = null;
          for (;;) {
            const rows = await db
              .select()
              .from(store)
              .where(and(storeReadScope(actor), after === null ? undefined : gt(store.cust_code, after)))
              .orderBy(asc(store.cust_code))
              .limit(STORE_EXPORT_BATCH);
            if (rows.length) await add(rows.map((r) => STORE_COLUMNS.map((c) => r[c])));
            if (rows.length < STORE_EXPORT_BATCH || aborted()) return;
            after = rows[rows.length - 1]!.cust_code;
          }
        },
      },
    ],
    { onError: (err) => console.error('[store export] streaming failed:', err) },
  );
  return { name: `store_${stamp}.xlsx`, body };
}
