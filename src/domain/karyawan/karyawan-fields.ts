/**
 * The fields of the employee record (spec part 1 §3, §5) as the employee form, the create and update
 * bodies and the upload sheet carry them, with the texts of the employee area. Text fields are built on
 * the input primitives (./primitives.ts): a NUL or another control character is refused with an
 * Indonesian message before anything reaches SQL. ./karyawan.ts assembles the bodies from these;
 * ./karyawan-lifecycle.ts reuses the builders for renewal, resignation and posting.
 */
import * as v from 'valibot';
import { AGAMA, LAMA_KONTRAK, PENDIDIKAN } from '../enums';
import { KARYAWAN_QUERY_MESSAGES } from './karyawan-search';
import { isCalendarDate, text } from '../primitives';

export const KARYAWAN_MESSAGES = {
  namaRequired: 'Nama harus diisi',
  namaMax: 'Nama maksimal 40 karakter',
  jenisKelaminRequired: 'Jenis Kelamin harus diisi',
  jumlahAnakRequired: 'Jumlah Anak harus diisi',
  jumlahAnak: 'Jumlah Anak harus angka 0 atau lebih',
  kodePrshRequired: 'Kode Perusahaan harus diisi',
  kodeLokasiRequired: 'Kode Lokasi harus diisi',
  tipeRequired: 'Tipe harus diisi',
  departemenRequired: 'Departemen harus diisi',
  kodeUmrRequired: 'Kode UMR harus diisi',
  gapokRequired: 'Gaji Pokok harus diisi',
  lamaKontrakRequired: 'Lama Kontrak harus diisi',
  lamaKontrak: 'Lama Kontrak harus 1, 3, 6, 9 atau 12 bulan',
  mulaiKontrakRequired: 'Mulai Kontrak harus diisi',
  nikMax: 'NIK maksimal 18 karakter',
  alamatMax: 'Alamat maksimal 40 karakter',
  tempatLahirMax: 'Tempat Lahir maksimal 40 karakter',
  kodePosMax: 'Kode Pos maksimal 5 karakter',
  kodePosFormat: 'Kode Pos hanya boleh berisi angka',
  emailMax: 'Email maksimal 40 karakter',
  emailFormat: 'Format email tidak valid',
  hpMax: 'Nomor HP maksimal 15 karakter',
  hpFormat: 'Nomor HP hanya boleh berisi angka, spasi, + atau -',
  rekBcaMax: 'Rekening BCA maksimal 12 karakter',
  rekBcaFormat: 'Rekening BCA hanya boleh berisi angka',
  pinMax: 'PIN maksimal 20 karakter',
  teamLeaderFormat: 'NRP Team Leader tidak valid',
  jobclass: 'Job Class harus angka 10 sampai 38',
  npwp: 'NPWP harus berformat 99.999.999.9-999.999',
  kartuMax: 'Nomor kartu maksimal 20 karakter',
  date: 'Tanggal harus berformat YYYY-MM-DD',
  rupiah: 'Nominal harus bilangan bulat 0 atau lebih',
  choice: 'Pilihan tidak valid',
  code: 'Kode tidak valid',
  gajiFormat: 'Format gaji tidak valid (JSON)',
  // Resign dialog (spec §5 "Resign dialog"; the two date texts are ours)
  alasanRequired: 'Alasan harus diisi',
  karyawanRequired: 'Karyawan harus diisi',
  kebijaksanaanRequired: 'Uang kebijaksanaan harus diisi',
  tglP3Required: 'Tanggal resign harus diisi',
  tglBastRequired: 'Tanggal BAST harus diisi',
  descMax: 'Keterangan maksimal 255 karakter',
  // Renew dialog
  perKontrak: 'Kontrak ke- harus kontrak berikutnya',
  mulaiRenew: 'Mulai kontrak baru harus sehari setelah kontrak sekarang berakhir',
  selesaiKontrak: 'Selesai kontrak harus mulai + lama kontrak − 1 hari',
  statusKontrak: 'Status kontrak harus B',
  // Lists and addresses
  sort: KARYAWAN_QUERY_MESSAGES.sort,
  resignedFilter: "resigned harus '0' atau '1'",
  postingStatus: 'Status harus open, posted atau completed',
  postingExportStatus: 'Hanya data berstatus posted yang dapat diekspor ke payroll',
  jenisTrn: 'Jenis transaksi harus P1, P2 atau P3',
  postingBody: 'Data posting harus satu item atau daftar item',
  tglJamTrn: 'Waktu transaksi harus ISO 8601',
  notFound: 'Karyawan tidak ditemukan',
  kontrakNotFound: 'Kontrak tidak ditemukan',
  pbNotFound: 'Perjanjian bersama tidak ditemukan',
} as const;

/** An NRP: a short code (the seed's are 8 digits; an upload may bring letters, dots, dashes). */
export const NRP_PATTERN = /^[A-Za-z0-9._-]{1,12}$/;

