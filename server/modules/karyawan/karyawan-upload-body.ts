/**
 * The body of POST /api/karyawan/upload: multipart/form-data with one `file` (spec §7). Its size is
 * capped before it is read (413); its content is checked when the sheet is read (400, the spec's
 * message), never by its name or declared type.
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_FILE_MESSAGES as UPLOAD_MESSAGES, UPLOAD_MAX_BYTES } from '../../../src/domain/upload';
import { badRequest, HttpError } from '../../lib/errors';
import { readMultipart } from '../../lib/files';

const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge, 'too_large');

/** The file's 20 MB plus room for the multipart framing. */
export const uploadBodyLimit = bodyLimit({
  maxSize: UPLOAD_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw tooLarge();
  },
});

export async function readUploadFile(c: Context): Promise<{ name: string; bytes: Uint8Array }> {
  const form = await readMultipart(c);
  const value = form.file;
  if (!(value instanceof File) || value.size === 0) {
    throw badRequest(UPLOAD_MESSAGES.fileRequired, [{ path: 'file', message: UPLOAD_MESSAGES.fileRequired }]);
  }
  if (value.size > UPLOAD_MAX_BYTES) throw tooLarge();
  // Shown in the history as sent, without control characters.
  const name = (value.name || 'upload.xlsx').replace(/\p{Cc}/gu, '').slice(0, 255) || 'upload.xlsx';
  return { name, bytes: new Uint8Array(await value.arrayBuffer()) };
}
