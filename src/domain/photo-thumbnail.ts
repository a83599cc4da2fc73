/**
 * Thumbnails of stored photos (issue 31 item 4): `GET /uploads/photo/{file}?w=320` answers the photo made
 * small (WebP, at most 40 KB), made once by the server and stored beside the photo. Lists, map popups and
 * the review queue show the thumbnail; the full photo opens on click. Only the widths listed here are
 * made — never a size a caller picks, which would let anyone fill the storage with variants.
 */
import * as v from 'valibot';

export const THUMB_WIDTHS = ['320'] as const;
export type ThumbWidth = (typeof THUMB_WIDTHS)[number];
export const THUMB_WIDTH: ThumbWidth = '320';

/** The most a thumbnail weighs (the server lowers the quality until it fits). */
export const THUMB_MAX_BYTES = 40 * 1024;

export const THUMB_MESSAGES = {
  width: `Ukuran pratinjau foto tidak tersedia: gunakan w=${THUMB_WIDTHS.join(' atau ')}`,
  undecodable: 'Foto tidak dapat dibaca sehingga pratinjaunya tidak dapat dibuat; buka foto aslinya',
} as const;

/** The query of the photo route: no `w` is the photo itself, `w=320` its thumbnail. */
export const PhotoQuerySchema = v.object({
  w: v.optional(
    v.pipe(
      v.string(THUMB_MESSAGES.width),
      v.picklist(THUMB_WIDTHS, THUMB_MESSAGES.width),
      v.description('Answer a thumbnail this many pixels wide (WebP, at most 40 KB) instead of the photo'),
    ),
  ),
});

/** The address of a stored photo, or of its thumbnail when a width is given. */
export const photoPath = (name: string, w?: ThumbWidth) =>
  `/uploads/photo/${encodeURIComponent(name)}${w ? `?w=${w}` : ''}`;