// ---------------------------------------------------------------- field builders

/** Optional text: '' or null clears it (null), longer than `max` fails with `message`. */
export const optionalText = (max: number, message: string, format?: [RegExp, string]) =>
  v.pipe(
    v.optional(v.nullable(text(max, { tooLong: message, notText: message })), null),
    v.transform((s): string | null => s || null),
    v.check((s) => s === null || !format || format[0].test(s), format?.[1] ?? message),
  );

/** A required text: the field's own message when blank or missing. */
export const requiredText = (message: string, max: number, maxMessage: string) =>
  v.pipe(
    v.optional(v.nullable(text(max, { tooLong: maxMessage, notText: message })), ''),
    v.transform((s) => s ?? ''),
    v.nonEmpty(message),
  );

/** A required code of a master list (letters, digits, '.', '_', '-'). */
const requiredCode = (message: string, max = 10) =>
  v.pipe(
    requiredText(message, max, KARYAWAN_MESSAGES.code),
    v.check((s) => s === '' || /^[A-Za-z0-9._-]+$/.test(s), KARYAWAN_MESSAGES.code),
  );

const optionalCode = (max = 20) =>
  optionalText(max, KARYAWAN_MESSAGES.code, [/^[A-Za-z0-9._-]+$/, KARYAWAN_MESSAGES.code]);

export const optionalDate = v.pipe(
  v.optional(v.nullable(v.string(KARYAWAN_MESSAGES.date)), null),
  v.transform((s) => s?.trim() || null),
  v.check((s) => s === null || isCalendarDate(s), KARYAWAN_MESSAGES.date),
);

export const requiredDate = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((s) => s?.trim() ?? ''),
    v.nonEmpty(message),
    v.check((s) => s === '' || isCalendarDate(s), KARYAWAN_MESSAGES.date),
  );

/**
 * A whole number from JSON (a number) or from a form field (a string; "25.000" reads as 25000).
 * Blank is null; `required` turns blank into the field's message. Numbers beyond `max` (1e308,
 * 2^53 + 1) are refused here, never handed to the database.
 */
export const wholeNumber = (message: string, min: number, max: number, required?: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], message)), null),
    v.transform((x): number | null => {
      if (x === null) return null;
      if (typeof x === 'number') return x;
      const s = x.trim();
      if (s === '') return null;
      return /^\d+$/.test(s) || /^\d{1,3}(\.\d{3})+$/.test(s) ? Number(s.replace(/\./g, '')) : NaN;
    }),
    v.check((n) => n !== null || !required, required ?? message),
    v.check((n) => n === null || (Number.isInteger(n) && n >= min && n <= max), message),
  );

/** A required field's output: its checks already refused null. */
export const present = <TIn, TOut>(schema: v.GenericSchema<TIn, TOut | null>) =>
  v.pipe(
    schema,
    v.transform((x) => x as TOut),
  );

export const MAX_RUPIAH = 2_000_000_000;
export const rupiahAmount = (required?: string) => wholeNumber(KARYAWAN_MESSAGES.rupiah, 0, MAX_RUPIAH, required);

export const choice = <T extends string>(options: readonly T[], required?: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()])), null),
    v.transform((x) => (x === null || x === '' ? null : String(x).trim())),
    v.check((s) => s !== null || !required, required ?? KARYAWAN_MESSAGES.choice),
    v.check((s) => s === null || (options as readonly string[]).includes(s), required ?? KARYAWAN_MESSAGES.choice),
  );

const codeChoice = (map: Readonly<Record<number, string>>) =>
  v.pipe(
    choice(Object.keys(map)),
    v.transform((s) => (s === null ? null : Number(s))),
  );

/**
 * A field rule fed the text a form input holds; a field the form does not hold reads as blank. The rule
 * itself accepts more (JSON numbers, null), which is why valibot's types need telling that text is a
 * fine input for it.
 */
export const formText = <S extends v.GenericSchema>(rule: S) =>
  v.optional(v.pipe(v.string(), rule as unknown as v.GenericSchema<string, v.InferOutput<S>, v.InferIssue<S>>), '');

export const NPWP_PATTERN = /^\d{2}\.\d{3}\.\d{3}\.\d-\d{3}\.\d{3}$/;

const YT = ['Y', 'T'] as const;

