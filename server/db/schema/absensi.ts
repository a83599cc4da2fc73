import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { period, shift, statusAbsensi } from './master';


/** An employee's attendance for one day (check-in/out of the day, manual entry or upload). */
export const absensi = pgTable(
  'absensi',
  {
    id: serial('id').primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    tahun: integer('tahun').notNull(),
    bulan: integer('bulan').notNull(),
    shift_id: varchar('shift_id', { length: 10 }).references(() => shift.id),
    sts_abs_id: varchar('sts_abs_id', { length: 4 })
      .notNull()
      .references(() => statusAbsensi.id),
    jam_masuk: time('jam_masuk'),
    jam_keluar: time('jam_keluar'),
    foto_masuk: varchar('foto_masuk', { length: 120 }),
    foto_keluar: varchar('foto_keluar', { length: 120 }),
    /**
     * Where the day's shown values (shift_id, sts_abs_id, jam_masuk, jam_keluar) come from: S = the
     * employee's own check-in, M = a manual revision, U = an uploaded revision (docs/decisions/027).
     */
    sumber: varchar('sumber', { length: 1 }).notNull().default('S'),
    // The field record as the phone sent it (docs/decisions/027-field-evidence-immutable.md): written only
    // by the employee's own check-in and check-out, never by a back-office action, so deleting every
    // revision of HR or an upload brings the day back to exactly what she recorded.
    field_shift_id: varchar('field_shift_id', { length: 10 }).references(() => shift.id),
    field_jam_masuk: time('field_jam_masuk'),
    field_jam_keluar: time('field_jam_keluar'),
    // Evidence of the employee's own check-in/out (sumber S), as on kunjungan_detail.
    masuk_lat: doublePrecision('masuk_lat'),
    masuk_long: doublePrecision('masuk_long'),
    masuk_accuracy: doublePrecision('masuk_accuracy'),
    masuk_captured_at: timestamp('masuk_captured_at', { withTimezone: true }),
    masuk_received_at: timestamp('masuk_received_at', { withTimezone: true }),
    masuk_location_note: varchar('masuk_location_note', { length: 255 }),
    keluar_lat: doublePrecision('keluar_lat'),
    keluar_long: doublePrecision('keluar_long'),
    keluar_accuracy: doublePrecision('keluar_accuracy'),
    keluar_captured_at: timestamp('keluar_captured_at', { withTimezone: true }),
    keluar_received_at: timestamp('keluar_received_at', { withTimezone: true }),
    keluar_location_note: varchar('keluar_location_note', { length: 255 }),
    /** Review flags: clock_skew_in/out, no_location_in/out, the device flags (decision 032). */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    /** How her check-in and check-out were signed (decision 032): 'passkey' or 'none'. */
    in_verified: varchar('in_verified', { length: 8 }),
    out_verified: varchar('out_verified', { length: 8 }),
    /**
     * "Lupa Check Out": set by the forgot-checkout job once the shift's Batas Check Out passed with a
     * check-in and no check-out; cleared when a check-out or a correction gives the day its end.
     */
    forgot_checkout: boolean('forgot_checkout').notNull().default(false),
    /** The check-out reminders sent to her phone: 'akhir' (15 min before shift end), 'batas' (the limit). */
    pengingat: jsonb('pengingat').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last manual change or upload: who (userid), when and why (absensi_change keeps them all). */
    updated_by: varchar('updated_by', { length: 6 }),
    updated_at: timestamp('updated_at', { withTimezone: true }),
    alasan: varchar('alasan', { length: 255 }),
  },
  (t) => [
    unique('absensi_nrp_tanggal_uq').on(t.nrp, t.tanggal),
    index('absensi_tanggal_idx').on(t.tanggal),
    // HR's list (GET /api/absensi): a page of a month in its order (newest day, then NRP) without
    // sorting the day's 100,000 rows; the two partial ones serve its rarer filters (an entry by HR or an
    // upload; a status other than Hadir) and stay empty for the field check-ins of the morning rush.
    index('absensi_list_idx').on(t.tanggal.desc(), t.nrp),
    index('absensi_list_not_field_idx')
      .on(t.sumber, t.tanggal.desc(), t.nrp)
      .where(sql`sumber <> 'S'`),
    index('absensi_list_not_hadir_idx')
      .on(t.sts_abs_id, t.tanggal.desc(), t.nrp)
      .where(sql`sts_abs_id <> 'H'`),
    // The review queue (absensi_tinjau) reads the flagged days of a period: few among 100,000 a day.
    index('absensi_flagged_idx')
      .on(t.tanggal, t.nrp)
      .where(sql`flags <> '[]'::jsonb`),
    // The open days the check-out reminders and the forgot-checkout job read: a check-in, no check-out.
    index('absensi_open_day_idx')
      .on(t.tanggal, t.nrp)
      .where(sql`jam_masuk is not null and jam_keluar is null and forgot_checkout = false`),
    // Lupa Check Out days of a date (the dashboard's attention list, the posting screen): few a day.
    index('absensi_forgot_idx')
      .on(t.tanggal, t.nrp)
      .where(sql`forgot_checkout`),
    index('absensi_foto_masuk_idx')
      .on(t.foto_masuk)
      .where(sql`foto_masuk is not null`),
    index('absensi_foto_keluar_idx')
      .on(t.foto_keluar)
      .where(sql`foto_keluar is not null`),
  ],
);

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

/**
 * The review queue "Perlu Ditinjau" (issue 28, docs/decisions/035): a flagged check-in, of a day (jenis
 * hari → absensi.id) or a visit line (kunjungan → kunjungan_detail.id), is open until a reviewer with
 * absensi.tinjau decides terima or tolak with a reason. The queue itself is read from the records' flags;
 * a row here holds what people added: the decision (who, when, why) and the employee's own note.
 */
export const absensiTinjau = pgTable(
  'absensi_tinjau',
  {
    id: serial('id').primaryKey(),
    /** hari | kunjungan */
    jenis: varchar('jenis', { length: 10 }).notNull(),
    record_id: integer('record_id').notNull(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    /** terima | tolak; null while open. */
    keputusan: varchar('keputusan', { length: 8 }),
    /** The reviewer's reason: internal, never shown to the employee. */
    alasan: varchar('alasan', { length: 255 }),
    /** "Pesan untuk karyawan": the only words of the reviewer she reads (issue 41 item 3). */
    pesan_karyawan: varchar('pesan_karyawan', { length: 255 }),
    decided_by: varchar('decided_by', { length: 6 }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    /** The flags the reviewer saw when deciding. */
    flags_at_decision: jsonb('flags_at_decision').$type<string[]>(),
    /** The employee's note on her flagged check-in (from the phone, through the outbox). */
    catatan: varchar('catatan', { length: 255 }),
    catatan_at: timestamp('catatan_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('absensi_tinjau_record_uq').on(t.jenis, t.record_id),
    index('absensi_tinjau_decided_idx')
      .on(t.decided_at)
      .where(sql`keputusan is not null`),
    // The closed queue (status=closed) in its order, newest day first, a page read from here without
    // visiting every decided record of the period (issue 28 item 8).
    index('absensi_tinjau_closed_idx')
      .on(t.jenis, t.tanggal, t.nrp, t.record_id)
      .where(sql`keputusan is not null`),
  ],
);
