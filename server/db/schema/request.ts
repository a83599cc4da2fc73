import { index, integer, jsonb, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import type { ProfileChanges } from '../../../src/domain/karyawan/request';
import { users } from './auth';
import { karyawan } from './karyawan';

/**
 * A profile change request (spec part 1 §3 "Profile change request"): an employee asks for new values
 * of some of their own fields; an approver applies them (with a P2 posting item) or rejects them.
 * docs/decisions/009-profile-change-requests.md.
 */
export const karyawanRequest = pgTable(
  'karyawan_request',
  {
    id: serial('id').primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp, { onDelete: 'cascade' }),
    /** 1, 2, 3 … per employee; shown as R-{nrp}-{request_nomor}. */
    request_nomor: integer('request_nomor').notNull(),
    /** Device time of filing (the time of record, docs/guide.md §4). */
    tanggal_pengajuan: timestamp('tanggal_pengajuan', { withTimezone: true, precision: 3 }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The requested values, `{ field: value }`, only the fields that differed when filed. */
    changes: jsonb('changes').$type<ProfileChanges>().notNull(),
    /** The employee's values of those fields when the request was decided. */
    previous: jsonb('previous').$type<ProfileChanges>(),
    /** N awaiting, Y approved, R rejected. */
    approve_status: varchar('approve_status', { length: 1 }).notNull().default('N'),
    approve_date: timestamp('approve_date', { withTimezone: true, precision: 3 }),
    approve_by: varchar('approve_by', { length: 6 }).references(() => users.userid, { onDelete: 'set null' }),
    keterangan: varchar('keterangan', { length: 255 }),
    created_by: varchar('created_by', { length: 6 }).references(() => users.userid, { onDelete: 'set null' }),
  },
  (t) => [
    unique('karyawan_request_nomor_uq').on(t.nrp, t.request_nomor),
    index('karyawan_request_status_idx').on(t.approve_status, t.tanggal_pengajuan),
  ],
);
