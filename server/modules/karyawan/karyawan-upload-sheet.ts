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
import { REFUSED_REASON_COLUMN } from '../../../src/domain/upload';
import { cellDate, cellText, readFirstSheet } from '../../lib/excel';
import { badRequest } from '../../lib/errors';

export interface SheetEmployee {
  /** The row number Excel shows. */
  baris: number;
  /** The cells of the columns the sheet has, as text ('YYYY-MM-DD' for dates); blank is null. */
  cells: Map<string, string | null>;
}

export interface EmployeeSheet {
  /** The columns the sheet has. */
  columns: Set<string>;
  rows: SheetEmployee[];
}

const KIND = new Map(KARYAWAN_UPLOAD_COLUMNS.map((c) => [c.key, c.kind]));
/** Single-letter codes read in capitals: "l" is L, "y" is Y. */
const UPPER = new Set(['jenis_kelamin', 'status_kel', 'bpjs_kes']);

export async function readEmployeeSheet(bytes: Uint8Array): Promise<EmployeeSheet> {
  let header: Map<number, { key: string; named: boolean }> | null = null;
  const rows: SheetEmployee[] = [];
  for await (const row of readFirstSheet(bytes)) {
    if (!header) {
      header = headerOf(row.values);
      continue;
    }
    const cells = new Map<string, string | null>();
    let blank = true;
    for (const [col, { key, named }] of header) {
      const raw = row.values[col];
      let value = KIND.get(key) === 'date' ? cellDate(raw) : cellText(raw);
      if (value !== null && named) value = codeOfNamed(value);
      if (value !== null && UPPER.has(key)) value = value.toUpperCase();
      if (value !== null) blank = false;
      cells.set(key, value);
    }
    if (blank) continue;
    if (rows.length >= UPLOAD_MAX_ROWS) throw badRequest(UPLOAD_MESSAGES.tooManyRows);
    rows.push({ baris: row.number, cells });
  }
  if (!header) throw badRequest(UPLOAD_MESSAGES.empty);
  if (rows.length === 0) throw badRequest(UPLOAD_MESSAGES.empty);
  return { columns: new Set([...header.values()].map((c) => c.key)), rows };
}

function headerOf(values: unknown[]): Map<number, { key: string; named: boolean }> {
  const header = new Map<number, { key: string; named: boolean }>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  values.forEach((value, col) => {
    const name = cellText(value);
    // alasan_gagal: the reason column of a downloaded sheet of refused rows.
    if (!name || name.toLowerCase() === REFUSED_REASON_COLUMN) return;
    const column = uploadColumnOf(name);
    if (!column) {
      unknown.push(name.toLowerCase());
      return;
    }
    // A read-only column of the export: not the upload's to change.
    if (!column.key) return;
    if (seen.has(column.key)) throw badRequest(UPLOAD_MESSAGES.duplicateColumn(column.key));
    seen.add(column.key);
    header.set(col, { key: column.key, named: column.named });
  });
  if (!seen.has('nrp')) throw badRequest(UPLOAD_MESSAGES.noHeader);
  if (unknown.length) throw badRequest(UPLOAD_MESSAGES.unknownColumns(unknown.slice(0, 10)));
  return header;
}
