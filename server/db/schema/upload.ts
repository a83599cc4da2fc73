import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One refused row of an upload: its sheet row, the NRP as written and the reason; `values`: the row's
 * cells as read (by column key), for the download of the refused rows.
 */
export interface UploadFailureRecord {
  baris: number;
  nrp: string;
  alasan: string;
  values?: Record<string, string | null>;
}

/**
 * The history of Excel uploads (spec part 1 §3 "Upload log row", part 2 §2.7): one row per processed
 * file, written in the same transaction as the rows it saved. `jenis` tells the uploads apart
 * (karyawan now; absensi, store and route list can log here too).
 */
export const uploadLog = pgTable(
  'upload_log',
  {
    id: serial('id').primaryKey(),
    jenis: varchar('jenis', { length: 20 }).notNull(),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    tanggal: timestamp('tanggal', { withTimezone: true, precision: 3 }).notNull(),
    /** Sukses | Sebagian | Gagal */
    status: varchar('status', { length: 10 }).notNull(),
    keterangan: varchar('keterangan', { length: 255 }).notNull(),
    jumlah_baris: integer('jumlah_baris').notNull(),
    jumlah_gagal: integer('jumlah_gagal').notNull(),
    /** Every refused row, in sheet order. */
    nrp_gagal: jsonb('nrp_gagal').$type<UploadFailureRecord[]>().notNull().default([]),
    /** The uploader's userid; their name is read from users when listed. */
    upload_by: varchar('upload_by', { length: 6 }).notNull(),
  },
  (t) => [index('upload_log_jenis_tanggal_idx').on(t.jenis, t.tanggal)],
);
