/**
 * The employee upload and download (spec part 1 §2 "Employee upload", §3 "Upload log row", §5
 * "Uploads"): the .xlsx columns, the limits, the texts, the query of the data download and the
 * answers' types. docs/decisions/008-employee-upload-and-salary.md explains the rules.
 */
import * as v from 'valibot';
import { angka } from '../number-text';
import { messageWith } from '../api';
import { text } from '../primitives';
import {
  UploadCountsSchema,
  uploadDone,
  UPLOAD_FILE_MESSAGES,
  UPLOAD_STATUSES,
  UploadFailureSchema,
  uploadSummary,
} from '../upload';

/** Data rows one upload may hold (the sheet is read row by row; more is refused as a whole). */
export const UPLOAD_MAX_ROWS = 20_000;

export const UPLOAD_MESSAGES = {
  ...UPLOAD_FILE_MESSAGES,
  noHeader: 'Kolom nrp tidak ditemukan di baris pertama. Gunakan template dari tombol Download Template.',
  unknownColumns: (cols: string[]) => `Kolom tidak dikenal: ${cols.join(', ')}`,
  duplicateColumn: (col: string) => `Kolom ${col} muncul lebih dari sekali`,
  empty: 'File tidak berisi data karyawan',
  tooManyRows: `Maksimal ${angka(UPLOAD_MAX_ROWS)} baris data per upload`,
  nrpRequired: 'NRP harus diisi',
  nrpFormat: 'NRP hanya boleh huruf, angka, titik, garis bawah atau strip, maksimal 12 karakter',
  duplicateNrp: (baris: number) => `NRP ganda di file (sudah ada di baris ${baris})`,
  done: uploadDone,
  summary: uploadSummary,
} as const;

export type UploadColumnKind = 'text' | 'date' | 'number';

export interface UploadColumn {
  /** The header cell: the spec's field name (row 1 of the sheet). */
  key: string;
  label: string;
  kind: UploadColumnKind;
  /** Required for a new employee. */
  required?: boolean;
  note?: string;
  width: number;
}

/**
 * The employee sheet, in template order. Headers are the spec's field names, so a downloaded data file
 * can be edited and uploaded again as it is; columns may come in any order, and a column left out is
 * left as it is on existing employees.
 */
