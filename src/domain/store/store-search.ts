/**
 * The address of /store and the query of GET /api/store. Kept apart from store.ts because every
 * route's validateSearch is in the entry chunk, and with it everything its module holds; store.ts
 * re-exports it.
 */
import * as v from 'valibot';
import { ListQuerySchema } from '../list-query';
import { code } from '../primitives';

/** The messages of the list query; STORE_MESSAGES (store.ts) carries them too. */
export const STORE_QUERY_MESSAGES = {
  clientId: 'Kode client tidak valid',
  salesOfficeId: 'Kode sales office tidak valid',
} as const;

/** GET /api/store: the list query plus the client and sales office whose stores are wanted (empty: all). */
export const StoreListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  client_id: v.optional(code(/^[A-Za-z0-9._-]{0,10}$/, STORE_QUERY_MESSAGES.clientId), ''),
  sales_office_id: v.optional(code(/^[A-Za-z0-9._-]{0,4}$/, STORE_QUERY_MESSAGES.salesOfficeId), ''),
});
export type StoreListQuery = v.InferOutput<typeof StoreListQuerySchema>;
