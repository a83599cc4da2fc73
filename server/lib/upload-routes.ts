/**
 * What every Excel upload shares (employees, stores, route lists): the body, multipart/form-data with one
 * `file` (spec §7), capped before it is read (413), its content checked when the sheet is read (400, the
 * spec's message), never by its name or declared type; and the two routes of its history.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  REFUSED_REASON_COLUMN,
  UPLOAD_FILE_MESSAGES as UPLOAD_MESSAGES,
  UPLOAD_MAX_BYTES,
} from '../../src/domain/upload';
import {
  UploadLogDetailAnswerSchema,
  UploadLogIdParamSchema,
  UploadLogListAnswerSchema,
  UploadLogQuerySchema,
} from '../../src/domain/upload';
import type { AppEnv } from './context';
import { badRequest, HttpError } from './errors';
import { readMultipart } from './files';
import { route, validate, type Access } from './openapi';
import { fileAnswer } from './attachments';
import { XLSX_TYPE } from './excel';
import { listUploads, refusedRowsXlsx, uploadDetail } from './upload-log';

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

/**
 * GET …/upload/log, …/upload/log/{id} and …/upload/log/{id}/download of one kind of upload (`jenis` in
 * the upload log); `columns`: the kind's sheet columns in order, for the download of the refused rows.
 */
export function uploadHistoryRoutes(o: {
  tag: string;
  jenis: string;
  what: string;
  access: Access;
  columns: readonly string[];
}) {
  const { tag, jenis, what, access, columns } = o;
  return new Hono<AppEnv>()
    .get(
      '/upload/log',
      route({
        tag,
        summary: `The ${what} upload history, newest first`,
        description: 'A user limited by a trustee scope sees their own uploads.',
        access,
        responses: { 200: UploadLogListAnswerSchema },
      }),
      validate('query', UploadLogQuerySchema),
      async (c) => c.json(await listUploads(c.get('deps').db, jenis, c.get('actor'), c.req.valid('query'))),
    )
    .get(
      '/upload/log/:id',
      route({
        tag,
        summary: `One ${what} upload with every refused row`,
        access,
        responses: { 200: UploadLogDetailAnswerSchema },
        errors: [404],
      }),
      validate('param', UploadLogIdParamSchema),
      async (c) => {
        const result = await uploadDetail(c.get('deps').db, jenis, c.get('actor'), c.req.valid('param').id);
        return c.json({ result });
      },
    )
    .get(
      '/upload/log/:id/download',
      route({
        tag,
        summary: `The refused rows of one ${what} upload as an .xlsx, to fix and upload again`,
        description: `The sheet's columns as the file had them, then ${REFUSED_REASON_COLUMN} (ignored on upload).`,
        access,
        responses: { 200: { file: XLSX_TYPE } },
        errors: [404],
      }),
      validate('param', UploadLogIdParamSchema),
      async (c) => {
        const file = await refusedRowsXlsx(c.get('deps').db, jenis, c.get('actor'), c.req.valid('param').id, columns);
        return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
      },
    );
}
