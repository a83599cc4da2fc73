import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { karyawan } from './karyawan';

/**
 * Company news (spec part 2 §3 "News"). The audience is kept as lists (the spec's comma-joined
 * fields): kode_prsh is required; an empty list of the others means all of the chosen companies.
 */
export const news = pgTable(
  'news',
  {
    news_id: serial('news_id').primaryKey(),
    judul: varchar('judul', { length: 200 }).notNull(),
    isi: text('isi').notNull(),
    /** The stored photo's name (server/lib/storage), null without a photo. */
    foto: varchar('foto', { length: 120 }),
    validfrom: date('validfrom', { mode: 'string' }).notNull(),
    validto: date('validto', { mode: 'string' }).notNull(),
    kode_prsh: jsonb('kode_prsh').$type<string[]>().notNull(),
    kode_lokasi: jsonb('kode_lokasi').$type<string[]>().notNull().default([]),
    client: jsonb('client').$type<string[]>().notNull().default([]),
    sales_office: jsonb('sales_office').$type<string[]>().notNull().default([]),
    type_spg: jsonb('type_spg').$type<string[]>().notNull().default([]),
    nrp: jsonb('nrp').$type<string[]>().notNull().default([]),
    /** userid of the last editor */
    updated_by: varchar('updated_by', { length: 6 }).notNull(),
    tglupdate: timestamp('tglupdate', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_valid_idx').on(t.validfrom, t.validto),
    index('news_foto_idx')
      .on(t.foto)
      .where(sql`foto is not null`),
  ],
);

/** That an employee opened a news item (once; the first time counts). */
export const newsRead = pgTable(
  'news_read',
  {
    news_id: integer('news_id')
      .notNull()
      .references(() => news.news_id, { onDelete: 'cascade' }),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.news_id, t.nrp] })],
);
