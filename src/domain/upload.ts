/**
 * What every Excel upload shares (spec part 1 §2, §3 "Upload log row", §5 "Uploads"; part 2 §2.7,
 * §5): the file check, the limits, the texts of the screen, the history row. The employee upload
 * adds its sheet in karyawan-upload.ts; the attendance, store and route-list uploads can add theirs.
 */
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, ListQuerySchema } from './list-query';

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
export interface UploadFailure {
  baris: number;
  nrp: string;
  alasan: string;
}

export type UploadStatus = 'Sukses' | 'Sebagian' | 'Gagal';

export function uploadStatusOf(ok: number, failed: number): UploadStatus {
  if (failed === 0) return 'Sukses';
  return ok === 0 ? 'Gagal' : 'Sebagian';
}

/** Spec §3 "Upload log row"; `jumlah_gagal` counts every failure, `nrp_gagal` holds the first ones in a list. */
export interface UploadLogRow {
  id: number;
  file_name: string;
  tanggal: string;
  status: UploadStatus;
  keterangan: string;
  nrp_gagal: UploadFailure[];
  jumlah_gagal: number;
  upload_by: string;
}

/** How many failures a history row carries; the row's own call answers them all. */
export const LOG_LIST_FAILURES = 20;

/** GET …/upload/log?page= (spec: page size 10). */
export const UploadLogQuerySchema = v.object({
  page: ListQuerySchema.entries.page,
  per_page: v.optional(ListQuerySchema.entries.per_page, DEFAULT_PAGE_SIZE),
});
