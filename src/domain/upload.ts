/**
 * What every Excel upload shares (spec part 1 §2, §3 "Upload log row", §5 "Uploads"; part 2 §2.7,
 * §5): the file check, the limits, the texts of the screen, the history row. The employee upload
 * adds its sheet in karyawan-upload.ts; the attendance, store and route-list uploads can add theirs.
 */
import * as v from 'valibot';
import { listAnswer, resultAnswer } from './api';
import { DEFAULT_PAGE_SIZE, ListQuerySchema } from './list-query';
import { idString } from './primitives';

/** A body bigger than this is refused (413) before it is read. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export const UPLOAD_FILE_MESSAGES = {
  /** Spec §5 and §8, verbatim. */
  format: 'Format file salah. Silahkan pilih Excel File (.xlsx)',
  /** Spec part 2 §2.7, verbatim: the blocking dialog. */
  inProgress: 'Wait, upload in progress...',
  tooLarge: 'Ukuran file terlalu besar (maksimal 20 MB)',
  fileRequired: 'Pilih file Excel (.xlsx) yang akan diupload',
} as const;

/** The drop zone and the server both recognise an .xlsx by its first bytes (a zip: PK\x03\x04). */
export function hasXlsxMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Spec §2: the drop zone shows the size in KB as bytes / 1000, floored. */
export const sizeInKb = (bytes: number) => Math.floor(bytes / 1000);

/** One refused row: its sheet row number, its NRP as written ('' when blank) and why. */
export const UploadFailureSchema = v.object({ baris: v.number(), nrp: v.string(), alasan: v.string() });
export type UploadFailure = v.InferOutput<typeof UploadFailureSchema>;
/** A refused row as answered (the log keeps its cells too, for the download of refused rows). */
export const failureRow = ({ baris, nrp, alasan }: UploadFailure): UploadFailure => ({ baris, nrp, alasan });

/**
 * What an upload did, row by row: every non-blank row of the sheet is exactly one of new (created),
 * changed (updated), the same as stored (unchanged: nothing written) or refused (failed).
 */
export const UploadCountsSchema = v.object({
  total: v.number(),
  created: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  failed: v.number(),
});
export type UploadCounts = v.InferOutput<typeof UploadCountsSchema>;

/** "0 baru, 0 diubah, 12 sama" (", 2 gagal" when rows were refused): the answer, the dialog and the history. */
export const uploadCountsText = (c: UploadCounts) =>
  `${c.created} baru, ${c.updated} diubah, ${c.unchanged} sama${c.failed ? `, ${c.failed} gagal` : ''}`;

/** The message of every upload's answer. */
export const uploadDone = (c: UploadCounts) =>
  `${c.failed === 0 ? 'Upload berhasil' : 'Upload selesai'}: ${uploadCountsText(c)}`;

/** The history row's keterangan. */
export const uploadSummary = (c: UploadCounts) => `${c.total} baris: ${uploadCountsText(c)}`;

/**
 * The column the download of refused rows adds after the sheet's own (why the row was refused). Every
 * upload ignores it, so the file can be fixed and uploaded again as it is.
 */
export const REFUSED_REASON_COLUMN = 'alasan_gagal';

export const UPLOAD_STATUSES = ['Sukses', 'Sebagian', 'Gagal'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export function uploadStatusOf(ok: number, failed: number): UploadStatus {
  if (failed === 0) return 'Sukses';
  return ok === 0 ? 'Gagal' : 'Sebagian';
}

/** Spec §3 "Upload log row"; `jumlah_gagal` counts every failure, `nrp_gagal` holds the first ones in a list. */
export const UploadLogRowSchema = v.object({
  id: v.number(),
  file_name: v.string(),
  tanggal: v.string(),
  status: v.picklist(UPLOAD_STATUSES),
  keterangan: v.string(),
  nrp_gagal: v.array(UploadFailureSchema),
  jumlah_gagal: v.number(),
  upload_by: v.string(),
});
export type UploadLogRow = v.InferOutput<typeof UploadLogRowSchema>;
export const UploadLogListAnswerSchema = listAnswer(UploadLogRowSchema);
/** One upload with every refused row. */
export const UploadLogDetailAnswerSchema = resultAnswer(UploadLogRowSchema);

/** How many failures a history row carries; the row's own call answers them all. */
export const LOG_LIST_FAILURES = 20;

/** GET …/upload/log?page= (spec: page size 10). */
export const UploadLogQuerySchema = v.object({
  page: ListQuerySchema.entries.page,
  per_page: v.optional(ListQuerySchema.entries.per_page, DEFAULT_PAGE_SIZE),
});

/** `{id}` of …/upload/log/{id}. */
export const UploadLogIdParamSchema = v.object({ id: idString() });

/** The multipart body of an Excel upload: one `file`, for the API document. */
export const UploadFileBodySchema = v.object({
  file: v.pipe(v.string(), v.metadata({ format: 'binary', description: 'The .xlsx file' })),
});
