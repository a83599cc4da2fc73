/**
 * The employee (karyawan) record of spec part 1 §3, §5: the one set of valibot schemas that checks the
 * employee form and the server's create and update bodies, with the field schemas they are built from
 * (also used by ./karyawan-lifecycle.ts: renewal, resignation, posting); the tabs and the permission
 * that edits each; the list's sort and filters; the answers' types; the texts of this area.
 * docs/decisions/007-employee-lifecycle.md explains them.
 */
import dayjs from 'dayjs';
import * as v from 'valibot';
import { DATE_FORMAT } from './dates';
import { AGAMA, ALASAN_P3, LAMA_KONTRAK, PENDIDIKAN } from './enums';
import type { Permission } from './permissions';

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
  // Lists
  sort: 'Urutan tidak valid',
  resignedFilter: "resigned harus '0' atau '1'",
  postingStatus: 'Status harus open, posted atau completed',
  jenisTrn: 'Jenis transaksi harus P1, P2 atau P3',
  tglJamTrn: 'Waktu transaksi harus ISO 8601',
} as const;

/** The spec's refusal (§8), verbatim. */
export const deleteHasVisitsMessage = (nrp: string, nama: string) =>
  `Tidak bisa menghapus karyawan ${nrp} - ${nama}. Karyawan sudah memiliki kunjungan. Mohon hapus kunjungan terlebih dahulu.`;

// ---------------------------------------------------------------- field schemas

const isoDateString = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s).format(DATE_FORMAT) === s;

/** Optional text: '' or null clears it (null), longer than `max` fails with `message`. */
export const text = (max: number, message: string, format?: [RegExp, string]) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), null),
    v.transform((s): string | null => s?.trim() || null),
    v.check((s) => s === null || s.length <= max, message),
    v.check((s) => s === null || !format || format[0].test(s), format?.[1] ?? message),
  );

/** A required text: the field's own message when blank or missing. */
export const requiredText = (message: string, max: number, maxMessage: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((s) => s?.trim() ?? ''),
    v.nonEmpty(message),
    v.check((s) => s.length <= max, maxMessage),
  );

/** A required code of a master list (letters, digits, '.', '_', '-'). */
const requiredCode = (message: string, max = 10) =>
  v.pipe(
    requiredText(message, max, KARYAWAN_MESSAGES.code),
    v.check((s) => s === '' || /^[A-Za-z0-9._-]+$/.test(s), KARYAWAN_MESSAGES.code),
  );

const optionalCode = (max = 20) => text(max, KARYAWAN_MESSAGES.code, [/^[A-Za-z0-9._-]+$/, KARYAWAN_MESSAGES.code]);

export const optionalDate = v.pipe(
  v.optional(v.nullable(v.string(KARYAWAN_MESSAGES.date)), null),
  v.transform((s) => s?.trim() || null),
  v.check((s) => s === null || isoDateString(s), KARYAWAN_MESSAGES.date),
);

export const requiredDate = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), ''),
    v.transform((s) => s?.trim() ?? ''),
    v.nonEmpty(message),
    v.check((s) => s === '' || isoDateString(s), KARYAWAN_MESSAGES.date),
  );

/**
 * A whole number from JSON (a number) or from a form field (a string; "25.000" reads as 25000).
 * Blank is null; `required` turns blank into the field's message.
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
const rupiah = (required?: string) => wholeNumber(KARYAWAN_MESSAGES.rupiah, 0, MAX_RUPIAH, required);

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

/** Keeps the letters that may stand in an NPWP and groups them as 99.999.999.9-999.999 while typing. */
export function maskNpwp(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 15);
  const parts: [number, string][] = [
    [2, '.'],
    [5, '.'],
    [8, '.'],
    [9, '-'],
    [12, '.'],
  ];
  let out = '';
  for (let i = 0; i < d.length; i++) {
    const sep = parts.find(([at]) => at === i);
    if (sep) out += sep[1];
    out += d[i];
  }
  return out;
}

export const NPWP_PATTERN = /^\d{2}\.\d{3}\.\d{3}\.\d-\d{3}\.\d{3}$/;

const YT = ['Y', 'T'] as const;

