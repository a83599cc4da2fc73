/**
 * .xlsx in and out with ExcelJS, both streamed.
 *
 * Reading: an upload is an .xlsx by content only — a zip (PK\x03\x04) whose first worksheet ExcelJS
 * can read; anything else is the spec's 400 "Format file salah…". Before ExcelJS sees it, the zip must
 * fit XLSX_LIMITS (zip-guard.ts): a small file cannot unfold into hundreds of megabytes in memory.
 * Rows are read one at a time with the streaming WorkbookReader, so a 10,000-row sheet never exists
 * as a cell model in memory.
 *
 * Writing: big files (the employee export, 100,000 rows) go out through the streaming WorkbookWriter
 * with inline strings, rows pulled in batches by the caller and written only as fast as the client
 * reads them (the producer waits while the output is backed up), so memory stays flat.
 */
import { EventEmitter, once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { hasXlsxMagic, REFUSED_REASON_COLUMN, UPLOAD_FILE_MESSAGES } from '../../src/domain/upload';
import { badRequest, HttpError } from './errors';
import { checkZip, ZipRefused, type ZipLimits } from './zip-guard';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---------------------------------------------------------------- cell values

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoOfUtc = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Excel's day serial (1900 system, days since 1899-12-30) → 'YYYY-MM-DD'. */
export function serialToIsoDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  return isoOfUtc(new Date(Math.round((serial - 25569) * 86_400_000)));
}

/** 'YYYY-MM-DD' → the Date ExcelJS writes as that day (UTC midnight: no time-zone shift in the cell). */
export function isoDateToCell(iso: string | null): Date | null {
  if (!iso) return null;
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/**
 * A cell as text, whatever Excel stored: rich text and hyperlinks by their text, formulas by their
 * result, dates as 'YYYY-MM-DD', whole numbers without a decimal point. Blank is null.
 */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoOfUtc(value);
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (Array.isArray(o.richText))
      return cellText((o.richText as { text?: string }[]).map((r) => r.text ?? '').join(''));
    if ('result' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
    if ('error' in o) return null;
  }
  return null;
}

