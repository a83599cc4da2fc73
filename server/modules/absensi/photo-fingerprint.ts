/**
 * A check-in photo's perceptual fingerprint (docs/decisions/033): a 64-bit pHash. The photo is decoded
 * by sharp (libvips; JPEG shrink-on-load keeps a 1280×960 photo to a few ms), turned grey, squeezed to
 * 32×32, and the 8×8 lowest frequencies of its DCT are compared with their median: a bit each.
 * Re-encoding, resizing and a slight crop move few bits; another scene moves about half of them. (A 9×8
 * dHash was tried first: a 2 % crop moved up to 16 bits of it, as far as two different scenes.)
 *
 * Near matches are searched in SQL with multi-index hashing: the hash's four 16-bit chunks are indexed
 * columns (photo_hash.h0…h3). Two hashes within PHOTO_MATCH_MAX_DISTANCE bits differ in at least one
 * chunk by at most ⌊distance/4⌋ bits (pigeonhole), so the candidates are the rows equal to one of the
 * chunk's near values (index probes), and the exact distance is bit_count of the XOR, in SQL.
 */
import sharp from 'sharp';
import { THUMB_INPUT_PIXELS } from '../../lib/photo-thumbnail';

/**
 * Hamming distance at or under which two photos are the same scene. Tuned on generated scenes
 * (bench/photo-scenes.ts; test/server/absensi/photo-evidence.test.ts): re-encoding at JPEG quality 40–95,
 * resizing by −7 %…+5 % and a centred 2 % crop moved at most 10 bits; 1,770 pairs of different scenes
 * were at least 16 apart. 11 keeps every candidate within reach of a 2-bit chunk probe (11 < 4 × 3).
 */
export const PHOTO_MATCH_MAX_DISTANCE = 11;

/** How many bits a chunk may differ by and still hold a candidate: ⌊distance / 4⌋. */
export const CHUNK_RADIUS = Math.floor(PHOTO_MATCH_MAX_DISTANCE / 4);

sharp.concurrency(1);
sharp.cache(false);

/** The hash as PostgreSQL's signed bigint. */
export const toSigned64 = (h: bigint) => BigInt.asIntN(64, h);

/** The four 16-bit chunks, most significant first. */
export function chunksOf(h: bigint): [number, number, number, number] {
  const u = BigInt.asUintN(64, h);
  return [
    Number((u >> 48n) & 0xffffn),
    Number((u >> 32n) & 0xffffn),
    Number((u >> 16n) & 0xffffn),
    Number(u & 0xffffn),
  ];
}

export function hamming(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** Every 16-bit value within `radius` bits of `v` (1 + 16 + 120 values for radius 2). */
export function nearValues(v: number, radius = CHUNK_RADIUS): number[] {
  const out = [v];
  if (radius >= 1) for (let i = 0; i < 16; i++) out.push(v ^ (1 << i));
  if (radius >= 2) for (let i = 0; i < 16; i++) for (let j = i + 1; j < 16; j++) out.push(v ^ (1 << i) ^ (1 << j));
  if (radius >= 3) throw new Error('chunk radius above 2 is not supported');
  return out;
}

const DCT_N = 32;
const COS: number[][] = Array.from({ length: 8 }, (_, u) =>
  Array.from({ length: DCT_N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * DCT_N))),
);

/** A photo sharp cannot decode, or one that would decode to more than THUMB_INPUT_PIXELS. */
export class UnreadablePhoto extends Error {}

/**
 * The 64-bit pHash: the 8×8 lowest frequencies of a 32×32 DCT, each compared with their median. The same
 * pixel limit as the thumbnails: a small PNG of 16000×16000 would otherwise cost seconds of CPU (and a
 * gigabyte) in the job; sharp refuses it from its header. UnreadablePhoto when it cannot or may not be read.
 */
export async function photoFingerprint(bytes: Uint8Array): Promise<bigint> {
  let px: Buffer;
  try {
    px = await decodeSmall(bytes);
  } catch (err) {
    throw new UnreadablePhoto(err instanceof Error ? err.message : String(err));
  }
  return hashOf(px);
}

const decodeSmall = (bytes: Uint8Array) =>
  sharp(bytes, { failOn: 'none', limitInputPixels: THUMB_INPUT_PIXELS })
    .rotate()
    .greyscale()
    .resize(DCT_N, DCT_N, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();

function hashOf(px: Buffer): bigint {
  // Rows first, then columns, only the 8 lowest frequencies of each.
  const rows: number[][] = [];
  for (let y = 0; y < DCT_N; y++) {
    const r: number[] = [];
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < DCT_N; x++) s += px[y * DCT_N + x]! * COS[u]![x]!;
      r.push(s);
    }
    rows.push(r);
  }
  const coeffs: number[] = [];
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < DCT_N; y++) s += rows[y]![u]! * COS[v]![y]!;
      coeffs.push(s);
    }
  }
  const sorted = coeffs.slice(1).sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (const c of coeffs) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return hash;
}
