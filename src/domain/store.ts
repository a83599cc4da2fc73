/**
 * Stores (customers where SPGs work) and route lists, as the API answers them (spec part 2 §3).
 * The reads serve every form that picks a store or a route list; the Store and Route List screens
 * will add their writes.
 */
import * as v from 'valibot';
import { ListQuerySchema } from './list-query';

export interface StoreRow {
  cust_code: string;
  cust_name: string;
  kunnr: string | null;
  sales_office_id: string | null;
  cust_address: string | null;
  cust_zip: string | null;
  cust_lat: number | null;
  cust_long: number | null;
  cust_contact: string | null;
  cust_telp: string | null;
  cust_email: string | null;
  cust_key_account: string | null;
  cust_type: string | null;
  client_id: string | null;
}

export interface RouteListRow {
  id: string;
  kode_prsh: string;
  nama: string;
}

/** GET /api/store: the list query plus the client whose stores are wanted. */
export const StoreListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  client_id: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10, 'Kode client tidak valid')), ''),
});
export type StoreListQuery = v.InferOutput<typeof StoreListQuerySchema>;
