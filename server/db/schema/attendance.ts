import { index, integer, jsonb, pgTable, primaryKey, serial, date, timestamp, varchar } from 'drizzle-orm/pg-core';
import { karyawan } from './karyawan';
import { period } from './master';

/** The values of an attendance row a manual change or upload can set, as kept in absensi_change. */
export interface AbsensiValues {
  shift_id: string | null;
  sts_abs_id: string;
  jam_masuk: string | null;
  jam_keluar: string | null;
}

/**
 * Every manual change of an attendance day (create, update, delete, upload): who, when, why, and the
 * values before and after. Rows are never updated or deleted, so the trail outlives the attendance row.
 */
export const absensiChange = pgTable(
  'absensi_change',
  {
    id: serial('id').primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    /** create | update | delete | upload */
    aksi: varchar('aksi', { length: 10 }).notNull(),
    alasan: varchar('alasan', { length: 255 }).notNull(),
    sebelum: jsonb('sebelum').$type<AbsensiValues | null>(),
    sesudah: jsonb('sesudah').$type<AbsensiValues | null>(),
    /** The userid of the one who made the change. */
    changed_by: varchar('changed_by', { length: 6 }).notNull(),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('absensi_change_nrp_tanggal_idx').on(t.nrp, t.tanggal)],
);

/** A posted attendance period: locked for manual entries, uploads and deletes. */
export const absensiPosting = pgTable('absensi_posting', {
  period_id: varchar('period_id', { length: 6 })
    .primaryKey()
    .references(() => period.id),
  posted_at: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  /** userid */
  posted_by: varchar('posted_by', { length: 6 }).notNull(),
  employee_count: integer('employee_count').notNull(),
});

/** The summary per employee frozen at posting (spec part 2 §3 "Attendance summary"), for payroll. */
export const absensiPostingSummary = pgTable(
  'absensi_posting_summary',
  {
    period_id: varchar('period_id', { length: 6 })
      .notNull()
      .references(() => absensiPosting.period_id, { onDelete: 'cascade' }),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    count_attend: integer('count_attend').notNull(),
    count_gapok: integer('count_gapok').notNull(),
    count_tun_makan: integer('count_tun_makan').notNull(),
    count_tun_bensin: integer('count_tun_bensin').notNull(),
    count_uang_shift: integer('count_uang_shift').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period_id, t.nrp] })],
);