/** A date cell: a real date, an Excel serial number, 'YYYY-MM-DD' or 'DD/MM/YYYY' (as typed in Indonesia). */
export function cellDate(value: unknown): string | null {
  if (typeof value === 'number') return serialToIsoDate(value) ?? String(value);
  const text = cellText(value);
  if (text === null) return null;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${pad(Number(dmy[2]))}-${pad(Number(dmy[1]))}`;
  return text;
}

// ---------------------------------------------------------------- reading

export interface SheetRow {
  /** The row number as Excel shows it (1 = the header). */
  number: number;
  /** Cell values by column number (index 0 unused, as ExcelJS gives them). */
  values: unknown[];
}

const MB = 1024 * 1024;
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * What an uploaded .xlsx may unfold into (docs/decisions/012-upload-inflate-limits.md). A 20,000-row
 * employee sheet with every one of its 42 columns filled with distinct text is ~47 MB of worksheet
 * (inline strings, as our own download writes it) or ~31 MB + ~21 MB of shared strings (as Excel saves
 * it). Worksheets are read row by row, so they may be bigger than the parts ExcelJS holds whole in
 * memory (shared strings, styles, workbook).
 */
export const XLSX_LIMITS = {
  maxEntries: 1000,
  worksheetBytes: 128 * MB,
  otherPartBytes: 32 * MB,
  maxTotalBytes: 160 * MB,
} as const;

const ZIP_LIMITS: ZipLimits = {
  maxEntries: XLSX_LIMITS.maxEntries,
  maxTotalBytes: XLSX_LIMITS.maxTotalBytes,
  maxEntryBytes: (name) => (WORKSHEET.test(name) ? XLSX_LIMITS.worksheetBytes : XLSX_LIMITS.otherPartBytes),
};

export const XLSX_LIMIT_MESSAGES = {
  tooBig: (limitBytes: number) =>
    `Isi file Excel terlalu besar untuk dibaca (lebih dari ${Math.round(limitBytes / MB)} MB setelah diekstrak)`,
  tooManyParts: (limit: number) =>
    `File Excel berisi terlalu banyak bagian (maksimal ${limit.toLocaleString('id-ID')})`,
} as const;

/**
 * An upload's zip within XLSX_LIMITS: beyond them 413; a zip the guard cannot account for (zip64,
 * encryption, entries hidden from the directory, a corrupt stream) is not an .xlsx we read: 400.
 */
export async function checkXlsxZip(bytes: Uint8Array): Promise<void> {
  try {
    await checkZip(bytes, ZIP_LIMITS);
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    const r = err.refusal;
    if (r.reason === 'malformed') throw badRequest(UPLOAD_FILE_MESSAGES.format);
    const message =
      r.reason === 'entries' ? XLSX_LIMIT_MESSAGES.tooManyParts(r.limit) : XLSX_LIMIT_MESSAGES.tooBig(r.limit);
    throw new HttpError(413, message, 'too_large');
  }
}

/** A cell ExcelJS could not resolve because it never read the shared strings (see readFirstSheet). */
const lostSharedString = (v: unknown) => typeof v === 'object' && v !== null && 'sharedString' in v;

/** ExcelJS's streaming reader lost parts of the zip on this pass. */
class LostParts extends Error {}

/** How many times a read that lost parts is started again before the upload is refused. */
const READ_ATTEMPTS = 3;

/**
 * The rows of the first worksheet of an .xlsx, in order. Not an .xlsx (by its first bytes, or
 * unreadable to ExcelJS, or without a worksheet) is a 400 with the spec's message; one that unfolds
 * beyond XLSX_LIMITS is a 413 before ExcelJS reads a byte of it.
 *
 * ExcelJS 4.4's streaming reader now and then (1 read in 170 to 1 in 25, more often on a busy machine)
 * stops taking entries from the zip after a worksheet that comes before the shared strings, as Excel and
 * ExcelJS write them: the sheet is then read without its shared strings, each text cell a
 * `{ sharedString: n }` placeholder. So the worksheets are moved to the end of the zip first
 * (worksheetsLast): the shared strings, styles and workbook are then read before any sheet, and that
 * order read whole 5,000 times of 5,000 on a loaded machine (the zip as written lost 10). Should a read
 * still show a placeholder before any row was handed on, it starts again; after READ_ATTEMPTS, or once
 * rows were handed on, the upload is refused rather than read wrong.
 */
export async function* readFirstSheet(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  if (!hasXlsxMagic(bytes)) throw badRequest(UPLOAD_FILE_MESSAGES.format);
  await checkXlsxZip(bytes);
  const ordered = await worksheetsLast(bytes);
  for (let attempt = 1; ; attempt++) {
    let handedOn = 0;
    try {
      for await (const row of readOnce(ordered)) {
        if (row.values.some(lostSharedString)) throw new LostParts();
        handedOn++;
        yield row;
      }
      return;
    } catch (err) {
      if (!(err instanceof LostParts)) throw err;
      console.warn(`[xlsx] ExcelJS lost the shared strings of an upload (read ${attempt} of ${READ_ATTEMPTS})`);
      if (handedOn > 0 || attempt >= READ_ATTEMPTS) throw badRequest(UPLOAD_FILE_MESSAGES.format);
    }
  }
}

/** One pass of ExcelJS's streaming reader over the first worksheet. */
/**
 * The zip with its worksheets after every other part, the workbook's first sheet first of them (see
 * readFirstSheet), or the same bytes when they already are so. ExcelJS hands on the sheets in the zip's
 * order, and Calc writes them in any order (sheet2.xml before sheet1.xml): the first sheet is the
 * workbook's (xl/workbook.xml), not the zip's. Entries are moved as they are, compressed: JSZip writes a
 * part it read compressed without inflating it again. A zip JSZip cannot read goes to ExcelJS as it came,
 * which answers for it.
 */
async function worksheetsLast(bytes: Uint8Array): Promise<Uint8Array> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return bytes;
  }
  const names = Object.keys(zip.files);
  const first = await firstSheetOf(zip);
  const sheets = names.filter((n) => WORKSHEET.test(n)).sort((a, b) => Number(b === first) - Number(a === first));
  const others = names.filter((n) => !WORKSHEET.test(n) && !zip.files[n]!.dir);
  const wanted = [...others, ...sheets];
  const now = names.filter((n) => !zip.files[n]!.dir);
  if (wanted.every((n, i) => now[i] === n)) return bytes;
  for (const name of sheets) {
    const entry = zip.files[name]!;
    delete zip.files[name];
    zip.files[name] = entry;
  }
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The part of the workbook's first sheet (`xl/worksheets/sheet1.xml`), from xl/workbook.xml and its rels. */
async function firstSheetOf(zip: JSZip): Promise<string | undefined> {
  const workbook = await zip.file('xl/workbook.xml')?.async('string');
  const rels = await zip.file('xl/_rels/workbook.xml.rels')?.async('string');
  if (!workbook || !rels) return undefined;
  const id = /<(?:\w+:)?sheet\b[^>]*?\s(?:\w+:)?id="([^"]+)"/.exec(workbook)?.[1];
  for (const tag of rels.match(/<(?:\w+:)?Relationship\b[^>]*>/g) ?? []) {
    if (/\sId="([^"]+)"/.exec(tag)?.[1] !== id) continue;
    const target = /\sTarget="([^"]+)"/.exec(tag)?.[1];
    if (!target) return undefined;
    return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  return undefined;
}

async function* readOnce(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date cell from a number.
    styles: 'cache',
  });
  // ExcelJS reads a worksheet as soon as it has the shared strings and the workbook's relationships, and
  // then looks its name up in xl/workbook.xml, which a zip may hold later: `this.model` is still unset
  // and the read failed on `model.sheets`. Only the name comes from there, and no caller needs it.
  (reader as unknown as { model?: { sheets: unknown[] } }).model ??= { sheets: [] };
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet) {
        yield { number: row.number, values: row.values as unknown[] };
      }
      // Only the first sheet holds data (a second one may hold instructions).
      break;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The user gets the spec's message; the log keeps ExcelJS's reason (a damaged file, or a reader fault).
    console.warn(`[xlsx] ExcelJS could not read an upload: ${err instanceof Error ? err.message : String(err)}`);
    throw badRequest(UPLOAD_FILE_MESSAGES.format);
  }
  if (!sawSheet) {
    console.warn('[xlsx] an upload has no worksheet ExcelJS could read');
    throw badRequest(UPLOAD_FILE_MESSAGES.format);
  }
}

// ---------------------------------------------------------------- upload sheets

/** A header cell's column: its key and how its cells are read (default cellText). */
export interface UploadColumn {
  key: string;
  read?: (raw: unknown) => string | null;
}

/** What one upload's sheet is: its columns, its limits and its messages. */
export interface UploadSheetSpec {
  /**
   * A header cell's text (trimmed, as typed) → its column; `{ unknown }` refuses the file naming it;
   * null ignores the column. Blank cells and alasan_gagal (the reason column of a downloaded sheet of
   * refused rows) are ignored before this is asked.
   */
  columnOf(name: string): UploadColumn | { unknown: string } | null;
  /** The header's keys once read: throws the upload's 400 when a required column is missing. */
  checkHeader(keys: Set<string>): void;
  /** Whether a data row is not an entry (default: every cell blank); such rows are skipped. */
  isBlank?(cells: Map<string, string | null>): boolean;
  maxRows: number;
  messages: {
    duplicateColumn(key: string): string;
    /** Needed when columnOf may answer `{ unknown }`. */
    unknownColumns?(names: string[]): string;
    tooManyRows: string;
    empty: string;
  };
}

export interface UploadSheetRow {
  /** The row number Excel shows. */
  baris: number;
  /** The cells of the columns the sheet has, by key, in the sheet's order; blank is null. */
  cells: Map<string, string | null>;
}

export interface UploadSheet {
  /** The columns the sheet has. */
  columns: Set<string>;
  rows: UploadSheetRow[];
}

/**
 * The shared reading of every upload's sheet (employees, stores, route lists, attendance): the first
 * worksheet (readFirstSheet: the .xlsx checks and the zip guard), row 1 names the columns in any order,
 * every later row that is not blank is one entry. File-level problems (a repeated, unknown or missing
 * column, no data, too many rows) refuse the whole file with a 400; row-level rules are the upload's.
 */
export async function readUploadSheet(bytes: Uint8Array, spec: UploadSheetSpec): Promise<UploadSheet> {
  let header: Map<number, UploadColumn> | null = null;
  const rows: UploadSheetRow[] = [];
  const isBlank = spec.isBlank ?? ((cells: Map<string, string | null>) => [...cells.values()].every((c) => c === null));
  for await (const row of readFirstSheet(bytes)) {
    if (!header) {
      header = uploadHeaderOf(row.values, spec);
      continue;
    }
    const cells = new Map<string, string | null>();
    for (const [col, { key, read }] of header) cells.set(key, (read ?? cellText)(row.values[col]));
    if (isBlank(cells)) continue;
    if (rows.length >= spec.maxRows) throw badRequest(spec.messages.tooManyRows);
    rows.push({ baris: row.number, cells });
  }
  if (!header || rows.length === 0) throw badRequest(spec.messages.empty);
  return { columns: new Set([...header.values()].map((c) => c.key)), rows };
}

function uploadHeaderOf(values: unknown[], spec: UploadSheetSpec): Map<number, UploadColumn> {
  const header = new Map<number, UploadColumn>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  values.forEach((value, col) => {
    const name = cellText(value);
    if (!name || name.toLowerCase() === REFUSED_REASON_COLUMN) return;
    const column = spec.columnOf(name);
    if (!column) return;
    if ('unknown' in column) return void unknown.push(column.unknown);
    if (seen.has(column.key)) throw badRequest(spec.messages.duplicateColumn(column.key));
    seen.add(column.key);
    header.set(col, column);
  });
  spec.checkHeader(seen);
  if (unknown.length)
    throw badRequest(spec.messages.unknownColumns?.(unknown.slice(0, 10)) ?? UPLOAD_FILE_MESSAGES.format);
  return header;
}

// ---------------------------------------------------------------- writing

export interface XlsxColumn {
  header: string;
  width: number;
  /** Excel number format: '@' keeps typed codes as text, 'yyyy-mm-dd' shows dates. */
  numFmt?: string;
}

/** A link cell: the text shown and the address it opens (ExcelJS writes the sheet's relationship). */
export interface XlsxLink {
  text: string;
  hyperlink: string;
}

export type XlsxCell = string | number | Date | null | XlsxLink;

export interface XlsxSheet {
  name: string;
  columns: XlsxColumn[];
  /**
   * Called once: writes every data row through `add`, awaiting it (that is where the writer waits for
   * a slow reader or a busy zip). `aborted()` turns true when the client went away: stop reading then.
   */
  fill?: (add: (rows: XlsxCell[][]) => Promise<void>, aborted: () => boolean) => Promise<void>;
}

/** Bytes buffered between the zip and the HTTP response before the producer waits. */
const OUT_HIGH_WATER = 256 * 1024;
/** Rows written between two turns of the event loop. */
const SLICE = 250;

/** A writable of any stream implementation (archiver brings readable-stream 2). */
type Intake = EventEmitter & { writableNeedDrain?: boolean; _writableState?: { needDrain?: boolean } };
const needsDrain = (s: Intake) => s.writableNeedDrain ?? s._writableState?.needDrain ?? false;

/**
 * The stream that takes a streamed worksheet's XML into the zip (ExcelJS's StreamBuf pipes into the
 * PassThrough archiver wraps it in). Internal to ExcelJS 4 and archiver 5: when it is not there, only
 * the response's backpressure paces the writer.
 */
function sheetIntake(ws: unknown): Intake | undefined {
  const target = (ws as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return target instanceof EventEmitter && '_writableState' in target ? (target as Intake) : undefined;
}

/** Waits for `full` to drain or `out` to close, leaving no listener behind either way. */
async function drainOrClose(full: EventEmitter, out: EventEmitter): Promise<void> {
  const done = new AbortController();
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
  try {
    await Promise.race([
      quiet(once(full, 'drain', { signal: done.signal })),
      quiet(once(out, 'close', { signal: done.signal })),
    ]);
  } finally {
    done.abort();
  }
}

/**
 * A streamed workbook: the answer body of a download. The sheets are written in order; a failure while
 * writing cuts the download (the client sees an incomplete file, never a file that looks whole).
 */
export function xlsxStream(sheets: XlsxSheet[], opts: { onError?: (err: unknown) => void } = {}): ReadableStream {
  const out = new PassThrough({ highWaterMark: OUT_HIGH_WATER });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Hadir';
  let closed = false;
  out.on('close', () => {
    closed = true;
  });
  out.on('error', () => {
    closed = true;
  });

  // Two places can back up: the response (a slow client) and the zip's intake (compression slower
  // than ExcelJS writes XML: ExcelJS hands its sheet to the zip without waiting, into a PassThrough that
  // archiver puts in front of it). The writer waits on both before it writes more.
  let intake: Intake | undefined;
  const backedUp = () => (out.writableNeedDrain ? out : intake && needsDrain(intake) ? intake : undefined);
  const breathe = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let full = backedUp(); full && !closed; full = backedUp()) await drainOrClose(full, out);
  };

  const run = async () => {
    for (const sheet of sheets) {
      const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = sheet.columns.map((c, i) => ({
        key: `c${i}`,
        header: c.header,
        width: c.width,
        style: c.numFmt ? { numFmt: c.numFmt } : {},
      }));
      const header = ws.getRow(1);
      header.font = { bold: true };
      header.commit();
      intake = sheetIntake(ws);
      // One style object per column, shared by its cells: ExcelJS remembers a style object it has seen,
      // so each cell costs a lookup instead of a style of its own (half the time and memory of a 100,000-row sheet).
      const shared = sheet.columns.map((c) => (c.numFmt ? { numFmt: c.numFmt } : {}));
      if (sheet.fill) {
        await sheet.fill(
          async (rows) => {
            for (let i = 0; i < rows.length; i++) {
              const row = ws.addRow(rows[i] ?? []);
              row.eachCell((cell, col) => {
                cell.style = shared[col - 1] ?? {};
              });
              row.commit();
              // Let the zip and the socket take what was written before more piles up.
              if (i % SLICE === SLICE - 1) await breathe();
            }
            await breathe();
          },
          () => closed,
        );
      }
      ws.commit();
      if (closed) return;
    }
    await wb.commit();
  };
  run().catch((err: unknown) => {
    opts.onError?.(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(out) as ReadableStream;
}
