import { Hono, type Context } from 'hono';
import {
  ABSENSI_MESSAGES,
  dateInJakarta,
  KunjunganCheckFieldsSchema,
  TanggalQuerySchema,
  type FieldSide,
} from '../../../src/domain/absensi';
import type { AppEnv } from '../../lib/context';
import { forbidden, parseOr400 } from '../../lib/errors';
import { photoBodyLimit, readMultipart, readPhoto } from '../../lib/files';
import { queryOf } from '../../lib/validate';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { checkVisit, kunjunganOfDay, parseLineId } from './kunjungan.service';

/** The field app's visit routes, mounted at /api/kunjungan next to the back-office ones. */
function checkRoute(side: FieldSide) {
  return async (c: Context<AppEnv, '/detail/:id/check-in' | '/detail/:id/check-out'>) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    if (!actor.nrp) throw forbidden(ABSENSI_MESSAGES.notLinked);
    const nrp = actor.nrp;
    const lineId = parseLineId(c.req.param('id'));
    const form = await readMultipart(c);
    const fields = parseOr400(KunjunganCheckFieldsSchema, form);
    const photo = await readPhoto(form.photo);
    const deps = c.get('deps');
    return idempotent(c, actor, (tx, scope) => checkVisit(tx, deps, scope, nrp, lineId, side, fields, photo));
  };
}

export const kunjunganRoutes = new Hono<AppEnv>()
  .get('/karyawan/:id', async (c) => {
    const { tanggal } = queryOf(c, TanggalQuerySchema);
    const deps = c.get('deps');
    const day = await kunjunganOfDay(deps.db, c.get('actor'), c.req.param('id'), tanggal ?? dateInJakarta(deps.now()));
    return c.json({ result: day });
  })
  .post('/detail/:id/check-in', photoBodyLimit, checkRoute('in'))
  .post('/detail/:id/check-out', photoBodyLimit, checkRoute('out'));
