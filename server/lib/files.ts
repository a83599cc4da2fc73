/**
 * Uploaded photos: checked by size and by content (magic bytes), never by name or declared type, and
 * stored under a random name as `photo/<name>` in the server's storage (server/lib/storage), served by
 * GET /uploads/photo/{file} to those who may see the record it belongs to (server/modules/files).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { bodyLimit } from './body-limit';
import { ABSENSI_MESSAGES, PHOTO_MAX_BYTES } from '../../src/domain/absensi/absensi';
import { badRequest, HttpError } from './errors';
import { boundaryOf, parseMultipart, UploadedFile, type MultipartForm } from './multipart';
import { thumbKeys } from './photo-thumbnail';
import { contentTypeOf, type Storage } from './storage';

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
  if (!(value instanceof UploadedFile) || value.size === 0) {
    throw badRequest(ABSENSI_MESSAGES.photoRequired, [{ path: 'photo', message: ABSENSI_MESSAGES.photoRequired }]);
  }
  if (value.size > PHOTO_MAX_BYTES) throw tooLarge();
  const bytes = value.bytes;
  const ext = sniffImage(bytes);
  if (!ext) throw badRequest(ABSENSI_MESSAGES.photoType, [{ path: 'photo', message: ABSENSI_MESSAGES.photoType }]);
  return { bytes, ext };
}

/** A generated photo name (today's are 22 characters; the route has always accepted 8–80). */
export const PHOTO_NAME = /^[A-Za-z0-9_-]{8,80}\.(jpe?g|png|webp)$/;

/** The storage key of a stored photo's file name (the name the database rows hold). */
export const photoKey = (name: string) => `photo/${name}`;

/**
 * Stores the photo under a fresh random name (22 base64url chars) and answers the file name. Called
 * inside the write's transaction after its checks: the object is removed again if that transaction
 * does not commit.
 */
export async function storePhoto(
  storage: Storage,
  photo: CheckedPhoto,
  scope: { onRollback(undo: () => Promise<void>): void },
): Promise<string> {
  const name = `${randomBytes(16).toString('base64url')}.${photo.ext}`;
  const key = photoKey(name);
  // Registered before the write: a put that fails half-way (a timeout after the bucket took it) is undone too.
  scope.onRollback(() => storage.delete(key));
  await storage.put(key, photo.bytes, contentTypeOf(key));
  return name;
}

/** Deletes a stored photo and its thumbnails (server/lib/photo-thumbnail.ts). */
export async function removePhoto(storage: Storage, name: string): Promise<void> {
  if (!PHOTO_NAME.test(name)) return;
  await storage.delete(photoKey(name));
  for (const key of thumbKeys(name)) await storage.delete(key);
}

/** node's request, as @hono/node-server hands it to the app (absent under app.request in the tests). */
const incomingOf = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.incoming;

/** Every chunk of node's request body, in one buffer. */
function readIncoming(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    incoming.once('error', reject);
    incoming.once('close', () => {
      if (!incoming.readableEnded) reject(new Error('request closed before its body ended'));
    });
  });
}

/**
 * The request body in one buffer. Served by @hono/node-server, a body with a Content-Length (the size
 * bodyLimit judged it by, server/lib/body-limit.ts) and not yet read is read straight from node's request:
 * hono's arrayBuffer() there copies the whole body once more into a fresh ArrayBuffer, 300 KB per check-in
 * of the morning rush and the full garbage collections that much outside memory brings on a heap the size
 * of the server's (issue 42 §2). A chunked body goes through arrayBuffer(), which bodyLimit counts.
 */
async function bodyBytes(c: Context): Promise<Uint8Array> {
  const incoming = incomingOf(c);
  if (
    incoming &&
    !incoming.readableDidRead &&
    !c.req.raw.bodyUsed &&
    c.req.header('content-length') !== undefined &&
    c.req.header('transfer-encoding') === undefined
  ) {
    return readIncoming(incoming);
  }
  return new Uint8Array(await c.req.arrayBuffer());
}

/**
 * The fields and files of a multipart/form-data body (server/lib/multipart.ts: files are `UploadedFile`s).
 * Anything else, or a body that does not parse, is a 400 (never a 500).
 */
export async function readMultipart(c: Context): Promise<MultipartForm> {
  const type = c.req.header('content-type') ?? '';
  const boundary = type.toLowerCase().startsWith('multipart/form-data') ? boundaryOf(type) : null;
  if (!boundary) throw badRequest(MULTIPART_REQUIRED);
  try {
    return parseMultipart(await bodyBytes(c), boundary);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(MULTIPART_REQUIRED);
  }
}
