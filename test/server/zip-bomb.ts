/**
 * Hostile .xlsx files built in memory for the zip guard's test and bench (bench/xlsx-bomb.ts): a real
 * workbook whose shared strings are replaced by a huge run of one letter, which deflate folds ~1000:1
 * (200 MB into ~200 KB). The big part is compressed as a stream, so building it never holds it whole.
 * Its parts and `zipOf` also rebuild a workbook with its parts in another order (excel-read.test.ts).
 */
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

export interface ZipPart {
  name: string;
  /** Raw deflate data. */
  deflated: Buffer;
  /** The true size and CRC of the inflated part. */
  size: number;
  crc: number;
  /** The size written in the headers, when it should lie. */
  declaredSize?: number;
}

export const part = (name: string, content: Buffer | string): ZipPart => {
  const data = Buffer.from(content);
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

/** A part of `size` bytes: an XML head, then the letter A up to the size, then a tail. */
export async function hugePart(name: string, size: number, head: string, tail: string): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(1024 * 1024, 'A');
  let crc = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(Buffer.from(head));
  let left = size - Buffer.byteLength(head) - Buffer.byteLength(tail);
  while (left > 0) {
    const n = Math.min(left, block.length);
    await write(block.subarray(0, n));
    left -= n;
  }
  await write(Buffer.from(tail));
  deflate.end();
  await done;
  return { name, deflated: Buffer.concat(out), size, crc };
}

/** A plain zip: local headers with their sizes, the central directory, the end record. */
export function zipOf(parts: ZipPart[], opts: { hidden?: ZipPart } = {}): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const local = (p: ZipPart) => {
    const name = Buffer.from(p.name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0800, 6); // UTF-8 names
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt32LE(p.crc, 14);
    h.writeUInt32LE(p.deflated.length, 18);
    h.writeUInt32LE(p.declaredSize ?? p.size, 22);
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name, p.deflated]);
  };
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(p.crc, 16);
    c.writeUInt32LE(p.deflated.length, 20);
    c.writeUInt32LE(p.declaredSize ?? p.size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    centrals.push(Buffer.concat([c, name]));
    const l = local(p);
    locals.push(l);
    offset += l.length;
    // An entry the directory does not list, between two it does (only local-header readers see it).
    if (opts.hidden && p === parts[0]) {
      const h = local(opts.hidden);
      locals.push(h);
      offset += h.length;
    }
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const bytes = Buffer.concat([...locals, directory, end]);
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
}

const SST_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>';
const SST_TAIL = '</t></si></sst>';

/** The parts of a real one-sheet workbook with a header row and one data row (shared strings). */
export async function workbookParts(): Promise<ZipPart[]> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Karyawan');
  ws.addRow(['nrp', 'nama']);
  ws.addRow(['BOMB0001', 'Bom Zip']);
  const zip = Buffer.from(await wb.xlsx.writeBuffer());
  return readParts(zip);
}

/**
 * The workbook with its shared strings grown to `size` bytes. `declaredSize` makes the headers lie
 * about that part (say 1,000 bytes while it inflates to `size`).
 */
export async function sharedStringsBomb(size: number, declaredSize?: number): Promise<Uint8Array<ArrayBuffer>> {
  const parts = await workbookParts();
  const huge = await hugePart('xl/sharedStrings.xml', size, SST_HEAD, SST_TAIL);
  if (declaredSize !== undefined) huge.declaredSize = declaredSize;
  return zipOf(parts.map((p) => (p.name === 'xl/sharedStrings.xml' ? huge : p)));
}

/** The parts of a zip written by JSZip/ExcelJS (local sizes known, deflate or stored). */
export function readParts(zip: Buffer): ZipPart[] {
  let end = zip.length - 22;
  while (zip.readUInt32LE(end) !== 0x06054b50) end--;
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  const parts: ZipPart[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLength);
    const offset = zip.readUInt32LE(p + 42);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(start, start + compressed);
    parts.push(
      method === 8 ? { name, deflated: Buffer.from(data), size, crc: zip.readUInt32LE(p + 16) } : part(name, data),
    );
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return parts;
}
