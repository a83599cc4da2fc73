/**
 * HR's side of attendance (spec part 2 §2.7, §3 "Manual attendance payload", §5 "Manual attendance"):
 * the manual entry with its reason, the delete, the change history, the upload's sheet and answers,
 * the employee look-up. One schema for the form and the server. Decisions in
 * docs/decisions/021-attendance-administration.md.
 */
import * as v from 'valibot';
import { angka } from '../number-text';
import { ABSENSI_MESSAGES, nrpCode, TanggalSchema } from './absensi';
import { ABSENSI_FILTER_MESSAGES } from './absensi-search';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { page, periodId, text, timeOfDay } from '../primitives';
import { TIME_ZONES } from '../time-zone';
import {
  UploadCountsSchema,
  uploadDone,
  UploadFailureSchema,
  UploadLogRowSchema,
  uploadSummary,
  UPLOAD_STATUSES,
} from '../upload';

export const ALASAN_MAX = 255;

export const ABSENSI_ADMIN_MESSAGES = {
  /** Spec §5 "Manual attendance", verbatim. */
  nrpRequired: 'SPG/Karyawan harus diisi',
  shiftRequired: 'Shift harus diisi',
  statusRequired: 'Status Absensi harus diisi',
  tanggalRequired: 'Tanggal harus diisi',
  jamRequired: 'Jam masuk & keluar harus diisi',
  jamOrder: 'Jam masuk harus lebih kecil dari jam keluar',
  jamFormat: 'Format jam tidak benar',
  /** Beyond the spec: every manual entry or change says why. */
  alasanRequired: 'Alasan harus diisi',
  alasanMax: `Alasan maksimal ${ALASAN_MAX} karakter`,
  futureDate: ABSENSI_MESSAGES.futureDate,
  saved: 'Absensi manual berhasil disimpan',
  unchanged: 'Tidak ada perubahan: absensi ini sudah tercatat dengan nilai yang sama',
  deleted: 'Absensi manual berhasil dihapus',
  /** A revision deleted on a day that keeps an earlier one, or her own check-in (decision 027). */
  revisionDeleted: 'Perubahan terakhir dihapus: absensi kembali ke data sebelumnya',
  notFound: 'Absensi tidak ditemukan',
  karyawanNotFound: 'Karyawan tidak ditemukan',
  unknownShift: (id: string) => `Shift ${id} tidak ditemukan`,
  unknownStatus: (id: string) => `Status Absensi ${id} tidak ditemukan`,
  // statusFilter, sumberFilter, codeFilter, search (the list filters', absensi-search.ts).
  ...ABSENSI_FILTER_MESSAGES,
  fieldRowDelete:
    'Absensi ini dicatat dari aplikasi lapangan (dengan foto dan lokasi) dan tidak dapat dihapus. Ubah nilainya lewat Tambah Absensi Manual.',
} as const;

const M = ABSENSI_ADMIN_MESSAGES;

/** A required short code: '' or absent is the field's "harus diisi". */
const requiredCode = (required: string, pattern = /^[A-Za-z0-9._-]{1,10}$/, bad: string = required) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.regex(pattern, bad));

/** 'HH:mm:ss' (or 'HH:mm' from a time input); blank is the pair's "harus diisi", handled by the object. */
const optionalJam = v.optional(
  v.pipe(
    v.string(M.jamFormat),
    v.trim(),
    v.transform((s) => (/^\d{2}:\d{2}$/.test(s) ? `${s}:00` : s)),
    v.union([v.literal(''), timeOfDay(M.jamFormat)], M.jamFormat),
  ),
  '',
);

export const alasanSchema = v.pipe(
  v.optional(text(ALASAN_MAX, { multiline: true, tooLong: M.alasanMax }), ''),
  v.nonEmpty(M.alasanRequired),
);

/**
 * The statuses that mean she was at work (Hadir, Dinas Luar; master status_absensi): only these need jam
 * masuk & keluar. Sakit, Izin, Cuti, Alpa and OFF need none (both given are kept).
 */
