/**
 * Stored photos (check-in, visit, employee) at /uploads/photo/{file}: a session is required, only
 * plain generated names are served (no traversal), and only to those who may see the record the
 * photo belongs to (files.service.ts; a news photo: news-mine.service.ts) — read from the server's storage, so any copy of the server
 * answers. Leave attachments have their own route behind the leave's access check.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { PHOTO_NAME, photoKey } from '../../lib/files';
import { route } from '../../lib/openapi';
import { contentTypeOf } from '../../lib/storage';
import { authenticate } from '../../middleware/auth';
import { maySeeNewsPhoto } from '../news/news-mine.service';
import { maySeePhoto, photoOwners } from './files.service';

const NOT_FOUND = 'Foto tidak ditemukan';

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
      responses: { 200: { file: 'image/*' } },
      errors: [404],
    }),
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
      const found = await deps.storage.stream(key);
      if (!found) throw notFound(NOT_FOUND);
      return c.body(found.body, 200, {
        'Content-Type': contentTypeOf(key),
        'Content-Length': String(found.size),
        // A name never changes its content: the user's browser may keep it; shared caches may not, and
        // another session on the same browser asks again.
        'Cache-Control': 'private, max-age=31536000, immutable',
        Vary: 'Authorization',
      });
    },
  )
  .all('*', () => {
    throw notFound(NOT_FOUND);
  });