export const KARYAWAN_UPLOAD_COLUMNS: readonly UploadColumn[] = [
  { key: 'nrp', label: 'NRP', kind: 'text', required: true, width: 12, note: 'Kunci upsert: NRP baru = karyawan baru' },
  { key: 'nama', label: 'Nama', kind: 'text', required: true, width: 28, note: 'Maksimal 40 karakter' },
  { key: 'jenis_kelamin', label: 'Jenis Kelamin', kind: 'text', required: true, width: 8, note: 'L atau P' },
  { key: 'nik', label: 'NIK', kind: 'text', width: 18 },
  { key: 'tempat_lahir', label: 'Tempat Lahir', kind: 'text', width: 14 },
  { key: 'tgl_lahir', label: 'Tanggal Lahir', kind: 'date', width: 12, note: 'YYYY-MM-DD atau DD/MM/YYYY' },
  { key: 'alamat1', label: 'Alamat 1', kind: 'text', width: 26 },
  { key: 'alamat2', label: 'Alamat 2', kind: 'text', width: 22 },
  { key: 'kode_pos', label: 'Kode Pos', kind: 'text', width: 8 },
  { key: 'email', label: 'Email', kind: 'text', width: 24 },
  { key: 'telp_hp', label: 'Nomor HP', kind: 'text', width: 15 },
  { key: 'status_kel', label: 'Status Keluarga', kind: 'text', width: 8, note: 'T, K, D atau J' },
  { key: 'jumlah_anak', label: 'Jumlah Anak', kind: 'number', required: true, width: 8 },
  { key: 'agama_id', label: 'Agama', kind: 'number', width: 8, note: '1 Islam … 6 Kepercayaan' },
  { key: 'pendidikan_id', label: 'Pendidikan', kind: 'number', width: 8, note: '1 SD … 7 S3' },
  { key: 'kode_prsh', label: 'Kode Perusahaan', kind: 'text', required: true, width: 8 },
  { key: 'kode_lokasi', label: 'Kode Lokasi', kind: 'text', required: true, width: 8 },
  { key: 'jobclass', label: 'Job Class', kind: 'number', width: 8, note: '10 sampai 38' },
  { key: 'rek_bca', label: 'Rekening BCA', kind: 'text', width: 13 },
  { key: 'tgl_awkerja', label: 'Tanggal Awal Kerja', kind: 'date', width: 12, note: 'Karyawan baru: = mulai_kontrak' },
  { key: 'type_spg_id', label: 'Tipe', kind: 'text', required: true, width: 8 },
  { key: 'jabatan_id', label: 'Jabatan', kind: 'text', width: 8 },
  { key: 'departemen_id', label: 'Departemen', kind: 'text', required: true, width: 8 },
  { key: 'divisi_id', label: 'Divisi', kind: 'text', width: 8 },
  { key: 'client_id', label: 'Client', kind: 'text', width: 8 },
  { key: 'cust_code', label: 'Kode Store', kind: 'text', width: 12, note: 'Store milik client' },
  { key: 'sales_office_id', label: 'Sales Office', kind: 'text', width: 8 },
  { key: 'route_list_id', label: 'Route List', kind: 'text', width: 8 },
  { key: 'pin', label: 'PIN', kind: 'text', width: 10 },
  { key: 'npwp', label: 'NPWP', kind: 'text', width: 22, note: '99.999.999.9-999.999' },
  { key: 'tgl_npwp', label: 'Tanggal NPWP', kind: 'date', width: 12 },
  { key: 'tgl_pph', label: 'Tanggal PPh', kind: 'date', width: 12 },
  { key: 'bpjs_kes', label: 'BPJS Kesehatan', kind: 'text', width: 8, note: 'Y atau T' },
  { key: 'ka_bpjs_kes', label: 'Kartu BPJS Kesehatan', kind: 'text', width: 16 },
  { key: 'ka_bpjs_tk', label: 'Kartu BPJS TK', kind: 'text', width: 16 },
  {
    key: 'lama_kontrak',
    label: 'Lama Kontrak',
    kind: 'number',
    required: true,
    width: 8,
    note: '1, 3, 6, 9 atau 12 bulan',
  },
  { key: 'mulai_kontrak', label: 'Mulai Kontrak', kind: 'date', required: true, width: 12 },
  { key: 'kode_umr', label: 'Kode UMR', kind: 'text', required: true, width: 10 },
  { key: 'gapok', label: 'Gaji Pokok', kind: 'number', required: true, width: 12 },
  { key: 'tun_makan', label: 'Tunjangan Makan', kind: 'number', width: 10, note: 'Kosong: dari tipe karyawan' },
  { key: 'tun_bensin', label: 'Tunjangan Bensin', kind: 'number', width: 10, note: 'Kosong: dari tipe karyawan' },
  { key: 'tun_lain', label: 'Uang Shift', kind: 'number', width: 10, note: 'Kosong: dari tipe karyawan' },
];

/**
 * The Gaji & Tunjangan columns: a data download leaves them out for users without karyawan.gaji.read
 * (as the detail does), and an upload without them leaves salary as it is.
 */
export const SALARY_COLUMNS: readonly string[] = ['kode_umr', 'gapok', 'tun_makan', 'tun_bensin', 'tun_lain'];
/** The amounts of the gaji object. */
export const GAJI_AMOUNTS = ['gapok', 'tun_makan', 'tun_bensin', 'tun_lain'] as const;

export const UPLOAD_COLUMN_KEYS = new Set(KARYAWAN_UPLOAD_COLUMNS.map((c) => c.key));

/**
 * The headers of the list export (GET /api/karyawan/export/excel, "Export to Excel") and what the upload
 * reads under each, so an exported list can be uploaded back: `key` the upload column it fills, `named`
 * when the cell reads "code - name" (the code before " - " is what counts). `key: null`: a column the
 * upload does not change (the contract's number and end, the resignation): read-only, ignored.
 */