export const STATUS_WITH_TIMES: readonly string[] = ['H', 'DL'];
export const needsTimes = (status: string) => STATUS_WITH_TIMES.includes(status.trim().toUpperCase());

/** Spec §5: jam masuk strictly before jam keluar (a blank one is the "harus diisi" message instead). */
export const jamInOrder = (masuk: string, keluar: string) => !JAM.test(masuk) || !JAM.test(keluar) || masuk < keluar;
const JAM = /^\d{2}:\d{2}:\d{2}$/;

/** The rows of one day: the spec's payload plus the reason. */
const manualEntries = {
  nrp: v.pipe(v.optional(v.string(M.nrpRequired), ''), v.trim(), v.nonEmpty(M.nrpRequired), nrpCode()),
  shift_id: v.optional(requiredCode(M.shiftRequired), ''),
  sts_abs_id: v.optional(requiredCode(M.statusRequired, /^[A-Za-z0-9]{1,4}$/, M.statusFilter), ''),
  tanggal: v.optional(v.pipe(v.string(M.tanggalRequired), v.trim(), v.nonEmpty(M.tanggalRequired), TanggalSchema), ''),
  jam_masuk: optionalJam,
  jam_keluar: optionalJam,
};

/**
 * Spec §5 "Jam masuk & keluar harus diisi": both times for a status that means presence
 * (STATUS_WITH_TIMES) or while no status is chosen; for the others both or neither (no half day). Checked
 * over the two times only, so the message shows beside "Status Absensi harus diisi" on an empty form:
 * valibot's partialCheck hands the whole object, status included.
 */
const timesGiven = (input: { jam_masuk: string; jam_keluar: string }) => {
  const x = input as typeof input & { sts_abs_id?: unknown };
  const status = typeof x.sts_abs_id === 'string' ? x.sts_abs_id.trim() : '';
  const both = x.jam_masuk !== '' && x.jam_keluar !== '';
  const neither = x.jam_masuk === '' && x.jam_keluar === '';
  return both || (neither && status !== '' && !needsTimes(status));
};

/** POST /api/absensi (and the form of /absensi/new): spec §3 "Manual attendance payload" + alasan. */
export const AbsensiManualSchema = v.pipe(
  v.object({ ...manualEntries, alasan: alasanSchema }),
  v.forward(v.partialCheck([['jam_masuk'], ['jam_keluar']], timesGiven, M.jamRequired), ['jam_masuk']),
  v.forward(
    v.partialCheck([['jam_masuk'], ['jam_keluar']], (x) => jamInOrder(x.jam_masuk, x.jam_keluar), M.jamOrder),
    ['jam_keluar'],
  ),
);
export type AbsensiManualInput = v.InferInput<typeof AbsensiManualSchema>;
export type AbsensiManual = v.InferOutput<typeof AbsensiManualSchema>;

const uploadAlasan = v.optional(text(ALASAN_MAX, { multiline: true, tooLong: M.alasanMax }), '');

/**
 * One row of the upload sheet as written, each cell checked for its format only: enough to tell a row
 * that repeats the stored day (which writes nothing, so no rule of a write applies to it).
 */
export const AbsensiUploadCellsSchema = v.object({
  nrp: manualEntries.nrp,
  tanggal: manualEntries.tanggal,
  shift_id: v.optional(
    v.pipe(v.string(M.shiftRequired), v.trim(), v.regex(/^[A-Za-z0-9._-]{0,10}$/, M.shiftRequired)),
    '',
  ),
  sts_abs_id: v.optional(v.pipe(v.string(M.statusFilter), v.trim(), v.regex(/^[A-Za-z0-9]{0,4}$/, M.statusFilter)), ''),
  jam_masuk: optionalJam,
  jam_keluar: optionalJam,
  alasan: uploadAlasan,
});
export type AbsensiUploadCells = v.InferOutput<typeof AbsensiUploadCellsSchema>;

