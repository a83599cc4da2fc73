import { doublePrecision, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { client, keyAccount, perusahaan, salesOffice } from './master';

/** A store (customer) where SPGs are placed; keyed by its customer code. */
export const store = pgTable(
  'store',
  {
    cust_code: varchar('cust_code', { length: 20 }).primaryKey(),
    cust_name: varchar('cust_name', { length: 40 }).notNull(),
    kunnr: varchar('kunnr', { length: 10 }),
    sales_office_id: varchar('sales_office_id', { length: 4 }).references(() => salesOffice.id),
    cust_address: varchar('cust_address', { length: 255 }),
    cust_zip: varchar('cust_zip', { length: 5 }),
    cust_lat: doublePrecision('cust_lat'),
    cust_long: doublePrecision('cust_long'),
    cust_contact: varchar('cust_contact', { length: 40 }),
    cust_telp: varchar('cust_telp', { length: 15 }),
    cust_email: varchar('cust_email', { length: 40 }),
    cust_key_account: varchar('cust_key_account', { length: 10 }).references(() => keyAccount.id),
    cust_type: varchar('cust_type', { length: 4 }),
    client_id: varchar('client_id', { length: 10 }).references(() => client.id),
    /** Check-ins farther than this many metres are flagged; null: the server's VISIT_RADIUS_M. */
    radius_m: integer('radius_m'),
  },
  (t) => [index('store_client_idx').on(t.client_id)],
);

export const routeList = pgTable('route_list', {
  id: varchar('id', { length: 5 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  nama: varchar('nama', { length: 40 }).notNull(),
});

/**
 * The weekly visit matrix of a route list: which store is visited in week 1–5 on day 1–7.
 * `pattern` holds the 35 flags W1_1..W5_7 in order, 'X' for a visit and '.' for none; the API
 * spells them out as W{n}_{d} fields (spec part 2 §3).
 */
export const matrixKunjungan = pgTable(
  'matrix_kunjungan',
  {
    route_list_id: varchar('route_list_id', { length: 5 })
      .notNull()
      .references(() => routeList.id, { onDelete: 'cascade' }),
    cust_code: varchar('cust_code', { length: 20 })
      .notNull()
      .references(() => store.cust_code),
    pattern: varchar('pattern', { length: 35 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.route_list_id, t.cust_code] })],
);