/** Every editable field of the employee form, as the body carries it (gaji apart). Exported for the renew body. */
export const fieldEntries = {
  // Personal
  nama: requiredText(KARYAWAN_MESSAGES.namaRequired, 40, KARYAWAN_MESSAGES.namaMax),
  jenis_kelamin: present(choice(['L', 'P'], KARYAWAN_MESSAGES.jenisKelaminRequired)),
  nik: text(18, KARYAWAN_MESSAGES.nikMax),
  tempat_lahir: text(40, KARYAWAN_MESSAGES.tempatLahirMax),
  tgl_lahir: optionalDate,
  alamat1: text(40, KARYAWAN_MESSAGES.alamatMax),
  alamat2: text(40, KARYAWAN_MESSAGES.alamatMax),
  kode_pos: text(5, KARYAWAN_MESSAGES.kodePosMax, [/^\d+$/, KARYAWAN_MESSAGES.kodePosFormat]),
  email: text(40, KARYAWAN_MESSAGES.emailMax, [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, KARYAWAN_MESSAGES.emailFormat]),
  telp_hp: text(15, KARYAWAN_MESSAGES.hpMax, [/^[0-9+\- ]+$/, KARYAWAN_MESSAGES.hpFormat]),
  status_kel: choice(['T', 'K', 'D', 'J']),
  jumlah_anak: present(wholeNumber(KARYAWAN_MESSAGES.jumlahAnak, 0, 99, KARYAWAN_MESSAGES.jumlahAnakRequired)),
  agama_id: codeChoice(AGAMA),
  pendidikan_id: codeChoice(PENDIDIKAN),
  // Pegawai (work)
  kode_prsh: requiredCode(KARYAWAN_MESSAGES.kodePrshRequired, 4),
  kode_lokasi: requiredCode(KARYAWAN_MESSAGES.kodeLokasiRequired),
  jobclass: wholeNumber(KARYAWAN_MESSAGES.jobclass, 10, 38),
  rek_bca: text(12, KARYAWAN_MESSAGES.rekBcaMax, [/^\d+$/, KARYAWAN_MESSAGES.rekBcaFormat]),
  tgl_awkerja: optionalDate,
  type_spg_id: requiredCode(KARYAWAN_MESSAGES.tipeRequired),
  jabatan_id: optionalCode(10),
  departemen_id: requiredCode(KARYAWAN_MESSAGES.departemenRequired),
  divisi_id: optionalCode(10),
  client_id: optionalCode(10),
  cust_code: optionalCode(20),
  sales_office_id: optionalCode(4),
  route_list_id: optionalCode(5),
  pin: text(20, KARYAWAN_MESSAGES.pinMax),
  // Pajak (tax)
  npwp: text(20, KARYAWAN_MESSAGES.npwp, [NPWP_PATTERN, KARYAWAN_MESSAGES.npwp]),
  tgl_npwp: optionalDate,
  tgl_pph: optionalDate,
  // BPJS and insurance flags
  bpjs_kes: choice(YT),
  ka_bpjs_kes: text(20, KARYAWAN_MESSAGES.kartuMax),
  ka_bpjs_tk: text(20, KARYAWAN_MESSAGES.kartuMax),
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

export const GajiSchema = v.object(
  {
    gapok: present(rupiah(KARYAWAN_MESSAGES.gapokRequired)),
    tun_makan: rupiah(),
    tun_bensin: rupiah(),
    tun_lain: rupiah(),
  },
  KARYAWAN_MESSAGES.gajiFormat,
);
export type Gaji = v.InferOutput<typeof GajiSchema>;

/** gaji arrives as JSON text in a multipart body (spec §7) and as an object in JSON. */
const gajiEntry = v.pipe(
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

const emptyGaji = () => ({ gapok: '', tun_makan: null, tun_bensin: null, tun_lain: null });

/** POST /api/karyawan: every required field of §5, the new-employee defaults of §3 for the rest. */
export const KaryawanCreateSchema = v.object({
  ...fieldEntries,
  status_kel: v.pipe(
    fieldEntries.status_kel,
    v.transform((s) => s ?? 'T'),
  ),
  bpjs_kes: v.pipe(
    fieldEntries.bpjs_kes,
    v.transform((s) => s ?? 'Y'),
  ),
  bopk: v.pipe(
    fieldEntries.bopk,
    v.transform((s) => s ?? 'T'),
  ),
  bp: v.pipe(
    fieldEntries.bp,
    v.transform((s) => s ?? 'T'),
  ),
  inhealth: v.pipe(
    fieldEntries.inhealth,
    v.transform((s) => s ?? 'T'),
  ),
  tg: v.pipe(
    fieldEntries.tg,
    v.transform((s) => s ?? 'T'),
  ),
  jum_inhealth: v.pipe(
    fieldEntries.jum_inhealth,
    v.transform((n) => n ?? 0),
  ),
  gaji: v.optional(gajiEntry, emptyGaji),
});
export type KaryawanCreateInput = v.InferInput<typeof KaryawanCreateSchema>;
export type KaryawanCreate = v.InferOutput<typeof KaryawanCreateSchema>;

/**
 * PUT /api/karyawan/{id}: the same fields, each optional — a field left out stays as it is, a field
 * sent blank is cleared (and a required one answers its message).
 */
export const KaryawanUpdateSchema = v.object({
  ...(Object.fromEntries(Object.entries(fieldEntries).map(([k, s]) => [k, v.optional(s)])) as {
    [K in KaryawanField]: v.OptionalSchema<(typeof fieldEntries)[K], undefined>;
  }),
  gaji: v.optional(gajiEntry),
});
export type KaryawanUpdateInput = v.InferInput<typeof KaryawanUpdateSchema>;
export type KaryawanUpdate = v.InferOutput<typeof KaryawanUpdateSchema>;

// ---------------------------------------------------------------- tabs and their edit rights

export const KARYAWAN_TABS = ['personal', 'pegawai', 'pajak', 'bpjs', 'kontrak', 'gaji'] as const;
export type KaryawanTab = (typeof KARYAWAN_TABS)[number];

export const KARYAWAN_TAB_LABELS: Record<KaryawanTab, string> = {
  personal: 'Personal',
  pegawai: 'Pegawai',
  pajak: 'Pajak',
  bpjs: 'BPJS',
  kontrak: 'Kontrak',
  gaji: 'Gaji & Tunjangan',
};

/** Which fields each tab holds; the photos belong to Personal, gaji's four amounts to Gaji. */
export const KARYAWAN_TAB_FIELDS: Record<KaryawanTab, readonly string[]> = {
  personal: [
    'nama',
    'jenis_kelamin',
    'nik',
    'tempat_lahir',
    'tgl_lahir',
    'alamat1',
    'alamat2',
    'kode_pos',
    'email',
    'telp_hp',
    'status_kel',
    'jumlah_anak',
    'agama_id',
    'pendidikan_id',
    'foto_kar',
    'foto_ktp',
  ],
  pegawai: [
    'kode_prsh',
    'kode_lokasi',
    'jobclass',
    'rek_bca',
    'tgl_awkerja',
    'type_spg_id',
    'jabatan_id',
    'departemen_id',
    'divisi_id',
    'client_id',
    'cust_code',
    'sales_office_id',
    'route_list_id',
    'pin',
  ],
  pajak: ['npwp', 'tgl_npwp', 'tgl_pph'],
  bpjs: ['bpjs_kes', 'ka_bpjs_kes', 'ka_bpjs_tk', 'bopk', 'bp', 'inhealth', 'tg', 'jum_inhealth'],
  kontrak: ['lama_kontrak', 'mulai_kontrak'],
  gaji: ['kode_umr', 'gapok', 'tun_makan', 'tun_bensin', 'tun_lain'],
};

export function tabOfField(field: string): KaryawanTab | undefined {
  return KARYAWAN_TABS.find((t) => KARYAWAN_TAB_FIELDS[t].includes(field));
}

/**
 * Spec §5 "Editing rights per tab". Gaji has no edit permission of its own: salary is "editable by admin
 * only", which we read as karyawan.gaji.read plus an administrator role (name containing ADM).
 */
export const KARYAWAN_TAB_EDIT: Record<Exclude<KaryawanTab, 'gaji'>, Permission> = {
  personal: 'karyawan.personal.edit',
  pegawai: 'karyawan.pegawai.edit',
  pajak: 'karyawan.pajak.edit',
  bpjs: 'karyawan.bpjs.edit',
  kontrak: 'karyawan.kontrak.edit',
};

export function canEditTab(tab: KaryawanTab, user: { permissions: readonly string[]; role: string }): boolean {
  if (tab === 'gaji') return user.permissions.includes('karyawan.gaji.read') && user.role.toUpperCase().includes('ADM');
  return user.permissions.includes(KARYAWAN_TAB_EDIT[tab]);
}

/** Columns the employee list sorts by (`sort=field|direction`). */
export const KARYAWAN_SORT_FIELDS = [
  'nrp',
  'nama',
  'type',
  'sales_office',
  'telp_hp',
  'per_kontrak',
  'mulai_kontrak',
  'selesai_kontrak',
  'tgl_p3',
] as const;
export type KaryawanSortField = (typeof KARYAWAN_SORT_FIELDS)[number];

function isSort(s: string): boolean {
  if (s === '') return true;
  const [field, direction = 'asc'] = s.split('|');
  return (
    (KARYAWAN_SORT_FIELDS as readonly string[]).includes(field ?? '') && (direction === 'asc' || direction === 'desc')
  );
}

/** `field|direction` (direction asc by default); '' is the list's own order. */
export const KaryawanSortSchema = v.optional(
  v.pipe(v.string(KARYAWAN_MESSAGES.sort), v.trim(), v.check(isSort, KARYAWAN_MESSAGES.sort)),
  '',
);

export function parseSort(s: string): { field: KaryawanSortField; direction: 'asc' | 'desc' } | null {
  if (!s || !isSort(s)) return null;
  const [field, direction = 'asc'] = s.split('|');
  return { field: field as KaryawanSortField, direction: direction as 'asc' | 'desc' };
}

export const ResignedFilterSchema = v.optional(
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(String),
    v.picklist(['0', '1', 'true', 'false'], KARYAWAN_MESSAGES.resignedFilter),
    v.transform((s) => s === '1' || s === 'true'),
  ),
  '0',
);

// ---------------------------------------------------------------- answers

export interface KaryawanRow {
  nrp: string;
  nama: string;
  foto_kar: string | null;
  telp_hp: string | null;
  kode_lokasi: string;
  type: { id: string; type: string };
  sales_office: { id: string; nama: string } | null;
  per_kontrak: number;
  lama_kontrak: number | null;
  mulai_kontrak: string | null;
  selesai_kontrak: string | null;
  // Resignation (the resigned list)
  tgl_p3: string | null;
  no_pb: string | null;
  alasan_p3: number | null;
  mst_alasan_p3: { id: number; nama: string } | null;
  u_kebijaksanaan: number | null;
  u_kebijaksanaan_desc: string | null;
  u_cuti: number | null;
  u_potongan: number | null;
  u_lumpdrop: number | null;
  tgl_bast: string | null;
  /** The P3 posting item: a date_posting locks the resignation. */
  p3: { tgl_jam_trn: string; date_posting: string | null } | null;
}

export interface KontrakRow {
  no_kontrak: string;
  per_kontrak: number;
  lama_kontrak: number;
  mulai_kontrak: string;
  selesai_kontrak: string;
  sts_kontrak: string;
}

type Named = { id: string; nama: string } | null;

export interface KaryawanDetail {
  nrp: string;
  nama: string;
  jenis_kelamin: string;
  nik: string | null;
  tempat_lahir: string | null;
  tgl_lahir: string | null;
  alamat1: string | null;
  alamat2: string | null;
  kode_pos: string | null;
  email: string | null;
  telp_hp: string | null;
  status_kel: string;
  jumlah_anak: number;
  agama_id: number | null;
  pendidikan_id: number | null;
  foto_kar: string | null;
  foto_ktp: string | null;
  kode_prsh: string;
  kode_lokasi: string;
  status: number;
  jobclass: number | null;
  rek_bca: string | null;
  tgl_awkerja: string | null;
  type_spg_id: string;
  jabatan_id: string | null;
  departemen_id: string;
  divisi_id: string | null;
  client_id: string | null;
  cust_code: string | null;
  sales_office_id: string | null;
  route_list_id: string | null;
  pin: string | null;
  npwp: string | null;
  tgl_npwp: string | null;
  tgl_pph: string | null;
  bpjs_kes: string;
  ka_bpjs_kes: string | null;
  ka_bpjs_tk: string | null;
  bopk: string;
  bp: string;
  inhealth: string;
  tg: string;
  jum_inhealth: number;
  sts_kontrak: string;
  per_kontrak: number;
  lama_kontrak: number | null;
  mulai_kontrak: string | null;
  selesai_kontrak: string | null;
  no_kontrak: string | null;
  tgl_p3: string | null;
  no_pb: string | null;
  alasan_p3: number | null;
  u_kebijaksanaan: number | null;
  u_kebijaksanaan_desc: string | null;
  u_cuti: number | null;
  u_potongan: number | null;
  u_lumpdrop: number | null;
  tgl_bast: string | null;
  // Names of the codes, for the view mode
  perusahaan: { kode_prsh: string; nama: string } | null;
  lokasi: Named;
  type: { id: string; type: string } | null;
  jabatan: Named;
  departemen: Named;
  divisi: Named;
  client: Named;
  store: { cust_code: string; cust_name: string } | null;
  sales_office: Named;
  route_list: Named;
  mst_alasan_p3: { id: number; nama: string } | null;
  /** Null without karyawan.gaji.read (the Gaji tab is hidden then). */
  kode_umr: string | null;
  umr: { id: string; area: string; umr: number } | null;
  gaji: Gaji | null;
  /** Contract history, oldest first; null without karyawan.kontrak.read. */
  kontrak: KontrakRow[] | null;
  p3: { tgl_jam_trn: string; date_posting: string | null } | null;
}

export const alasanP3Of = (id: number | null) =>
  id === null ? null : { id, nama: ALASAN_P3[id as keyof typeof ALASAN_P3] ?? String(id) };
