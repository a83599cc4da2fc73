/**
 * Reads the employee sheet of an upload: row 1 names the columns (the spec's field names, any order),
 * every later non-blank row is one employee. File-level problems (not an .xlsx, no nrp column, unknown
 * or repeated columns, no data, too many rows) refuse the whole file with a 400; row-level problems are
 * the service's to report per row.
 */
import {
  KARYAWAN_UPLOAD_COLUMNS,
  UPLOAD_COLUMN_KEYS,
  UPLOAD_MAX_ROWS,
  UPLOAD_MESSAGES,
} from '../../../src/domain/karyawan-upload';
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
  let header: Map<number, string> | null = null;
  const rows: SheetEmployee[] = [];
  for await (const row of readFirstSheet(bytes)) {
    if (!header) {
      header = headerOf(row.values);
      continue;
    }
    const cells = new Map<string, string | null>();
    let blank = true;
    for (const [col, key] of header) {
      const raw = row.values[col];
      let value = KIND.get(key) === 'date' ? cellDate(raw) : cellText(raw);
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
  return { columns: new Set(header.values()), rows };
}

function headerOf(values: unknown[]): Map<number, string> {
  const header = new Map<number, string>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  values.forEach((value, col) => {
    const name = cellText(value)?.toLowerCase();
    if (!name) return;
    if (!UPLOAD_COLUMN_KEYS.has(name)) {
      unknown.push(name);
      return;
    }
    if (seen.has(name)) throw badRequest(UPLOAD_MESSAGES.duplicateColumn(name));
    seen.add(name);
    header.set(col, name);
  });
  if (!seen.has('nrp')) throw badRequest(UPLOAD_MESSAGES.noHeader);
  if (unknown.length) throw badRequest(UPLOAD_MESSAGES.unknownColumns(unknown.slice(0, 10)));
  return header;
}