export const KARYAWAN_EXPORT_HEADERS = {
  NRP: { key: 'nrp' },
  Nama: { key: 'nama' },
  'Jenis Kelamin': { key: 'jenis_kelamin' },
  Perusahaan: { key: 'kode_prsh', named: true },
  Lokasi: { key: 'kode_lokasi', named: true },
  Tipe: { key: 'type_spg_id', named: true },
  Jabatan: { key: 'jabatan_id', named: true },
  Departemen: { key: 'departemen_id', named: true },
  Divisi: { key: 'divisi_id', named: true },
  Client: { key: 'client_id', named: true },
  Store: { key: 'cust_code', named: true },
  'Sales Office': { key: 'sales_office_id', named: true },
  'No. HP': { key: 'telp_hp' },
  Email: { key: 'email' },
  'Tgl Awal Kerja': { key: 'tgl_awkerja' },
  'Kontrak Ke-': { key: null },
  'Lama Kontrak (bulan)': { key: 'lama_kontrak' },
  'Mulai Kontrak': { key: 'mulai_kontrak' },
  'Selesai Kontrak': { key: null },
  'No Kontrak': { key: null },
  'Tgl Resign': { key: null },
  Alasan: { key: null },
  'No PB': { key: null },
  'Uang Kebijaksanaan': { key: null },
  'Uang Cuti': { key: null },
  Potongan: { key: null },
  Lumpdrop: { key: null },
  'Tgl BAST': { key: null },
} as const satisfies Record<string, { key: string | null; named?: boolean }>;
export type KaryawanExportHeader = keyof typeof KARYAWAN_EXPORT_HEADERS;

/** A header cell of an upload → its column: a field name, an export header (any case), or null when unknown. */
export function uploadColumnOf(header: string): { key: string | null; named: boolean } | null {
  const name = header.trim().toLowerCase();
  if (UPLOAD_COLUMN_KEYS.has(name)) return { key: name, named: false };
  for (const [label, c] of Object.entries(KARYAWAN_EXPORT_HEADERS)) {
    if (label.toLowerCase() === name) return { key: c.key, named: 'named' in c && c.named };
  }
  return null;
}

/** "KM - PT Karya Mandiri" → "KM": the code of an export's "code - name" cell (codes have no spaces). */
export const codeOfNamed = (cell: string) => {
  const at = cell.indexOf(' - ');
  return at < 0 ? cell : cell.slice(0, at).trim();
};

// ---------------------------------------------------------------- the data download's filter

const codeList = v.optional(
  v.pipe(
    text(500, { tooLong: 'Filter terlalu panjang' }),
    v.transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
    v.check((list) => list.every((x) => /^[A-Za-z0-9._-]{1,20}$/.test(x)), 'Kode filter tidak valid'),
  ),
  '',
);

/**
 * GET /api/karyawan/report/download: each filter a list of codes joined by commas (spec §7);
 * `template=1` answers the empty template.
 */
export const KaryawanReportQuerySchema = v.object({
  template: v.optional(v.picklist(['0', '1'], "template harus '0' atau '1'"), '0'),
  kode_prsh: codeList,
  lokasi: codeList,
  client: codeList,
  type: codeList,
  divisi: codeList,
  jabatan: codeList,
  sales_office: codeList,
});
export type KaryawanReportQuery = v.InferOutput<typeof KaryawanReportQuerySchema>;
export type KaryawanReportFilter = Omit<KaryawanReportQuery, 'template'>;
export const REPORT_FILTER_KEYS = [
  'kode_prsh',
  'lokasi',
  'client',
  'type',
  'divisi',
  'jabatan',
  'sales_office',
] as const satisfies readonly (keyof KaryawanReportFilter)[];

/** POST /api/karyawan/upload: what the upload did, row by row counted, with every refused row. */
export const UploadResultSchema = v.object({
  log_id: v.number(),
  ...UploadCountsSchema.entries,
  status: v.picklist(UPLOAD_STATUSES),
  nrp_gagal: v.array(UploadFailureSchema),
});
export type UploadResult = v.InferOutput<typeof UploadResultSchema>;
export const KaryawanUploadAnswerSchema = messageWith(UploadResultSchema);
export type KaryawanUploadAnswer = v.InferOutput<typeof KaryawanUploadAnswerSchema>;
