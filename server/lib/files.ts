/**
 * Uploaded photos: checked by size and by content (magic bytes), never by name or declared type, and
 * stored under a random name in DATA_DIR/uploads/photo, served by GET /uploads/photo/{file}.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ABSENSI_MESSAGES, PHOTO_MAX_BYTES } from '../../src/domain/absensi';
import { badRequest, HttpError } from './errors';

export type PhotoExt = 'jpg' | 'png' | 'webp';

export interface CheckedPhoto {
  bytes: Uint8Array;
  ext: PhotoExt;
}

const MULTIPART_REQUIRED = 'Data harus dikirim sebagai multipart/form-data';
const tooLarge = () => new HttpError(413, ABSENSI_MESSAGES.photoTooLarge, 'too_large');

/** A multipart request carrying one photo and a few text fields: the photo's 2 MB plus room for the rest. */
export const photoBodyLimit = bodyLimit({
  maxSize: 3 * 1024 * 1024,
  onError: () => {
    throw tooLarge();
  },
});

export function sniffImage(b: Uint8Array): PhotoExt | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The `photo` field of a parsed multipart body: required, at most 2 MB, JPEG/PNG/WebP by content. */
export async function readPhoto(value: unknown): Promise<CheckedPhoto> {
  if (!(value instanceof File) || value.size === 0) {
    throw badRequest(ABSENSI_MESSAGES.photoRequired, [{ path: 'photo', message: ABSENSI_MESSAGES.photoRequired }]);
  }
  if (value.size > PHOTO_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await value.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) throw badRequest(ABSENSI_MESSAGES.photoType, [{ path: 'photo', message: ABSENSI_MESSAGES.photoType }]);
  return { bytes, ext };
}

/**
 * Writes the photo under a fresh random name (22 base64url chars) and answers the file name. Called
 * inside the write's transaction: the file is removed again if that transaction does not commit.
 */
export async function storePhoto(
  uploadsDir: string,
  photo: CheckedPhoto,
  scope: { onRollback(undo: () => Promise<void>): void },
): Promise<string> {
  const dir = path.join(uploadsDir, 'photo');
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('base64url')}.${photo.ext}`;
  await writeFile(path.join(dir, name), photo.bytes, { flag: 'wx' });
  scope.onRollback(() => removePhoto(uploadsDir, name));
  return name;
}

export async function removePhoto(uploadsDir: string, name: string): Promise<void> {
  await rm(path.join(uploadsDir, 'photo', path.basename(name)), { force: true });
}

/**
 * The fields and files of a multipart/form-data body. Anything else, or a body that does not parse,
 * is a 400 (never a 500).
 */
export async function readMultipart(c: Context): Promise<Record<string, string | File>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw badRequest(MULTIPART_REQUIRED);
  try {
    return await c.req.parseBody();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(MULTIPART_REQUIRED);
  }
}
