/**
 * Stored photos (check-in, visit, employee) at /uploads/photo/{file}: a session is required, only
 * plain generated names are served (no traversal), and only to those who may see the record the
 * photo belongs to (files.service.ts; a news photo: news-mine.service.ts) — read from the server's storage, so any copy of the server
 * answers. `?w=320` answers the photo's thumbnail instead (server/lib/photo-thumbnail.ts), after the
 * same check. Leave attachments have their own route behind the leave's access check.
 */
import { Hono } from 'hono';
import { PhotoQuerySchema, THUMB_MESSAGES } from '../../../src/domain/photo-thumbnail';
import type { AppEnv } from '../../lib/context';
import { HttpError, notFound } from '../../lib/errors';
import { PHOTO_NAME, photoKey } from '../../lib/files';
import { route, validate } from '../../lib/openapi';
import { photoThumbnail, UndecodablePhoto } from '../../lib/photo-thumbnail';
import { contentTypeOf } from '../../lib/storage';
import { authenticate } from '../../middleware/auth';
import { maySeeNewsPhoto } from '../news/news-mine.service';
import { maySeePhoto, photoOwners } from './files.service';

const NOT_FOUND = 'Foto tidak ditemukan';

// A name never changes its content: the user's browser may keep it; shared caches may not, and another
// session on the same browser asks again.
const IMMUTABLE = { 'Cache-Control': 'private, max-age=31536000, immutable', Vary: 'Authorization' } as const;

export const fileRoutes = new Hono<AppEnv>()
  .use('*', authenticate)
  .get(
    '/photo/:file',
    route({
      tag: 'Files',
      summary: 'A stored photo (check-in, visit, employee)',
      access: {
        session: true,
        note:
          'Its employee; another user needs the permission that reads its record (absensi.read/absensi.manual, ' +
          'kunjungan.read, karyawan.read/karyawan.resign) and the employee within their trustee scope. ' +
          'A news photo: the employees the item addresses while it is valid, and news.read within scope. ' +
          'A photo the user may not see answers 404, as one that does not exist.',
      },
      description:
        '`w=320` answers the thumbnail instead: WebP, 320 pixels wide at most (never enlarged), at most 40 KB, ' +
        'made on the first request and stored beside the photo; the same access rule applies. Any other `w` is ' +
        'a 400. A photo that cannot be decoded as a picture has no thumbnail: 422 (`undecodable_photo`), and ' +
        'the photo itself is still served without `w`.',
      responses: { 200: { file: 'image/*' } },
      errors: [404, 422],
    }),
    validate('query', PhotoQuerySchema),
    async (c) => {
      const name = c.req.param('file');
      if (!PHOTO_NAME.test(name)) throw notFound(NOT_FOUND);
      const deps = c.get('deps');
      const actor = c.get('actor');
      const visible =
        (await maySeePhoto(deps.db, actor, await photoOwners(deps.db, name))) ||
        (await maySeeNewsPhoto(deps.db, actor, name, deps.now()));
      if (!visible) throw notFound(NOT_FOUND);
      const key = photoKey(name);
      const { w } = c.req.valid('query');
      if (w) {
        let thumb;
        try {
          thumb = await photoThumbnail(deps.storage, key, name, w);
        } catch (err) {
          if (err instanceof UndecodablePhoto)
            throw new HttpError(422, THUMB_MESSAGES.undecodable, 'undecodable_photo');
          throw err;
        }
        if (thumb.kind === 'no-photo') throw notFound(NOT_FOUND);
        const headers = { ...IMMUTABLE, 'Content-Type': 'image/webp' };
        return thumb.kind === 'stored'
          ? c.body(thumb.body, 200, { ...headers, 'Content-Length': String(thumb.size) })
          : c.body(thumb.bytes as Uint8Array<ArrayBuffer>, 200, {
              ...headers,
              'Content-Length': String(thumb.bytes.byteLength),
            });
      }
      const found = await deps.storage.stream(key);
      if (!found) throw notFound(NOT_FOUND);
      return c.body(found.body, 200, {
        ...IMMUTABLE,
        'Content-Type': contentTypeOf(key),
        'Content-Length': String(found.size),
      });
    },
  )
  .all('*', () => {
    throw notFound(NOT_FOUND);
  });
