/**
 * The body of POST/PUT /api/karyawan: multipart/form-data with the employee fields as text, `gaji` as
 * JSON text and the photos foto_kar / foto_ktp as files (spec §7); a JSON body is read too (no photos
 * then). Photos are checked by size and content before anything is stored. The contracts document the
 * multipart body (KaryawanFormDocSchema); `karyawanJsonBody` adds the JSON one.
 */
import type { Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import { resolver } from 'hono-openapi';
import type * as v from 'valibot';
import { ABSENSI_MESSAGES, PHOTO_MAX_BYTES } from '../../../src/domain/absensi/absensi';
import { badRequest, HttpError, parseOr400 } from '../../lib/errors';
import { readMultipart, sniffImage, type CheckedPhoto } from '../../lib/files';
import { UploadedFile } from '../../lib/multipart';
import { jsonBody } from '../../lib/validate';

export const PHOTO_FIELDS = ['foto_kar', 'foto_ktp'] as const;
export type PhotoField = (typeof PHOTO_FIELDS)[number];
export type KaryawanPhotos = Partial<Record<PhotoField, CheckedPhoto>>;

const PHOTO_LABEL: Record<PhotoField, string> = { foto_kar: 'Foto karyawan', foto_ktp: 'Foto KTP' };

/** Two photos of at most 2 MB each and the text fields. */
export const karyawanBodyLimit = bodyLimit({
  maxSize: 5 * 1024 * 1024,
  onError: () => {
    throw new HttpError(413, 'Ukuran data terlalu besar (maksimal 2 MB per foto)', 'too_large');
  },
});

/**
 * The JSON alternative of the create's and update's body for the API document, beside the multipart
 * one its contract declares (KaryawanFormDocSchema).
 */
export const karyawanJsonBody = (json: v.GenericSchema) => ({
  requestBody: { content: { 'application/json': { schema: resolver(json) } } },
});

async function readOptionalPhoto(field: PhotoField, value: unknown): Promise<CheckedPhoto | undefined> {
  if (value === undefined || value === '') return undefined;
  if (!(value instanceof UploadedFile)) {
    throw badRequest(`${PHOTO_LABEL[field]} harus berupa file`, [{ path: field, message: ABSENSI_MESSAGES.photoType }]);
  }
  if (value.size === 0) return undefined;
  if (value.size > PHOTO_MAX_BYTES) {
    throw new HttpError(413, `${PHOTO_LABEL[field]}: ${ABSENSI_MESSAGES.photoTooLarge}`, 'too_large');
  }
  const bytes = value.bytes;
  const ext = sniffImage(bytes);
  if (!ext) {
    const message = `${PHOTO_LABEL[field]}: ${ABSENSI_MESSAGES.photoType}`;
    throw badRequest(message, [{ path: field, message }]);
  }
  return { bytes, ext };
}

export async function readKaryawanBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<{ input: v.InferOutput<S>; photos: KaryawanPhotos }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('application/json')) return { input: await jsonBody(c, schema), photos: {} };
  const form = await readMultipart(c);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (!(PHOTO_FIELDS as readonly string[]).includes(key)) fields[key] = value;
  }
  const input = parseOr400(schema, fields);
  const photos: KaryawanPhotos = {};
  for (const field of PHOTO_FIELDS) {
    const photo = await readOptionalPhoto(field, form[field]);
    if (photo) photos[field] = photo;
  }
  return { input, photos };
}
