import { Hono } from 'hono';
import {
  ABSENSI_MESSAGES,
  AbsensiListQuerySchema,
  AbsensiSpgFieldsSchema,
  dateInJakarta,
  TanggalQuerySchema,
} from '../../../src/domain/absensi';
import type { Actor, AppEnv } from '../../lib/context';
import { forbidden, parseOr400 } from '../../lib/errors';
import { photoBodyLimit, readMultipart, readPhoto } from '../../lib/files';
import { queryOf } from '../../lib/validate';
import { requireAnyPermission } from '../../middleware/auth';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { listAbsensi } from './absensi-list.service';
import { getOwnAbsensi, recordOwnAttendance } from './absensi.service';

/** Own attendance has no permission gate (spec part 2 §6), but the account must be an employee's. */
function ownNrp(actor: Actor): string {
  if (!actor.nrp) throw forbidden(ABSENSI_MESSAGES.notLinked);
  return actor.nrp;
}

export const absensiRoutes = new Hono<AppEnv>()
  .get('/', requireAnyPermission('absensi.read', 'absensi.manual'), async (c) => {
    const deps = c.get('deps');
    const q = queryOf(c, AbsensiListQuerySchema);
    return c.json(await listAbsensi(deps.db, c.get('actor'), q, dateInJakarta(deps.now())));
  })
  .get('/new/spg', async (c) => {
    const nrp = ownNrp(c.get('actor'));
    const { tanggal } = queryOf(c, TanggalQuerySchema);
    const deps = c.get('deps');
    return c.json({ result: await getOwnAbsensi(deps.db, nrp, tanggal ?? dateInJakarta(deps.now())) });
  })
  .post('/new/spg', photoBodyLimit, async (c) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    const nrp = ownNrp(actor);
    const form = await readMultipart(c);
    const fields = parseOr400(AbsensiSpgFieldsSchema, form);
    if (fields.nrp !== undefined && fields.nrp !== nrp) throw forbidden(ABSENSI_MESSAGES.notOwnNrp);
    const photo = await readPhoto(form.photo);
    const deps = c.get('deps');
    return idempotent(c, actor, (tx, scope) => recordOwnAttendance(tx, deps, scope, nrp, fields, photo));
  });
