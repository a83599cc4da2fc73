import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  pgView,
  serial,
  time,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

export const perusahaan = pgTable('perusahaan', {
  kode_prsh: varchar('kode_prsh', { length: 4 }).primaryKey(),
  nama: varchar('nama', { length: 60 }).notNull(),
  /** Device-verified check-ins (decision 032): wajib flags an unsigned one, dicatat records it, nonaktif ignores. */
  device_policy: varchar('device_policy', { length: 8 }).notNull().default('wajib'),
});

export const salesOffice = pgTable('sales_office', {
  id: varchar('id', { length: 4 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  nama: varchar('nama', { length: 40 }).notNull(),
});

export const lokasi = pgTable(
  'lokasi',
  {
    id: varchar('id', { length: 10 }).primaryKey(),
    kode_prsh: varchar('kode_prsh', { length: 4 })
      .notNull()
      .references(() => perusahaan.kode_prsh),
    nama: varchar('nama', { length: 40 }).notNull(),
    alamat: varchar('alamat', { length: 255 }),
    /**
     * The location's IANA time zone: Asia/Jakarta (WIB), Asia/Makassar (WITA) or Asia/Jayapura (WIT).
     * An employee's attendance day and every displayed time follow it (src/domain/time-zone.ts).
     */
    time_zone: varchar('time_zone', { length: 32 }).notNull().default('Asia/Jakarta'),
  },
  (t) => [check('lokasi_time_zone_ck', sql`${t.time_zone} in ('Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura')`)],
);

export const client = pgTable('client', {
  id: varchar('id', { length: 10 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  nama: varchar('nama', { length: 40 }).notNull(),
});

export const jabatan = pgTable('jabatan', {
  id: varchar('id', { length: 10 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  nama: varchar('nama', { length: 40 }).notNull(),
});

export const departemen = pgTable('departemen', {
  id: varchar('id', { length: 10 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  nama: varchar('nama', { length: 40 }).notNull(),
});

export const divisi = pgTable('divisi', {
  id: varchar('id', { length: 10 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  nama: varchar('nama', { length: 40 }).notNull(),
});

/** Employee (SPG) type with its default allowances, in rupiah. */
export const karyawanType = pgTable('karyawan_type', {
  id: varchar('id', { length: 10 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  type: varchar('type', { length: 40 }).notNull(),
  tun_makan: integer('tun_makan').notNull().default(0),
  tun_bensin: integer('tun_bensin').notNull().default(0),
  tun_lain: integer('tun_lain').notNull().default(0),
});

export const umr = pgTable('umr', {
  id: varchar('id', { length: 10 }).primaryKey(),
  area: varchar('area', { length: 40 }).notNull(),
  tahun: integer('tahun').notNull(),
  umr: integer('umr').notNull(),
});

export const shift = pgTable('shift', {
  id: varchar('id', { length: 10 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  nama: varchar('nama', { length: 40 }).notNull(),
  jam_mulai: time('jam_mulai').notNull(),
  jam_selesai: time('jam_selesai').notNull(),
  ada_uang_shift: varchar('ada_uang_shift', { length: 1 }).notNull().default('T'),
  /** Minutes after jam_mulai a check-in is still on time ("Toleransi Terlambat"). */
  toleransi_terlambat: integer('toleransi_terlambat').notNull().default(5),
  /** Minutes before jam_selesai a check-out is still not early ("Toleransi Pulang Cepat"). */
  toleransi_pulang_cepat: integer('toleransi_pulang_cepat').notNull().default(5),
  /**
   * "Batas Check Out": the wall-clock time after which a day with a check-in and no check-out is marked
   * forgot_checkout. Read as the first such time after jam_selesai, so a limit past midnight falls on the
   * next day; null (a shift written without one) reads as jam_selesai + 2 h.
   */
  batas_check_out: time('batas_check_out'),
  /**
   * The first day the times above apply to ("Berlaku mulai", docs/decisions/045); null = since the shift
   * exists. The days before it keep the times they were judged by, kept in shift_riwayat.
   */
  berlaku_mulai: date('berlaku_mulai', { mode: 'string' }),
});

/**
 * The times a shift had before a change (docs/decisions/045): each row covers the days from berlaku_mulai
 * (null = since the shift exists) up to the day before berlaku_sampai. Together with the shift row (from
 * its berlaku_mulai on) the rows cover every day once; shift_masa reads them as one.
 */
export const shiftRiwayat = pgTable(
  'shift_riwayat',
  {
    id: serial('id').primaryKey(),
    shift_id: varchar('shift_id', { length: 10 })
      .notNull()
      .references(() => shift.id, { onDelete: 'cascade' }),
    berlaku_mulai: date('berlaku_mulai', { mode: 'string' }),
    berlaku_sampai: date('berlaku_sampai', { mode: 'string' }).notNull(),
    jam_mulai: time('jam_mulai').notNull(),
    jam_selesai: time('jam_selesai').notNull(),
    ada_uang_shift: varchar('ada_uang_shift', { length: 1 }).notNull(),
    toleransi_terlambat: integer('toleransi_terlambat').notNull(),
    toleransi_pulang_cepat: integer('toleransi_pulang_cepat').notNull(),
    batas_check_out: time('batas_check_out'),
    /** Who replaced these times, and when (the server's clock). */
    diganti_oleh: varchar('diganti_oleh', { length: 6 }).notNull(),
    diganti_pada: timestamp('diganti_pada', { withTimezone: true }).notNull(),
  },
  (t) => [index('shift_riwayat_shift_idx').on(t.shift_id, t.berlaku_sampai)],
);

/**
 * A shift's times by the days they apply to: one row per shift and span [berlaku_mulai, berlaku_sampai),
 * the spans of a shift partitioning the calendar. Whatever judges a day (lateness, early leave, worked
 * time, uang shift, Lupa Check Out) joins it on the day's shift and date instead of the shift itself:
 *   join shift_masa sh on sh.id = a.shift_id and sh.berlaku_mulai <= a.tanggal and a.tanggal < sh.berlaku_sampai
 * It is a union of two small tables, so the join stays a hash join, never a query per row.
 */
export const shiftMasa = pgView('shift_masa', {
  id: varchar('id', { length: 10 }).notNull(),
  kode_prsh: varchar('kode_prsh', { length: 4 }).notNull(),
  nama: varchar('nama', { length: 40 }).notNull(),
  berlaku_mulai: date('berlaku_mulai', { mode: 'string' }).notNull(),
  berlaku_sampai: date('berlaku_sampai', { mode: 'string' }).notNull(),
  jam_mulai: time('jam_mulai').notNull(),
  jam_selesai: time('jam_selesai').notNull(),
  ada_uang_shift: varchar('ada_uang_shift', { length: 1 }).notNull(),
  toleransi_terlambat: integer('toleransi_terlambat').notNull(),
  toleransi_pulang_cepat: integer('toleransi_pulang_cepat').notNull(),
  batas_check_out: time('batas_check_out'),
}).as(sql`
  select s.id, s.kode_prsh, s.nama, coalesce(s.berlaku_mulai, date '0001-01-01') as berlaku_mulai,
         date '9999-12-31' as berlaku_sampai, s.jam_mulai, s.jam_selesai, s.ada_uang_shift,
         s.toleransi_terlambat, s.toleransi_pulang_cepat, s.batas_check_out
    from shift s
  union all
  select s.id, s.kode_prsh, s.nama, coalesce(r.berlaku_mulai, date '0001-01-01'), r.berlaku_sampai,
         r.jam_mulai, r.jam_selesai, r.ada_uang_shift, r.toleransi_terlambat, r.toleransi_pulang_cepat,
         r.batas_check_out
    from shift_riwayat r join shift s on s.id = r.shift_id`);

export const keyAccount = pgTable('key_account', {
  id: varchar('id', { length: 10 }).primaryKey(),
  nama: varchar('nama', { length: 40 }).notNull(),
});

/** A payroll period, id YYYYMM; status true = posting enabled. */
export const period = pgTable('period', {
  id: varchar('id', { length: 6 }).primaryKey(),
  kode_prsh: varchar('kode_prsh', { length: 4 })
    .notNull()
    .references(() => perusahaan.kode_prsh),
  mulai: date('mulai', { mode: 'string' }).notNull(),
  akhir: date('akhir', { mode: 'string' }).notNull(),
  jum_hk: integer('jum_hk').notNull(),
  status: boolean('status').notNull().default(false),
});

export const statusAbsensi = pgTable('status_absensi', {
  id: varchar('id', { length: 4 }).primaryKey(),
  nama: varchar('nama', { length: 40 }).notNull(),
});
