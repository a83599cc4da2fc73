/**
 * Checks an uploaded zip (an .xlsx) before anything parses it, so a small file cannot unfold into
 * hundreds of megabytes inside the server (docs/decisions/012-upload-inflate-limits.md).
 *
 * Three passes over the bytes already in memory, the cheap ones first:
 *  1. the central directory: entry count, each entry's declared size, their sum; zip64, encryption,
 *     multi-disk and compression methods other than stored/deflate are refused, not interpreted;
 *  2. the layout: the local entries must lie back to back from byte 0 to the central directory, in its
 *     order, each agreeing with its directory record. ExcelJS's reader (unzipper's Parse) walks the
 *     local headers and never reads the directory, so an entry hidden between them, or a local header
 *     that disagrees with the directory, would be read without having been counted;
 *  3. the content: every entry is inflated into a counter (nothing kept) that stops as soon as it
 *     passes the entry's limit, and must come to its declared size: a header that lies about the size
 *     cannot get past either.
 */
import { createInflateRaw } from 'node:zlib';

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Decompressed bytes of all entries together. */
  maxTotalBytes: number;
  /** Decompressed bytes one entry may hold (may depend on its name). */
  maxEntryBytes: (name: string) => number;
}

export type ZipRefusal =
  | { reason: 'entries'; limit: number }
  | { reason: 'size'; limit: number; entry?: string }
  | { reason: 'malformed'; detail: string };

/** Thrown when a zip is refused; `refusal` says why, for the caller to word. */
export class ZipRefused extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(refusal.reason === 'malformed' ? `zip: ${refusal.detail}` : `zip: over the ${refusal.reason} limit`);
  }
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
const END_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
/** unzipper reads a data descriptor as 16 bytes: signature, crc, sizes (no zip64). */
const DESCRIPTOR_SIZE = 16;
const MAX_COMMENT = 0xffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const STORED = 0;
const DEFLATE = 8;
/** A size or offset of all ones means "see the zip64 record": not handled, so refused. */
const ZIP64_32 = 0xffffffff;
const ZIP64_16 = 0xffff;

interface Entry {
  name: Buffer;
  label: string;
  flags: number;
  method: number;
  compressed: number;
  size: number;
  offset: number;
  /** The most it may inflate to. */
  limit: number;
}

const malformed = (detail: string) => new ZipRefused({ reason: 'malformed', detail });

/** Refuses (throws ZipRefused) a zip beyond `limits` or one this guard cannot fully account for. */
export async function checkZip(bytes: Uint8Array, limits: ZipLimits): Promise<void> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(buf);
  const entries = readDirectory(buf, end, limits);
  const spans = checkLayout(buf, entries, end.directoryOffset);
  for (const [i, e] of entries.entries()) {
    const data = buf.subarray(spans[i]!.start, spans[i]!.start + e.compressed);
    // Counted up to the entry's limit, not its declared size: a part that says 1 KB and holds 200 MB is
    // refused as too big (its real size is beyond the limit), one that merely disagrees as malformed.
    const actual = e.method === STORED ? data.length : await inflatedBytes(data, e.limit);
    if (actual > e.limit) throw new ZipRefused({ reason: 'size', limit: e.limit, entry: e.label });
    // Else the actual sizes are the declared ones, whose sum is within the limit.
    if (actual !== e.size) throw malformed(`${e.label}: ${actual} bytes, declared ${e.size}`);
  }
}

interface End {
  at: number;
  count: number;
  directorySize: number;
  directoryOffset: number;
}

/** The end-of-central-directory record: the last one whose comment runs exactly to the end of the file. */
function findEnd(buf: Buffer): End {
  const lowest = Math.max(0, buf.length - END_SIZE - MAX_COMMENT);
  for (let at = buf.length - END_SIZE; at >= lowest; at--) {
    if (buf.readUInt32LE(at) !== SIG_END || at + END_SIZE + buf.readUInt16LE(at + 20) !== buf.length) continue;
    if (at >= 20 && buf.readUInt32LE(at - 20) === SIG_ZIP64_LOCATOR) throw malformed('zip64');
    const disk = buf.readUInt16LE(at + 4);
    const directoryDisk = buf.readUInt16LE(at + 6);
    const onDisk = buf.readUInt16LE(at + 8);
    const count = buf.readUInt16LE(at + 10);
    const directorySize = buf.readUInt32LE(at + 12);
    const directoryOffset = buf.readUInt32LE(at + 16);
    if (disk !== 0 || directoryDisk !== 0 || onDisk !== count) throw malformed('multi-disk');
    if (count === ZIP64_16 || directorySize === ZIP64_32 || directoryOffset === ZIP64_32) throw malformed('zip64');
    if (directoryOffset + directorySize !== at) throw malformed('central directory not before its end record');
    return { at, count, directorySize, directoryOffset };
  }
  throw malformed('no end of central directory');
}

