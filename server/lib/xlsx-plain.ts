/**
 * A plain one-sheet .xlsx written by hand, for exports too big for ExcelJS's streaming writer
 * (docs/decisions/047-activity-export-writer.md): the sheet's XML is built as text a batch of rows at
 * a time and deflated straight into a zip (node:zlib), entries framed with data descriptors so nothing
 * is buffered whole. Texts are inline strings (`t="inlineStr"`), numbers numbers, null an empty cell.
 * Styles as the ExcelJS exports have them: a bold frozen header, text columns formatted '@', widths.
 * Backpressure: a batch is taken only when the response has read what came before.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { XlsxColumn } from './excel';

export type PlainCell = string | number | null;

export interface PlainSheet {
  name: string;
  columns: XlsxColumn[];
  /** As XlsxSheet.fill: every data row through `add`, awaited; stop when `aborted()`. */
  fill: (add: (rows: PlainCell[][]) => Promise<void>, aborted: () => boolean) => Promise<void>;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';

// Characters XML 1.0 cannot carry (controls other than tab, LF, CR) are dropped; a lone surrogate
// becomes U+FFFD when the text is encoded.
/* eslint-disable no-control-regex */
const INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
/* eslint-enable no-control-regex */
const escapeXml = (s: string) =>
  SPECIAL.test(s)
    ? s.replace(INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : s;

/** 'A', 'B', … 'Z', 'AA', … for column index 0, 1, … */
export function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Cell styles (cellXfs): 0 plain, 1 text '@', 2 bold, 3 bold text. */
const STYLES =
  XML_HEAD +
  `<styleSheet xmlns="${NS_MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>` +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

function staticParts(sheetName: string): [string, string][] {
  const name = escapeXml(sheetName);
  return [
    [
      '[Content_Types].xml',
      XML_HEAD +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${CT}.spreadsheetml.styles+xml"/>` +
        `<Override PartName="/docProps/app.xml" ContentType="${CT}.extended-properties+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      XML_HEAD +
        `<Relationships xmlns="${NS_PKG}">` +
        `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/>` +
        `<Relationship Id="rId2" Type="${NS_REL}/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    ],
    [
      'docProps/app.xml',
      XML_HEAD +
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
        '<Application>Hadir</Application></Properties>',
    ],
    [
      'xl/workbook.xml',
      XML_HEAD +
        `<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      XML_HEAD +
        `<Relationships xmlns="${NS_PKG}">` +
        `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    // No theme part: the fonts name no theme colour or scheme.
    ['xl/styles.xml', STYLES],
  ];
}

/** The worksheet's XML up to its first data row: frozen header, column widths and styles, the header. */
function sheetHead(columns: XlsxColumn[]): string {
  const cols = columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${c.numFmt === '@' ? ' style="1"' : ''}/>`,
    )
    .join('');
  const header = columns
    .map(
      (c, i) =>
        `<c r="${columnName(i)}1" s="${c.numFmt === '@' ? 3 : 2}" t="inlineStr"><is><t>${escapeXml(c.header)}</t></is></c>`,
    )
    .join('');
  return (
    XML_HEAD +
    `<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols><sheetData><row r="1" s="2" customFormat="1">${header}</row>`
  );
}

const SHEET_TAIL =
  '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

/** The XML of data rows from row number `first` on. */
function rowsXml(rows: PlainCell[][], first: number, refs: string[], textStyle: boolean[]): string {
  let xml = '';
  for (let r = 0; r < rows.length; r++) {
    const n = first + r;
    const cells = rows[r]!;
    xml += `<row r="${n}">`;
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined) continue;
      const s = textStyle[i] ? ' s="1"' : '';
      if (typeof v === 'number') {
        if (Number.isFinite(v)) xml += `<c r="${refs[i]}${n}"${s}><v>${v}</v></c>`;
      } else xml += `<c r="${refs[i]}${n}"${s} t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`;
    }
    xml += '</row>';
  }
  return xml;
}

// ---------------------------------------------------------------- zip

const U32 = 0xffffffff;

/** MS-DOS time and date of `d` (local fields, as zip tools show them). */
function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  csize: number;
  size: number;
  offset: number;
}

/** Flags: sizes and CRC in a data descriptor after the data (bit 3), UTF-8 names (bit 11). */
const FLAGS = 0x0808;

function localHeader(name: Buffer, at: { time: number; date: number }): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(8, 8);
  b.writeUInt16LE(at.time, 10);
  b.writeUInt16LE(at.date, 12);
  b.writeUInt16LE(name.length, 26);
  return Buffer.concat([b, name]);
}

function dataDescriptor(e: Written): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(e.crc, 4);
  b.writeUInt32LE(e.csize, 8);
  b.writeUInt32LE(e.size, 12);
  return b;
}

function centralDirectory(entries: Written[], at: { time: number; date: number }, offset: number): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (const e of entries) {
    const b = Buffer.alloc(46);
    b.writeUInt32LE(0x02014b50, 0);
    b.writeUInt16LE(20, 4);
    b.writeUInt16LE(20, 6);
    b.writeUInt16LE(FLAGS, 8);
    b.writeUInt16LE(8, 10);
    b.writeUInt16LE(at.time, 12);
    b.writeUInt16LE(at.date, 14);
    b.writeUInt32LE(e.crc, 16);
    b.writeUInt32LE(e.csize, 20);
    b.writeUInt32LE(e.size, 24);
    b.writeUInt16LE(e.name.length, 28);
    b.writeUInt32LE(e.offset, 42);
    parts.push(b, e.name);
    size += b.length + e.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/** Waits for the deflater to take more or to close, leaving no listener behind either way. */
async function drainOrClose(deflate: zlib.DeflateRaw): Promise<void> {
  const done = new AbortController();
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined);
  try {
    await Promise.race([
      quiet(once(deflate, 'drain', { signal: done.signal })),
      quiet(once(deflate, 'close', { signal: done.signal })),
    ]);
  } finally {
    done.abort();
  }
}

/**
 * Deflate level 1: the admin's day (~140 MB of sheet XML) deflates in 0.25-0.5 s where the default
 * level 6 takes ~1.2 s, for a file ~20% bigger (15 MB against 12.5 MB).
 */
const LEVEL = 1;

/**
 * The zip's bytes, entry after entry: each entry's text chunks are deflated as they come and its sizes
 * and CRC follow it. Too big for a zip without zip64 (4 GB): the download fails rather than lie.
 */
async function* zipOf(
  entries: { name: string; chunks: (write: (text: string) => Promise<void>) => Promise<void> }[],
  aborted: () => boolean,
  stop: () => void,
): AsyncGenerator<Buffer> {
  const at = dosTime(new Date());
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const e: Written = { name: Buffer.from(entry.name), crc: 0, csize: 0, size: 0, offset };
    const head = localHeader(e.name, at);
    offset += head.length;
    yield head;
    const deflate = zlib.createDeflateRaw({ level: LEVEL });
    // The producer feeds the deflater while this generator hands its output on, so the two overlap and
    // the deflater's small buffers (not the whole entry) stand between the rows and the response.
    const fed = (async () => {
      await entry.chunks(async (text) => {
        const buf = Buffer.from(text);
        e.crc = zlib.crc32(buf, e.crc);
        e.size += buf.length;
        if (!deflate.write(buf) && !deflate.destroyed) await drainOrClose(deflate);
      });
      deflate.end();
    })().catch((err: unknown) => {
      deflate.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    let whole = false;
    try {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        e.csize += chunk.length;
        offset += chunk.length;
        yield chunk;
      }
      whole = true;
    } finally {
      // Cut short (the client went away, or a failure): the rows stop being read before we wait for them.
      if (!whole) {
        stop();
        deflate.destroy();
      }
      await fed;
    }
    if (aborted()) return;
    if (e.size > U32 || offset > U32) throw new Error('xlsx-plain: the file passed 4 GB (zip64 not written)');
    const tail = dataDescriptor(e);
    offset += tail.length;
    yield tail;
    written.push(e);
  }
  yield centralDirectory(written, at, offset);
}

/** Text handed to the deflater at a time (a few hundred rows of XML). */
const CHUNK_CHARS = 256 * 1024;

/**
 * The answer body of a one-sheet download. A failure while writing cuts the download (the client sees
 * an incomplete file, never one that looks whole).
 */
export function plainXlsxStream(sheet: PlainSheet, opts: { onError?: (err: unknown) => void } = {}): ReadableStream {
  let closed = false;
  const aborted = () => closed;
  const refs = sheet.columns.map((_, i) => columnName(i));
  const textStyle = sheet.columns.map((c) => c.numFmt === '@');
  const parts = staticParts(sheet.name).map(([name, xml]) => ({
    name,
    chunks: (write: (text: string) => Promise<void>) => write(xml),
  }));
  const worksheet = {
    name: 'xl/worksheets/sheet1.xml',
    chunks: async (write: (text: string) => Promise<void>) => {
      await write(sheetHead(sheet.columns));
      let next = 2;
      let pending = '';
      await sheet.fill(async (rows) => {
        // Rows a slice at a time, so one big batch does not hold the event loop or a string of its size.
        for (let i = 0; i < rows.length && !closed; i += 200) {
          const slice = rows.slice(i, i + 200);
          pending += rowsXml(slice, next, refs, textStyle);
          next += slice.length;
          if (pending.length >= CHUNK_CHARS) {
            const text = pending;
            pending = '';
            await write(text);
          }
        }
      }, aborted);
      await write(pending + SHEET_TAIL);
    },
  };
  // The worksheet last: readers meet the workbook, its relationships and the styles first.
  const stop = () => {
    closed = true;
  };
  const readable = Readable.from(zipOf([...parts, worksheet], aborted, stop), { objectMode: false });
  readable.on('close', () => {
    closed = true;
  });
  readable.on('error', (err) => {
    closed = true;
    opts.onError?.(err);
  });
  return Readable.toWeb(readable) as ReadableStream;
}
