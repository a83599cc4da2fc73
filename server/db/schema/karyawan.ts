import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { client, departemen, divisi, jabatan, karyawanType, lokasi, perusahaan, salesOffice, umr } from './master';
import { routeList, store } from './store';

/** An employee (karyawan), keyed by NRP; fields as spec part 1 §3. */
export const karyawan = pgTable(
  'karyawan',
  {
    nrp: varchar('nrp', { length: 12 }).primaryKey(),
    // Personal
    nama: varchar('nama', { length: 40 }).notNull(),
    jenis_kelamin: varchar('jenis_kelamin', { length: 1 }).notNull(),
    nik: varchar('nik', { length: 18 }),
    tempat_lahir: varchar('tempat_lahir', { length: 40 }),
    tgl_lahir: date('tgl_lahir', { mode: 'string' }),
    alamat1: varchar('alamat1', { length: 40 }),
    alamat2: varchar('alamat2', { length: 40 }),
    kode_pos: varchar('kode_pos', { length: 5 }),
    email: varchar('email', { length: 40 }),
    telp_hp: varchar('telp_hp', { length: 15 }),
    status_kel: varchar('status_kel', { length: 1 }).notNull().default('T'),
    jumlah_anak: integer('jumlah_anak').notNull().default(0),
    agama_id: integer('agama_id'),
    pendidikan_id: integer('pendidikan_id'),
    foto_kar: varchar('foto_kar', { length: 120 }),
    foto_ktp: varchar('foto_ktp', { length: 120 }),
    // Work
    kode_prsh: varchar('kode_prsh', { length: 4 })
      .notNull()
      .references(() => perusahaan.kode_prsh),
    kode_lokasi: varchar('kode_lokasi', { length: 10 })
      .notNull()
      .references(() => lokasi.id),
    status: integer('status').notNull().default(2),
    jobclass: integer('jobclass'),
    rek_bca: varchar('rek_bca', { length: 12 }),
    tgl_awkerja: date('tgl_awkerja', { mode: 'string' }),
    type_spg_id: varchar('type_spg_id', { length: 10 })
      .notNull()
      .references(() => karyawanType.id),
    jabatan_id: varchar('jabatan_id', { length: 10 }).references(() => jabatan.id),
    departemen_id: varchar('departemen_id', { length: 10 })
      .notNull()
      .references(() => departemen.id),
    divisi_id: varchar('divisi_id', { length: 10 }).references(() => divisi.id),
    client_id: varchar('client_id', { length: 10 }).references(() => client.id),
    cust_code: varchar('cust_code', { length: 20 }).references(() => store.cust_code),
    sales_office_id: varchar('sales_office_id', { length: 4 }).references(() => salesOffice.id),
    route_list_id: varchar('route_list_id', { length: 5 }).references(() => routeList.id),
    pin: varchar('pin', { length: 20 }),
    /** The team leader who decides this employee's leave first (spec part 2 §2.9). */
    team_leader_nrp: varchar('team_leader_nrp', { length: 12 }),
    // Tax
    npwp: varchar('npwp', { length: 20 }),
    tgl_npwp: date('tgl_npwp', { mode: 'string' }),
    tgl_pph: date('tgl_pph', { mode: 'string' }),
    // BPJS and insurance flags
    bpjs_kes: varchar('bpjs_kes', { length: 1 }).notNull().default('Y'),
    ka_bpjs_kes: varchar('ka_bpjs_kes', { length: 20 }),
    ka_bpjs_tk: varchar('ka_bpjs_tk', { length: 20 }),
    bopk: varchar('bopk', { length: 1 }).notNull().default('T'),
    bp: varchar('bp', { length: 1 }).notNull().default('T'),
    inhealth: varchar('inhealth', { length: 1 }).notNull().default('T'),
    tg: varchar('tg', { length: 1 }).notNull().default('T'),
    jum_inhealth: integer('jum_inhealth').notNull().default(0),
    // Salary, rupiah
    kode_umr: varchar('kode_umr', { length: 10 })
      .notNull()
      .references(() => umr.id),
    gapok: integer('gapok').notNull().default(0),
    tun_makan: integer('tun_makan').notNull().default(0),
    tun_bensin: integer('tun_bensin').notNull().default(0),
    tun_lain: integer('tun_lain').notNull().default(0),
    // Current contract (mirrors the latest kontrak row)
    sts_kontrak: varchar('sts_kontrak', { length: 1 }).notNull().default('B'),
    per_kontrak: integer('per_kontrak').notNull().default(1),
    lama_kontrak: integer('lama_kontrak'),
    mulai_kontrak: date('mulai_kontrak', { mode: 'string' }),
    selesai_kontrak: date('selesai_kontrak', { mode: 'string' }),
    no_kontrak: varchar('no_kontrak', { length: 40 }),
    // Resignation (P3)
    tgl_p3: date('tgl_p3', { mode: 'string' }),
    no_pb: varchar('no_pb', { length: 40 }),
    alasan_p3: integer('alasan_p3'),
    /** Discretionary amount (rupiah) and how it was reached; docs/decisions/007-employee-lifecycle.md. */
    u_kebijaksanaan: integer('u_kebijaksanaan'),
    u_kebijaksanaan_desc: varchar('u_kebijaksanaan_desc', { length: 255 }),
    u_cuti: integer('u_cuti'),
    u_potongan: integer('u_potongan'),
    u_lumpdrop: integer('u_lumpdrop'),
    /** Date of the handover record (berita acara serah terima). */
    tgl_bast: date('tgl_bast', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's search reads (docs/decisions/008): NRP and name in lower case, apart by a line
     * break no search box can hold. `LIKE` on it is ~4× cheaper than `ILIKE` on both columns, and the
     * indexes below carry it, so even a one-letter search counts from an index. Never written.
     */
    cari: text('cari').generatedAlwaysAs(sql`lower(nrp || E'\\n' || nama)`),
  },
  (t) => [
    index('karyawan_lokasi_idx').on(t.kode_lokasi),
    index('karyawan_selesai_kontrak_idx').on(t.selesai_kontrak),
    index('karyawan_team_leader_idx').on(t.team_leader_nrp),
    // The lists at 100,000 employees (docs/decisions/008, bench/karyawan-list.ts): the active list's
    // count, search and NRP order from a small index, the type and sales office orders per group,
    // its other sortable columns, the resigned list's date order. The trigram index of the search is
    // created by migration 0007 only where pg_trgm exists.
    index('karyawan_active_nrp_cari_idx')
      .on(t.nrp, t.cari)
      .where(sql`alasan_p3 is null`),
    index('karyawan_active_type_idx')
      .on(t.type_spg_id, t.nrp, t.cari)
      .where(sql`alasan_p3 is null`),
    index('karyawan_active_sales_office_idx')
      .on(t.sales_office_id, t.nrp, t.cari)
      .where(sql`alasan_p3 is null`),
    index('karyawan_active_nama_idx')
      .on(t.nama)
      .where(sql`alasan_p3 is null`),
    index('karyawan_active_hp_idx')
      .on(t.telp_hp, t.nrp)
      .where(sql`alasan_p3 is null`),
    index('karyawan_active_per_kontrak_idx')
      .on(t.per_kontrak, t.nrp)
      .where(sql`alasan_p3 is null`),
    index('karyawan_active_mulai_kontrak_idx')
      .on(t.mulai_kontrak, t.nrp)
      .where(sql`alasan_p3 is null`),
    // The dashboard (docs/decisions/023-dashboard.md): every active employee's location, the columns of
    // the trustee scope and her name, read from the index alone when a day's 10,000 positions or
    // 90,000 plans are matched to their employees.
    index('karyawan_active_dashboard_idx')
      .on(
        t.kode_lokasi,
        t.nrp,
        t.kode_prsh,
        t.sales_office_id,
        t.client_id,
        t.jabatan_id,
        t.type_spg_id,
        t.nama,
        t.cari,
      )
      .where(sql`alasan_p3 is null`),
    // The dashboard for the whole company (issue 42): every active employee's location in NRP order,
    // narrow enough that 95,000 of them are read in a few milliseconds and merged with a day's plan days
    // (kunjungan_hari) without a sort (the index above carries names, per location).
    index('karyawan_active_lokasi_idx')
      .on(t.nrp, t.kode_lokasi)
      .where(sql`alasan_p3 is null`),
    index('karyawan_resigned_idx')
      .on(t.tgl_p3, t.nrp)
      .where(sql`alasan_p3 is not null`),
    // A photo is served to those who may see its record: found by its name (server/modules/files).
    index('karyawan_foto_kar_idx')
      .on(t.foto_kar)
      .where(sql`foto_kar is not null`),
    index('karyawan_foto_ktp_idx')
      .on(t.foto_ktp)
      .where(sql`foto_ktp is not null`),
  ],
);

export const kontrak = pgTable(
  'kontrak',
  {
    no_kontrak: varchar('no_kontrak', { length: 40 }).primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp, { onDelete: 'cascade' }),
    per_kontrak: integer('per_kontrak').notNull(),
    lama_kontrak: integer('lama_kontrak').notNull(),
    mulai_kontrak: date('mulai_kontrak', { mode: 'string' }).notNull(),
    selesai_kontrak: date('selesai_kontrak', { mode: 'string' }).notNull(),
    sts_kontrak: varchar('sts_kontrak', { length: 1 }).notNull().default('B'),
  },
  (t) => [index('kontrak_nrp_idx').on(t.nrp)],
);

