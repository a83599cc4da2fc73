import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  time,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { karyawan } from './karyawan';
import { period, shift } from './master';
import { routeList, store } from './store';

/** A visit plan (DCP) of one employee for one period. */
export const kunjungan = pgTable(
  'kunjungan',
  {
    no_dcp: varchar('no_dcp', { length: 30 }).primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    shift_id: varchar('shift_id', { length: 10 })
      .notNull()
      .references(() => shift.id),
    period_id: varchar('period_id', { length: 6 })
      .notNull()
      .references(() => period.id),
    tgl_period1: date('tgl_period1', { mode: 'string' }).notNull(),
    tgl_period2: date('tgl_period2', { mode: 'string' }).notNull(),
    route_list_id: varchar('route_list_id', { length: 5 }).references(() => routeList.id),
  },
  (t) => [
    // An employee's plans by her NRP, read from the index alone: the dashboard starts from the user's
    // scope (a team leader's 12 SPGs) and finds their plans here before any visit line (issue 42).
    index('kunjungan_nrp_dcp_idx').on(t.nrp, t.no_dcp),
    unique('kunjungan_nrp_period_uq').on(t.nrp, t.period_id),
  ],
);

/** One planned store visit on one day, with its check-in and check-out evidence. */
export const kunjunganDetail = pgTable(
  'kunjungan_detail',
  {
    id: serial('id').primaryKey(),
    no_dcp: varchar('no_dcp', { length: 30 })
      .notNull()
      .references(() => kunjungan.no_dcp, { onDelete: 'cascade' }),
    tgl_dcp: date('tgl_dcp', { mode: 'string' }).notNull(),
    shift_id: varchar('shift_id', { length: 10 })
      .notNull()
      .references(() => shift.id),
    cust_code: varchar('cust_code', { length: 20 })
      .notNull()
      .references(() => store.cust_code),
    in_jam: time('in_jam'),
    in_lat: doublePrecision('in_lat'),
    in_long: doublePrecision('in_long'),
    in_foto: varchar('in_foto', { length: 120 }),
    in_desc: varchar('in_desc', { length: 255 }),
    out_jam: time('out_jam'),
    out_lat: doublePrecision('out_lat'),
    out_long: doublePrecision('out_long'),
    out_foto: varchar('out_foto', { length: 120 }),
    out_desc: varchar('out_desc', { length: 255 }),
    // Evidence of the field app (docs/decisions/005-field-checkin-api.md): GPS accuracy in metres, the
    // device time of the action, when the server received it, the distance from the store, and why
    // there was no GPS fix when there was none.
    in_accuracy: doublePrecision('in_accuracy'),
    in_captured_at: timestamp('in_captured_at', { withTimezone: true }),
    in_received_at: timestamp('in_received_at', { withTimezone: true }),
    in_distance_m: doublePrecision('in_distance_m'),
    in_location_note: varchar('in_location_note', { length: 255 }),
    out_accuracy: doublePrecision('out_accuracy'),
    out_captured_at: timestamp('out_captured_at', { withTimezone: true }),
    out_received_at: timestamp('out_received_at', { withTimezone: true }),
    out_distance_m: doublePrecision('out_distance_m'),
    out_location_note: varchar('out_location_note', { length: 255 }),
    /** Review flags: outside_radius_in/out, clock_skew_in/out, no_location_in/out, the device flags. */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    /** How the check-in and check-out were signed (decision 032): 'passkey' or 'none'. */
    in_verified: varchar('in_verified', { length: 8 }),
    out_verified: varchar('out_verified', { length: 8 }),
  },
  (t) => [
    index('kunjungan_detail_dcp_date_idx').on(t.no_dcp, t.tgl_dcp),
    // The dashboard's day (docs/decisions/023-dashboard.md): every line of a day with its plan, shift and
    // whether it was checked in and out, read from the index alone (no heap visit per line).
    index('kunjungan_detail_day_idx').on(t.tgl_dcp, t.no_dcp, t.shift_id, t.in_jam, t.out_jam),
    // The day's check-ins only (a few thousand of 200,000 lines) with their times, store and positions:
    // the dashboard's last positions are read from the index alone.
    index('kunjungan_detail_checked_in_idx')
      .on(t.tgl_dcp, t.no_dcp, t.in_jam, t.out_jam, t.cust_code, t.in_lat, t.in_long, t.out_lat, t.out_long)
      .where(sql`in_jam is not null`),
    // A photo is served to those who may see its record: found by its name (server/modules/files).
    // The review queue (absensi_tinjau) reads the flagged lines of a period.
    index('kunjungan_detail_flagged_idx')
      .on(t.tgl_dcp, t.no_dcp)
      .where(sql`flags <> '[]'::jsonb`),
    index('kunjungan_detail_in_foto_idx')
      .on(t.in_foto)
      .where(sql`in_foto is not null`),
    index('kunjungan_detail_out_foto_idx')
      .on(t.out_foto)
      .where(sql`out_foto is not null`),
  ],
);

/**
 * One plan's day (issue 42): how many visit lines it has, how many are checked in and their shifts, one row
 * per (plan, day) with lines, kept by the database itself (triggers of migration 0030 on kunjungan_detail:
 * every insert, delete and change of a line's plan, day, shift or check-in, whoever writes it). The
 * dashboard counts and lists a day from these ~90,000 narrow rows, or from a team's few by NRP, instead of
 * grouping the day's 200,000 visit lines. Counts move by deltas, so concurrent check-ins never lose one.
 */
export const kunjunganHari = pgTable(
  'kunjungan_hari',
  {
    no_dcp: varchar('no_dcp', { length: 30 })
      .notNull()
      .references(() => kunjungan.no_dcp, { onDelete: 'cascade' }),
    tgl_dcp: date('tgl_dcp', { mode: 'string' }).notNull(),
    /** The plan's employee (kunjungan.nrp). */
    nrp: varchar('nrp', { length: 12 }).notNull(),
    line_count: integer('line_count').notNull(),
    /** Lines with a check-in (in_jam). */
    checked_in_count: integer('checked_in_count').notNull(),
    /** The distinct shifts of its lines, sorted. */
    shift_ids: varchar('shift_ids', { length: 10 }).array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tgl_dcp, t.no_dcp] }),
    // A scope's employees first: their plans' days by NRP.
    index('kunjungan_hari_nrp_idx').on(t.nrp, t.tgl_dcp),
    // The company's day, every column read from the index alone (the rows of a day lie scattered).
    index('kunjungan_hari_day_idx').on(t.tgl_dcp, t.nrp, t.no_dcp, t.line_count, t.checked_in_count, t.shift_ids),
  ],
);