/** One row of the upload sheet that writes, checked as the form: the reason may be left blank (the file names it). */
export const AbsensiUploadRowSchema = v.pipe(
  v.object({ ...manualEntries, alasan: uploadAlasan }),
  v.forward(v.partialCheck([['jam_masuk'], ['jam_keluar']], timesGiven, M.jamRequired), ['jam_masuk']),
  v.forward(
    v.partialCheck([['jam_masuk'], ['jam_keluar']], (x) => jamInOrder(x.jam_masuk, x.jam_keluar), M.jamOrder),
    ['jam_keluar'],
  ),
);
export type AbsensiUploadRow = v.InferOutput<typeof AbsensiUploadRowSchema>;

/** DELETE /api/absensi: spec body nrp, tanggal, plus the reason kept in the history. */
export const AbsensiDeleteSchema = v.object({
  nrp: manualEntries.nrp,
  tanggal: manualEntries.tanggal,
  alasan: alasanSchema,
});
export type AbsensiDelete = v.InferOutput<typeof AbsensiDeleteSchema>;

/** The values a change sets (the shape of absensi_change.sebelum / sesudah). */
export const AbsensiValuesSchema = v.object({
  shift_id: v.nullable(v.string()),
  sts_abs_id: v.string(),
  jam_masuk: v.nullable(v.string()),
  jam_keluar: v.nullable(v.string()),
});

export const ABSENSI_AKSI = {
  create: 'Tambah',
  update: 'Ubah',
  delete: 'Hapus',
  upload: 'Upload',
  leave: 'Pengajuan',
} as const;

export const AbsensiChangeSchema = v.object({
  id: v.number(),
  aksi: v.picklist(Object.keys(ABSENSI_AKSI) as (keyof typeof ABSENSI_AKSI)[]),
  alasan: v.string(),
  sebelum: v.nullable(AbsensiValuesSchema),
  sesudah: v.nullable(AbsensiValuesSchema),
  changed_by: v.string(),
  /** "userid - nama" when the user still exists. */
  changed_by_nama: v.nullable(v.string()),
  changed_at: v.string(),
});
export type AbsensiChange = v.InferOutput<typeof AbsensiChangeSchema>;

/** GET /api/absensi/{nrp}/{tanggal}/history, newest first. */
export const AbsensiHistoryAnswerSchema = resultAnswer(v.array(AbsensiChangeSchema));
export const AbsensiDayParamSchema = v.object({ nrp: nrpCode(), tanggal: TanggalSchema });

const savedRecord = v.object({
  nrp: v.string(),
  tanggal: v.string(),
  sumber: v.string(),
  shift_id: v.nullable(v.string()),
  sts_abs_id: v.string(),
  jam_masuk: v.nullable(v.string()),
  jam_keluar: v.nullable(v.string()),
  alasan: v.nullable(v.string()),
});
/** POST /api/absensi: 201 created, 200 updated (or unchanged, `changed: false`). */
export const AbsensiManualAnswerSchema = v.object({
  ...messageWith(savedRecord).entries,
  changed: v.boolean(),
});
export type AbsensiManualAnswer = v.InferOutput<typeof AbsensiManualAnswerSchema>;

// ---------------------------------------------------------------- list filters

/** The filters of /absensi beyond the date range, and their digits-as-text reading (absensi-search.ts). */
export { absensiFilterEntries, digitsAsText } from './absensi-search';

// ---------------------------------------------------------------- employee look-up

export const FindNrpQuerySchema = v.object({
  q: v.optional(text(40, { tooLong: M.search }), ''),
  page: page(),
});
export const FindNrpRowSchema = v.object({
  nrp: v.string(),
  nama: v.string(),
  lokasi: v.string(),
  time_zone: v.picklist(TIME_ZONES),
  type: v.string(),
  /** The shift of the employee's current visit plan, a sensible default for the form. */
  shift_id: v.nullable(v.string()),
});
export type FindNrpRow = v.InferOutput<typeof FindNrpRowSchema>;
export const FindNrpAnswerSchema = listAnswer(FindNrpRowSchema);

// ---------------------------------------------------------------- upload

