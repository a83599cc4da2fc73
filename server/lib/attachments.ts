import type { Context } from 'hono';
/**
 * Leave attachments (spec part 2 §5): PDF, JPEG or PNG of at most 2 MB, recognised by content (magic
 * bytes), never by name or declared type. Stored under a random name as `leave/<name>` in the
 * server's storage (server/lib/storage) and served only by GET /api/leave/attachment/{id}/download after the request's access check; there is
 * no public path to them.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { bodyLimit } from './body-limit';
import { ATTACHMENT_MAX_BYTES, LEAVE_MESSAGES } from '../../src/domain/leave/leave-messages';
import { badRequest, HttpError, notFound } from './errors';
import { UploadedFile } from './multipart';
import type { Storage } from './storage';

export type AttachmentExt = 'pdf' | 'jpg' | 'png';

export const ATTACHMENT_MIME: Record<AttachmentExt, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
};

export interface CheckedAttachment {
  bytes: Uint8Array;
  ext: AttachmentExt;
  /** The client's file name, cleaned, for the download's content-disposition. */
  name: string;
}

const DIR = 'leave';
const STORED_NAME = /^[A-Za-z0-9_-]{22}\.(pdf|jpg|png)$/;
const tooLarge = () => new HttpError(413, LEAVE_MESSAGES.attachmentTooLarge, 'too_large');

/** The leave form's multipart body: the 2 MB attachment plus room for the text fields. */
export const attachmentBodyLimit = bodyLimit({
  maxSize: 3 * 1024 * 1024,
  onError: () => {
    throw tooLarge();
  },
});

export function sniffAttachment(b: Uint8Array): AttachmentExt | null {
  if (b.length >= 5 && Buffer.from(b.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'png';
  return null;
}

function cleanName(name: string, ext: AttachmentExt): string {
  const base = path
    .basename(name || 'lampiran')
    .replace(/[^\w .()-]+/g, '_')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 80);
  return `${base || 'lampiran'}.${ext}`;
}

/** The `attachment` field of a parsed multipart body: null when absent; too large 413, wrong content 400. */
export async function readAttachment(value: unknown): Promise<CheckedAttachment | null> {
  if (value === undefined || value === '' || (value instanceof UploadedFile && value.size === 0)) return null;
  if (!(value instanceof UploadedFile)) {
    throw badRequest(LEAVE_MESSAGES.attachmentType, [{ path: 'attachment', message: LEAVE_MESSAGES.attachmentType }]);
  }
  if (value.size > ATTACHMENT_MAX_BYTES) throw tooLarge();
  const bytes = value.bytes;
  const ext = sniffAttachment(bytes);
  if (!ext) {
    throw badRequest(LEAVE_MESSAGES.attachmentType, [{ path: 'attachment', message: LEAVE_MESSAGES.attachmentType }]);
  }
  return { bytes, ext, name: cleanName(value.name, ext) };
}

const keyOf = (name: string) => `${DIR}/${name}`;

/**
 * Stores the attachment under a fresh random name and answers it. Called inside the write's
 * transaction after its checks: the object is removed again if that transaction does not commit.
 */
export async function storeAttachment(
  storage: Storage,
  file: CheckedAttachment,
  scope: { onRollback(undo: () => Promise<void>): void },
): Promise<string> {
  const name = `${randomBytes(16).toString('base64url')}.${file.ext}`;
  scope.onRollback(() => removeAttachment(storage, name));
  await storage.put(keyOf(name), file.bytes, ATTACHMENT_MIME[file.ext]);
  return name;
}

export async function removeAttachment(storage: Storage, name: string): Promise<void> {
  if (!STORED_NAME.test(name)) return;
  await storage.delete(keyOf(name));
}

export async function readStoredAttachment(storage: Storage, name: string): Promise<Uint8Array<ArrayBuffer>> {
  if (!STORED_NAME.test(name)) throw notFound(LEAVE_MESSAGES.noAttachment);
  const bytes = await storage.get(keyOf(name));
  if (!bytes) throw notFound(LEAVE_MESSAGES.noAttachment);
  return bytes;
}

export function attachmentMime(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1) as AttachmentExt;
  return ATTACHMENT_MIME[ext] ?? 'application/octet-stream';
}

/** content-disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A download: its media type, its file name (RFC 6266), never cached (it carries personal data). */
export function fileAnswer(
  c: Context,
  file: { name: string; type: string; body: string | ArrayBuffer | ReadableStream },
) {
  c.header('Content-Type', file.type);
  c.header('Content-Disposition', contentDisposition(file.name));
  c.header('Cache-Control', 'no-store');
  return c.body(file.body);
}