/**
 * A payroll posting item (spec part 1 §3 "Posting item"): P1 new employee, P2 data change, P3 resign.
 * open (no date_posting) → posted (HR released it) → completed (taken by the payroll export).
 */
export const karyawanPosting = pgTable(
  'karyawan_posting',
  {
    id: serial('id').primaryKey(),
    nrp: varchar('nrp', { length: 12 })
      .notNull()
      .references(() => karyawan.nrp, { onDelete: 'cascade' }),
    nama: varchar('nama', { length: 40 }).notNull(),
    jenis_trn: varchar('jenis_trn', { length: 2 }).notNull(),
    alasan_p3: integer('alasan_p3'),
    /** P2: the tabs whose data changed, comma-separated. */
    keterangan: varchar('keterangan', { length: 255 }),
    tgl_jam_trn: timestamp('tgl_jam_trn', { withTimezone: true, precision: 3 }).notNull(),
    created_by: varchar('created_by', { length: 6 }),
    date_posting: timestamp('date_posting', { withTimezone: true, precision: 3 }),
    posted_by: varchar('posted_by', { length: 6 }),
    date_completed: timestamp('date_completed', { withTimezone: true, precision: 3 }),
    completed_by: varchar('completed_by', { length: 6 }),
  },
  (t) => [
    unique('karyawan_posting_key_uq').on(t.nrp, t.jenis_trn, t.tgl_jam_trn),
    index('karyawan_posting_status_idx').on(t.date_posting, t.date_completed),
  ],
);
