/**
 * Thumbnails of stored photos (issue 31 item 4; src/domain/photo-thumbnail.ts): made by sharp on the first
 * request, stored beside the photo as `thumb/<stem>-<ext>-w<width>.webp` (the photo's name, its dot
 * turned into a dash, so the key is deterministic and two photos never share one) in the same storage,
 * and read from there afterwards. The route authorizes first (server/modules/files); nothing here checks
 * who asks.
 *
 * - EXIF orientation is applied, the width fitted to `width` without enlargement (and the height to 3×
 *   the width, so a strip-shaped picture cannot make a big thumbnail), WebP at quality 70; over
 *   THUMB_MAX_BYTES the quality is lowered (45, then 20), never the contract.
 * - A picture sharp cannot decode, or one over THUMB_INPUT_PIXELS (a small file that decompresses into
 *   gigapixels), has no thumbnail: the route answers 422 and the screen offers the full photo.
 * - Concurrent first requests: one process makes each thumbnail once (the promise is shared); several
 *   copies of the server may each make it, and whichever write lands first stays — a local put is
 *   written under a temporary name and linked in whole (server/lib/storage/local.ts), a bucket's put is
 *   atomic — so no reader ever sees half a file.
 * - removePhoto (server/lib/files.ts) deletes the thumbnails with the photo, so the retention job and
 *   every replaced or deleted photo take theirs along.
 */
import sharp from 'sharp';
import { THUMB_MAX_BYTES, THUMB_WIDTHS, type ThumbWidth } from '../../src/domain/photo-thumbnail';
import type { Storage } from './storage';

/** The most pixels a photo may decode to before it is refused (8,000 × 6,250: far above any camera's 2 MB JPEG). */
export const THUMB_INPUT_PIXELS = 50_000_000;
const QUALITIES = [70, 45, 20] as const;

sharp.cache(false);

/** The storage key of a photo's thumbnail: `photo/AbC….jpg` → `thumb/AbC…-jpg-w320.webp`. */
export const thumbKey = (name: string, width: ThumbWidth) => `thumb/${name.replace('.', '-')}-w${width}.webp`;

/** Every thumbnail key a photo may have (what is deleted with it). */
export const thumbKeys = (name: string) => THUMB_WIDTHS.map((w) => thumbKey(name, w));

export class UndecodablePhoto extends Error {}

/** The thumbnail's bytes (WebP) of a photo's bytes; UndecodablePhoto when sharp cannot read it. */
export async function makeThumbnail(photo: Uint8Array, width: ThumbWidth): Promise<Uint8Array> {
  const px = Number(width);
  let last: Buffer | undefined;
  for (const quality of QUALITIES) {
    try {
      last = await sharp(photo, { failOn: 'none', limitInputPixels: THUMB_INPUT_PIXELS })
        .rotate()
        .resize({ width: px, height: px * 3, fit: 'inside', withoutEnlargement: true })
        .webp({ quality, effort: 4 })
        .toBuffer();
    } catch (err) {
      throw new UndecodablePhoto(err instanceof Error ? err.message : String(err));
    }
    if (last.length <= THUMB_MAX_BYTES) break;
  }
  return new Uint8Array(last!);
}

export type Thumbnail =
  | { kind: 'stored'; body: ReadableStream<Uint8Array>; size: number }
  | { kind: 'made'; bytes: Uint8Array }
  | { kind: 'no-photo' };

const making = new Map<string, Promise<Uint8Array | null>>();

/**
 * The thumbnail of a stored photo: the stored one, or made now and stored. `no-photo` when the photo is
 * not in storage; throws UndecodablePhoto when it cannot be read.
 */
export async function photoThumbnail(
  storage: Storage,
  photoKey: string,
  name: string,
  width: ThumbWidth,
): Promise<Thumbnail> {
  const key = thumbKey(name, width);
  // One this process is making is waited for, not read from storage while it is being written (a stand-in
  // bucket like s3rver serves an object it is still writing).
  let pending = making.get(key);
  if (!pending) {
    const stored = await storage.stream(key);
    if (stored) return { kind: 'stored', body: stored.body, size: stored.size };
    // Another request may have started it while storage answered.
    pending = making.get(key) ?? create(storage, photoKey, key, width).finally(() => making.delete(key));
    making.set(key, pending);
  }
  const bytes = await pending;
  return bytes ? { kind: 'made', bytes } : { kind: 'no-photo' };
}

async function create(storage: Storage, photoKey: string, key: string, width: ThumbWidth): Promise<Uint8Array | null> {
  const photo = await storage.get(photoKey);
  if (!photo) return null;
  const bytes = await makeThumbnail(photo, width);
  try {
    await storage.put(key, bytes, 'image/webp');
  } catch (err) {
    // Another copy of the server stored it first (a local put refuses an existing key): theirs stays.
    if (!(await storage.head(key))) throw err;
  }
  // The photo was deleted (retention, a replaced photo) while this one was made: take the thumbnail too.
  if (!(await storage.head(photoKey))) {
    await storage.delete(key);
    return null;
  }
  return bytes;
}
