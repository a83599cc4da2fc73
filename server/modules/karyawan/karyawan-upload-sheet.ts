/**
 * Reads the employee sheet of an upload: row 1 names the columns (the spec's field names, or the list
 * export's headers, any order), every later non-blank row is one employee. Under an export header the
 * "code - name" cells are read as their code, and the export's read-only columns are ignored. File-level problems (not an .xlsx, no nrp column, unknown
 * or repeated columns, no data, too many rows) refuse the whole file with a 400; row-level problems are
 * the service's to report per row.
 */
import {
  codeOfNamed,
  KARYAWAN_UPLOAD_COLUMNS,
  UPLOAD_MAX_ROWS,
  UPLOAD_MESSAGES,
  uploadColumnOf,
} from '../../../src/domain/karyawan/karyawan-upload';
import { cellDate, cellText, readUploadSheet, type UploadSheet, type UploadSheetRow } from '../../lib/excel';
import { badRequest } from '../../lib/errors';

export type SheetEmployee = UploadSheetRow;
export type EmployeeSheet = UploadSheet;

const KIND = new Map(KARYAWAN_UPLOAD_COLUMNS.map((c) => [c.key, c.kind]));
/** Single-letter codes read in capitals: "l" is L, "y" is Y. */
const UPPER = new Set(['jenis_kelamin', 'status_kel', 'bpjs_kes']);

/** A cell of `key`: dates as 'YYYY-MM-DD', "code - name" as its code under an export header. */
const readerOf =
  (key: string, named: boolean) =>
  (raw: unknown): string | null => {
    let value = KIND.get(key) === 'date' ? cellDate(raw) : cellText(raw);
    if (value !== null && named) value = codeOfNamed(value);
    if (value !== null && UPPER.has(key)) value = value.toUpperCase();
    return value;
  };

export function readEmployeeSheet(bytes: Uint8Array): Promise<EmployeeSheet> {
  return readUploadSheet(bytes, {
    columnOf: (name) => {
      const column = uploadColumnOf(name);
      if (!column) return { unknown: name.toLowerCase() };
      // A read-only column of the export: not the upload's to change.
      if (!column.key) return null;
      return { key: column.key, read: readerOf(column.key, column.named) };
    },
    checkHeader: (keys) => {
      if (!keys.has('nrp')) throw badRequest(UPLOAD_MESSAGES.noHeader);
    },
    maxRows: UPLOAD_MAX_ROWS,
    messages: UPLOAD_MESSAGES,
  });
}
