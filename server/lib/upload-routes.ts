/**
 * What every Excel upload shares (employees, stores, route lists): the body, multipart/form-data with one
 * `file` (spec §7), capped before it is read (413), its content checked when the sheet is read (400, the
 * spec's message), never by its name or declared type; and the three routes of its history (two contracts
 * and the refused rows' download).
 */
import type { Context } from 'hono';
import { bodyLimit } from './body-limit';
import {
  UPLOAD_FILE_MESSAGES as UPLOAD_MESSAGES,
  UPLOAD_MAX_BYTES,
  UploadLogIdParamSchema,
} from '../../src/domain/upload';
import type { UploadHistoryContracts } from '../../src/domain/upload-contracts';
import { contractRouter } from './contract-route';
import { badRequest, HttpError } from './errors';
import { readMultipart } from './files';
import { UploadedFile } from './multipart';
import { route, validate } from './openapi';
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
  if (!(value instanceof UploadedFile) || value.size === 0) {
    throw badRequest(UPLOAD_MESSAGES.fileRequired, [{ path: 'file', message: UPLOAD_MESSAGES.fileRequired }]);
  }
  if (value.size > UPLOAD_MAX_BYTES) throw tooLarge();
  // Shown in the history as sent, without control characters.
  const name = (value.name || 'upload.xlsx').replace(/\p{Cc}/gu, '').slice(0, 255) || 'upload.xlsx';
  return { name, bytes: value.bytes };
}

/**
 * The history of one kind of upload (`jenis` in the upload log): its two contracts (`history`, made by the
 * area's contracts module with uploadHistoryContracts(), src/domain/upload-contracts.ts), GET …/upload/log
 * and …/upload/log/{id}, then …/upload/log/{id}/download, the refused rows as an .xlsx (a file, so a
 * `route()`). `columns`: the kind's sheet columns in order, for that download. Mounted at '/' of the area's
 * router, in its place among the area's routes.
 */
export function uploadHistoryRoutes(history: UploadHistoryContracts, o: { jenis: string; columns: readonly string[] }) {
  const { jenis, columns } = o;
  const { list, detail, download } = history;
  // The area's prefix: the list's path is `{prefix}/upload/log`.
  const served = contractRouter(list.path.slice(0, -'/upload/log'.length))
    .on(list, async (c, { query }) => listUploads(c.get('deps').db, jenis, c.get('actor'), query))
    .on(detail, async (c, { params }) => ({
      result: await uploadDetail(c.get('deps').db, jenis, c.get('actor'), params.id),
    }));
  return served.router.get(
    '/upload/log/:id/download',
    route({ ...download, responses: { 200: { file: XLSX_TYPE } }, errors: [404] }),
    validate('param', UploadLogIdParamSchema),
    async (c) => {
      const file = await refusedRowsXlsx(c.get('deps').db, jenis, c.get('actor'), c.req.valid('param').id, columns);
      return fileAnswer(c, { name: file.name, type: XLSX_TYPE, body: file.body });
    },
  );
}
