import { boolean, date, index, integer, pgTable, serial, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { karyawan } from './karyawan';
import { kunjunganDetail } from './kunjungan';
import { period, shift } from './master';

/** A leave kind (spec §3 "Jenis leave"); `type` decides its rules and effects (src/domain/leave/leave.ts). */
export const jenisLeave = pgTable('jenis_leave', {
  id: serial('id').primaryKey(),
  jenis_leave: varchar('jenis_leave', { length: 60 }).notNull().unique(),
  type: varchar('type', { length: 20 }).notNull(),
  status: boolean('status').notNull().default(true),
});

/** A cuti kind (spec §3 "Jenis cuti") with its number of days. */
export const jenisCuti = pgTable('jenis_cuti', {
  jenis_cuti_id: serial('jenis_cuti_id').primaryKey(),
  jenis_cuti: varchar('jenis_cuti', { length: 60 }).notNull().unique(),
  lama_hari: integer('lama_hari').notNull(),
  /** Counts against the 12 annual days; statutory special leave (menikah, melahirkan, duka) does not. */
  potong_tahunan: boolean('potong_tahunan').notNull().default(true),
  status: boolean('status').notNull().default(true),
});

/** A leave request (spec §3 "Leave request"). */
export const leave = pgTable(
  'leave',
  {
    leave_id: serial('leave_id').primaryKey(),
    /** LV-YYYYMM-000123, from the filing month and leave_id. */
    nomor: varchar('nomor', { length: 20 }).notNull().default(''),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    jenis_leave_id: integer('jenis_leave_id')
      .notNull()
      .references(() => jenisLeave.id),
    jenis_cuti_id: integer('jenis_cuti_id').references(() => jenisCuti.jenis_cuti_id),
    /** lama_hari of the jenis cuti when filed. */
    lama_hari: integer('lama_hari'),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    end_date: date('end_date', { mode: 'string' }).notNull(),
    /** The device's date of filing. */
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    /** Tuker Off Hari: the day the visits move to. */
    hari_request: date('hari_request', { mode: 'string' }),
    periode: varchar('periode', { length: 6 }).references(() => period.id),
    /** Tuker Off Hari / Perubahan Shift Kerja: the first visit line of the chosen day. */
    kunjungan_detail_id: integer('kunjungan_detail_id').references(() => kunjunganDetail.id, {
      onDelete: 'set null',
    }),
    shift_id: varchar('shift_id', { length: 10 }).references(() => shift.id),
    shift_request: varchar('shift_request', { length: 10 }).references(() => shift.id),
    keterangan: varchar('keterangan', { length: 255 }),
    status: varchar('status', { length: 20 }).notNull().default('Pending'),
    /** Stored file name under DATA_DIR/uploads/leave (random); never a public path. */
    attachment: varchar('attachment', { length: 120 }),
    attachment_name: varchar('attachment_name', { length: 255 }),
    attachment_type: varchar('attachment_type', { length: 40 }),
    created_by: varchar('created_by', { length: 6 }).references(() => users.userid, { onDelete: 'set null' }),
    captured_at: timestamp('captured_at', { withTimezone: true }),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leave_nrp_start_idx').on(t.nrp, t.start_date),
    index('leave_start_idx').on(t.start_date),
    index('leave_status_idx').on(t.status),
    index('leave_periode_idx').on(t.periode),
  ],
);

/** One step of a leave's approval chain (spec §3 "Approval step"): 1 = team leader, then admin. */
export const leaveApproval = pgTable(
  'leave_approval',
  {
    approval_id: serial('approval_id').primaryKey(),
    leave_id: integer('leave_id')
      .notNull()
      .references(() => leave.leave_id, { onDelete: 'cascade' }),
    approval_num: integer('approval_num').notNull(),
    /** TL = the employee's team leader (karyawan.team_leader_nrp); ADMIN = a holder of leave.admin. */
    approval_role: varchar('approval_role', { length: 5 }).notNull(),
    approval_nrp: varchar('approval_nrp', { length: 12 }),
    /** N waiting, A approved, R rejected. */
    approval_status: varchar('approval_status', { length: 1 }).notNull().default('N'),
    approval_userid: varchar('approval_userid', { length: 6 }).references(() => users.userid, {
      onDelete: 'set null',
    }),
    /** Device time of the decision. */
    approval_date: timestamp('approval_date', { withTimezone: true }),
    received_at: timestamp('received_at', { withTimezone: true }),
    keterangan: varchar('keterangan', { length: 255 }),
  },
  (t) => [
    unique('leave_approval_step_uq').on(t.leave_id, t.approval_num),
    index('leave_approval_nrp_idx').on(t.approval_nrp, t.approval_status),
    index('leave_approval_role_idx').on(t.approval_role, t.approval_status),
    index('leave_approval_user_idx').on(t.approval_userid, t.approval_status),
  ],
);