/** Every editable field of the employee form, as the body carries it (gaji apart). */
export const fieldEntries = {
  // Personal
  nama: requiredText(KARYAWAN_MESSAGES.namaRequired, 40, KARYAWAN_MESSAGES.namaMax),
  jenis_kelamin: present(choice(['L', 'P'], KARYAWAN_MESSAGES.jenisKelaminRequired)),
  nik: optionalText(18, KARYAWAN_MESSAGES.nikMax),
  tempat_lahir: optionalText(40, KARYAWAN_MESSAGES.tempatLahirMax),
  tgl_lahir: optionalDate,
  alamat1: optionalText(40, KARYAWAN_MESSAGES.alamatMax),
  alamat2: optionalText(40, KARYAWAN_MESSAGES.alamatMax),
  kode_pos: optionalText(5, KARYAWAN_MESSAGES.kodePosMax, [/^\d+$/, KARYAWAN_MESSAGES.kodePosFormat]),
  email: optionalText(40, KARYAWAN_MESSAGES.emailMax, [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, KARYAWAN_MESSAGES.emailFormat]),
  telp_hp: optionalText(15, KARYAWAN_MESSAGES.hpMax, [/^[0-9+\- ]+$/, KARYAWAN_MESSAGES.hpFormat]),
  status_kel: choice(['T', 'K', 'D', 'J']),
  jumlah_anak: present(wholeNumber(KARYAWAN_MESSAGES.jumlahAnak, 0, 99, KARYAWAN_MESSAGES.jumlahAnakRequired)),
  agama_id: codeChoice(AGAMA),
  pendidikan_id: codeChoice(PENDIDIKAN),
  // Pegawai (work)
  kode_prsh: requiredCode(KARYAWAN_MESSAGES.kodePrshRequired, 4),
  kode_lokasi: requiredCode(KARYAWAN_MESSAGES.kodeLokasiRequired),
  jobclass: wholeNumber(KARYAWAN_MESSAGES.jobclass, 10, 38),
  rek_bca: optionalText(12, KARYAWAN_MESSAGES.rekBcaMax, [/^\d+$/, KARYAWAN_MESSAGES.rekBcaFormat]),
  tgl_awkerja: optionalDate,
  type_spg_id: requiredCode(KARYAWAN_MESSAGES.tipeRequired),
  jabatan_id: optionalCode(10),
  departemen_id: requiredCode(KARYAWAN_MESSAGES.departemenRequired),
  divisi_id: optionalCode(10),
  client_id: optionalCode(10),
  cust_code: optionalCode(20),
  sales_office_id: optionalCode(4),
  route_list_id: optionalCode(5),
  pin: optionalText(20, KARYAWAN_MESSAGES.pinMax),
  /** Who decides her leave and corrections first: an active employee other than herself (docs/decisions/043). */
  team_leader_nrp: optionalText(12, KARYAWAN_MESSAGES.teamLeaderFormat, [NRP_PATTERN, KARYAWAN_MESSAGES.teamLeaderFormat]),
  // Pajak (tax)
  npwp: optionalText(20, KARYAWAN_MESSAGES.npwp, [NPWP_PATTERN, KARYAWAN_MESSAGES.npwp]),
  tgl_npwp: optionalDate,
  tgl_pph: optionalDate,
  // BPJS and insurance flags
  bpjs_kes: choice(YT),
  ka_bpjs_kes: optionalText(20, KARYAWAN_MESSAGES.kartuMax),
  ka_bpjs_tk: optionalText(20, KARYAWAN_MESSAGES.kartuMax),
  bopk: choice(YT),
  bp: choice(YT),
  inhealth: choice(YT),
  tg: choice(YT),
  jum_inhealth: wholeNumber(KARYAWAN_MESSAGES.jumlahAnak, 0, 99),
  // Kontrak (the latest contract)
  lama_kontrak: v.pipe(
    choice(
      LAMA_KONTRAK.map((n) => String(n)),
      KARYAWAN_MESSAGES.lamaKontrakRequired,
    ),
    v.transform((s) => Number(s)),
  ),
  mulai_kontrak: requiredDate(KARYAWAN_MESSAGES.mulaiKontrakRequired),
  // Gaji (the salary group; gaji itself is the JSON object below)
  kode_umr: requiredCode(KARYAWAN_MESSAGES.kodeUmrRequired),
};

export type KaryawanField = keyof typeof fieldEntries;

/** The four amounts of the salary, as a body carries them. */
export const GajiSchema = v.object(
  {
    gapok: present(rupiahAmount(KARYAWAN_MESSAGES.gapokRequired)),
    tun_makan: rupiahAmount(),
    tun_bensin: rupiahAmount(),
    tun_lain: rupiahAmount(),
  },
  KARYAWAN_MESSAGES.gajiFormat,
);
export type Gaji = v.InferOutput<typeof GajiSchema>;

/** gaji arrives as JSON text in a multipart body (spec §7) and as an object in JSON. */
export const gajiEntry = v.pipe(
  v.union([v.string(), v.looseObject({})], KARYAWAN_MESSAGES.gajiFormat),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (typeof dataset.value !== 'string') return dataset.value;
    try {
      return JSON.parse(dataset.value) as unknown;
    } catch {
      addIssue({ message: KARYAWAN_MESSAGES.gajiFormat });
      return NEVER;
    }
  }),
  GajiSchema,
);