/** The directory's records, checked against the limits on what they declare (nothing inflated yet). */
function readDirectory(buf: Buffer, end: End, limits: ZipLimits): Entry[] {
  if (end.count > limits.maxEntries) throw new ZipRefused({ reason: 'entries', limit: limits.maxEntries });
  const entries: Entry[] = [];
  let declared = 0;
  let p = end.directoryOffset;
  for (let i = 0; i < end.count; i++) {
    if (p + CENTRAL_SIZE > end.at || buf.readUInt32LE(p) !== SIG_CENTRAL) throw malformed('bad directory record');
    const nameLength = buf.readUInt16LE(p + 28);
    const next = p + CENTRAL_SIZE + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (next > end.at) throw malformed('directory record overruns');
    const name = buf.subarray(p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLength);
    const e: Entry = {
      name,
      label: name.toString('utf8'),
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      limit: limits.maxEntryBytes(name.toString('utf8')),
    };
    if (buf.readUInt16LE(p + 34) !== 0) throw malformed('multi-disk');
    if (e.compressed === ZIP64_32 || e.size === ZIP64_32 || e.offset === ZIP64_32) throw malformed('zip64');
    if (e.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) throw malformed(`${e.label}: encrypted`);
    if (e.method !== STORED && e.method !== DEFLATE) throw malformed(`${e.label}: method ${e.method}`);
    if (e.method === STORED && e.compressed !== e.size) throw malformed(`${e.label}: stored sizes differ`);
    if (e.size > e.limit) throw new ZipRefused({ reason: 'size', limit: e.limit, entry: e.label });
    declared += e.size;
    if (declared > limits.maxTotalBytes) throw new ZipRefused({ reason: 'size', limit: limits.maxTotalBytes });
    entries.push(e);
    p = next;
  }
  if (p !== end.at) throw malformed('bytes after the directory records');
  return entries;
}

/**
 * Walks the local entries as unzipper does (header, then the data: as long as the local header says,
 * or up to the first data-descriptor signature when it says 0 with bit 3 set) and requires that walk
 * to meet exactly the directory's entries, back to back, ending where the directory starts.
 */
function checkLayout(buf: Buffer, entries: Entry[], directoryOffset: number): { start: number }[] {
  let pos = 0;
  const spans = entries.map((e) => {
    if (e.offset !== pos) throw malformed(`${e.label}: not where the previous entry ends`);
    if (pos + LOCAL_SIZE > directoryOffset || buf.readUInt32LE(pos) !== SIG_LOCAL) {
      throw malformed(`${e.label}: no local header`);
    }
    const flags = buf.readUInt16LE(pos + 6);
    const method = buf.readUInt16LE(pos + 8);
    const compressed = buf.readUInt32LE(pos + 18);
    const size = buf.readUInt32LE(pos + 22);
    const nameLength = buf.readUInt16LE(pos + 26);
    const start = pos + LOCAL_SIZE + nameLength + buf.readUInt16LE(pos + 28);
    const dataEnd = start + e.compressed;
    if (dataEnd > directoryOffset) throw malformed(`${e.label}: data overruns`);
    if (method !== e.method || (flags & FLAG_DESCRIPTOR) !== (e.flags & FLAG_DESCRIPTOR)) {
      throw malformed(`${e.label}: local header disagrees`);
    }
    if (!buf.subarray(pos + LOCAL_SIZE, pos + LOCAL_SIZE + nameLength).equals(e.name)) {
      throw malformed(`${e.label}: local name disagrees`);
    }
    if (flags & FLAG_DESCRIPTOR && compressed === 0) {
      // unzipper ends the data at the first descriptor signature it meets: it must be the real one.
      if (buf.indexOf(SIG_DESCRIPTOR, start) !== dataEnd) throw malformed(`${e.label}: descriptor not at data end`);
      if (dataEnd + DESCRIPTOR_SIZE > directoryOffset) throw malformed(`${e.label}: descriptor overruns`);
      if (buf.readUInt32LE(dataEnd + 8) !== e.compressed || buf.readUInt32LE(dataEnd + 12) !== e.size) {
        throw malformed(`${e.label}: descriptor disagrees`);
      }
      pos = dataEnd + DESCRIPTOR_SIZE;
    } else {
      // With sizes in the local header unzipper reads no descriptor: a local header must carry neither.
      if (flags & FLAG_DESCRIPTOR) throw malformed(`${e.label}: sizes and a descriptor`);
      if (compressed !== e.compressed || size !== e.size) throw malformed(`${e.label}: local sizes disagree`);
      pos = dataEnd;
    }
    return { start };
  });
  if (pos !== directoryOffset) throw malformed('bytes between the last entry and the directory');
  return spans;
}

/**
 * Inflates raw deflate data into a counter, never holding more than one output chunk; stops as soon as
 * the count passes `stopAfter` (then answers a count above it). Corrupt data is malformed.
 */
function inflatedBytes(data: Buffer, stopAfter: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    let count = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    inflater.on('data', (chunk: Buffer) => {
      count += chunk.length;
      if (count > stopAfter) {
        inflater.destroy();
        settle(() => resolve(count));
      }
    });
    inflater.on('end', () => settle(() => resolve(count)));
    inflater.on('error', () => settle(() => reject(malformed('corrupt deflate data'))));
    inflater.on('close', () => settle(() => resolve(count)));
    inflater.end(data);
  });
}
