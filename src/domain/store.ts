/**
 * Stores (customers where SPGs work), as the API answers them (spec part 2 §3).
 */
import * as v from 'valibot';
import { listAnswer, resultAnswer } from './api';
import { ListQuerySchema } from './list-query';
import { code } from './primitives';

export const STORE_MESSAGES = {
  clientId: 'Kode client tidak valid',
  storeNotFound: 'Store tidak ditemukan',
} as const;

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

export const StoreRowSchema = v.object({
  cust_code: v.string(),
  cust_name: v.string(),
  kunnr: nullableString,
  sales_office_id: nullableString,
  cust_address: nullableString,
  cust_zip: nullableString,
  cust_lat: nullableNumber,
  cust_long: nullableNumber,
  cust_contact: nullableString,
  cust_telp: nullableString,
  cust_email: nullableString,
  cust_key_account: nullableString,
  cust_type: nullableString,
  client_id: nullableString,
});
export type StoreRow = v.InferOutput<typeof StoreRowSchema>;
export const StoreListAnswerSchema = listAnswer(StoreRowSchema);
export const StoreDetailAnswerSchema = resultAnswer(StoreRowSchema);

/** GET /api/store: the list query plus the client whose stores are wanted (empty: every client). */
export const StoreListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  client_id: v.optional(code(/^[A-Za-z0-9._-]{0,10}$/, STORE_MESSAGES.clientId), ''),
});
export type StoreListQuery = v.InferOutput<typeof StoreListQuerySchema>;

/** `{id}` of /api/store/{id}: a customer code. */
export const StoreIdParamSchema = v.object({ id: code(/^[A-Za-z0-9._-]{1,20}$/, STORE_MESSAGES.storeNotFound) });
