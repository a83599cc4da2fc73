import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, time, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { karyawan } from './karyawan';

/**
 * "Koreksi Absensi": an employee's request to correct one day of her attendance (the last 7 days, not in
 * a posted period), decided in two steps like leave: her team leader, then an admin. The approval writes
 * the day through the audited manual-change path (absensi_change names the correction and its reason).
 */
export const absensiKoreksi = pgTable(
  'absensi_koreksi',
  {
    id: serial('id').primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    /** The day's times when she filed (null where the day had none). */
    jam_masuk_lama: time('jam_masuk_lama'),
    jam_keluar_lama: time('jam_keluar_lama'),
    /** The proposed times; null = that time is not to be corrected. */
    jam_masuk: time('jam_masuk'),
    jam_keluar: time('jam_keluar'),
    alasan: varchar('alasan', { length: 255 }).notNull(),
    /** Stored file name under the uploads' `koreksi` folder (random); never a public path. */
    foto: varchar('foto', { length: 120 }),
    /** N waiting, A approved (both steps), R rejected (at either step). */
    status: varchar('status', { length: 1 }).notNull().default('N'),
    /** The step that waits: 1 = team leader, 2 = admin; 0 once decided. */
    step: integer('step').notNull().default(1),
    /** Her team leader when filed (karyawan.team_leader_nrp); null = step 1 is skipped. */
    tl_nrp: varchar('tl_nrp', { length: 12 }),
    tl_userid: varchar('tl_userid', { length: 6 }).references(() => users.userid, { onDelete: 'set null' }),
    tl_status: varchar('tl_status', { length: 1 }),
    /** When the server recorded the step's decision (its clock, issue 41 item 3). */
    tl_at: timestamp('tl_at', { withTimezone: true }),
    /** The approver's device time of the decision (the outbox row's capturedAt), kept apart. */
    tl_captured_at: timestamp('tl_captured_at', { withTimezone: true }),
    tl_keterangan: varchar('tl_keterangan', { length: 255 }),
    admin_userid: varchar('admin_userid', { length: 6 }).references(() => users.userid, { onDelete: 'set null' }),
    admin_status: varchar('admin_status', { length: 1 }),
    admin_at: timestamp('admin_at', { withTimezone: true }),
    admin_captured_at: timestamp('admin_captured_at', { withTimezone: true }),
    admin_keterangan: varchar('admin_keterangan', { length: 255 }),
    created_by: varchar('created_by', { length: 6 }).references(() => users.userid, { onDelete: 'set null' }),
    captured_at: timestamp('captured_at', { withTimezone: true }),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('absensi_koreksi_nrp_idx').on(t.nrp, t.tanggal),
    index('absensi_koreksi_open_idx')
      .on(t.step, t.tl_nrp)
      .where(sql`status = 'N'`),
  ],
);