/** The sheet's columns, in the template's order; `nama` is read-only help for the person filling it. */
export const ABSENSI_UPLOAD_COLUMNS = [
  'nrp',
  'nama',
  'tanggal',
  'shift_id',
  'sts_abs_id',
  'jam_masuk',
  'jam_keluar',
  'alasan',
] as const;
export const ABSENSI_UPLOAD_REQUIRED_COLUMNS = ['nrp', 'tanggal', 'shift_id', 'sts_abs_id', 'jam_masuk', 'jam_keluar'];
export const ABSENSI_UPLOAD_MAX_ROWS = 50_000;

export const ABSENSI_UPLOAD_MESSAGES = {
  noHeader: `Baris pertama harus berisi nama kolom: ${ABSENSI_UPLOAD_REQUIRED_COLUMNS.join(', ')}. Gunakan template dari tombol Filter.`,
  missingColumns: (cols: string[]) => `Kolom wajib tidak ada: ${cols.join(', ')}`,
  duplicateColumn: (col: string) => `Kolom ${col} muncul lebih dari sekali`,
  empty: 'File tidak berisi data absensi',
  tooManyRows: `Maksimal ${angka(ABSENSI_UPLOAD_MAX_ROWS)} baris data per upload`,
  duplicateRow: (baris: number) => `NRP dan tanggal yang sama sudah ada di baris ${baris}`,
  nrpNotFound: 'NRP tidak ditemukan',
  outOfScope: 'Karyawan di luar cakupan akses Anda',
  posted: (periodId: string) => `Periode ${periodId} sudah diposting`,
  defaultAlasan: (file: string) => `Upload ${file}`.slice(0, ALASAN_MAX),
  done: uploadDone,
  summary: uploadSummary,
  periodRequired: 'Mohon pilih Period',
  noUpload: 'Anda belum pernah mengupload absensi',
} as const;

export const AbsensiUploadAnswerSchema = v.object({
  message: v.string(),
  result: v.object({
    log_id: v.number(),
    ...UploadCountsSchema.entries,
    status: v.picklist(UPLOAD_STATUSES),
    nrp_gagal: v.array(UploadFailureSchema),
    /** NRPs of the sheet that name no employee at all. */
    missing_nrp: v.array(v.string()),
  }),
});
export type AbsensiUploadAnswer = v.InferOutput<typeof AbsensiUploadAnswerSchema>;

/** A history row of the attendance upload: the shared row plus the NRPs that do not exist. */
export const AbsensiUploadLogRowSchema = v.object({ ...UploadLogRowSchema.entries, missing_nrp: v.array(v.string()) });
export type AbsensiUploadLogRow = v.InferOutput<typeof AbsensiUploadLogRowSchema>;
export const AbsensiUploadLogAnswerSchema = listAnswer(AbsensiUploadLogRowSchema);

/** GET /api/absensi/temporary/upload: the refused rows of the caller's latest attendance upload. */
export const AbsensiTemporaryAnswerSchema = resultAnswer(
  v.nullable(
    v.object({
      log_id: v.number(),
      file_name: v.string(),
      tanggal: v.string(),
      rows: v.array(
        v.object({
          baris: v.number(),
          alasan_gagal: v.string(),
          values: v.record(v.string(), v.nullable(v.string())),
        }),
      ),
    }),
  ),
);

const codeList = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9._-]{0,10}(,[A-Za-z0-9._-]{1,10}){0,200}$/, M.codeFilter),
    v.transform((s) => s.split(',').filter(Boolean)),
  ),
  '',
);

/** GET /api/absensi/template/download: spec's template filter, each a comma-joined list; period required. */
export const AbsensiTemplateQuerySchema = v.object({
  period: v.pipe(v.optional(v.string(), ''), v.nonEmpty(ABSENSI_UPLOAD_MESSAGES.periodRequired), periodId()),
  client: codeList,
  lokasi: codeList,
  type: codeList,
  divisi: codeList,
  jabatan: codeList,
  keyAccount: codeList,
  salesOffice: codeList,
  /** day: one row per employee and day of the period (default); employee: one row per employee. */
  rows: v.optional(v.picklist(['day', 'employee'], 'rows harus day atau employee'), 'day'),
});
export type AbsensiTemplateQuery = v.InferOutput<typeof AbsensiTemplateQuerySchema>;
