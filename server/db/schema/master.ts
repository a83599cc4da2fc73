import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, time, varchar } from 'drizzle-orm/pg-core';

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
});

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
