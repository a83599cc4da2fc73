/**
 * The field app's visit routes (spec part 2 §2.3), mounted at /api/kunjungan next to the back-office
 * ones: an employee's planned visits of a day, and the check-in/out of one planned line (multipart,
 * from the phone's outbox).
 */
import { relyingParty } from '../device/device.routes';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ABSENSI_MESSAGES, TanggalQuerySchema, type FieldSide } from '../../../src/domain/absensi/absensi';
import {
  KaryawanRefSchema,
  KunjunganCheckAnswerSchema,
  KunjunganCheckFieldsSchema,
  KunjunganCheckFormSchema,
  KunjunganDayAnswerSchema,
  VisitLineIdSchema,
} from '../../../src/domain/absensi/kunjungan-checkin';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { notFound, parseOr400 } from '../../lib/errors';
import { withDeviceTime } from './device-time';
import { photoBodyLimit, readMultipart, readPhoto } from '../../lib/files';
import { route, validate } from '../../lib/openapi';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { fieldWriteDoc, OWN_RECORD_NOTE } from './field-write-doc';
import { checkVisit, kunjunganOfDay } from './kunjungan-checkin.service';

const tag = 'Kunjungan';

/** A path segment that is not of the expected shape names nothing: 404, and it never reaches SQL. */
function pathRef<S extends v.GenericSchema>(schema: S, raw: string, message: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) throw notFound(message);
  return parsed.output;
}

function checkRoute(side: FieldSide) {
  return route({
    tag,
    summary: side === 'in' ? 'Check in to a planned store visit' : 'Check out of a checked-in store visit',
    description:
      'Multipart: the fields and a `photo`. The time recorded is that of `captured_at` in the ' +
      "employee's location's time zone (`jam` only says the phone's reading); a line of a day inside a " +
      'posted period is kept and flagged `after_posting`. The distance from the store is computed and stored; a check ' +
      'farther than the visit radius, without a position (reason in `location_error`) or with a far-off ' +
      "device clock is kept and flagged, never refused. Only a line of the caller's own plan. A side " +
      'already recorded answers 200 with `already_recorded: true` and the line as it stands (nothing is ' +
      'written); a check-out before any check-in the server knows is a 409.',
    access: { session: true, note: OWN_RECORD_NOTE },
    responses: { 200: KunjunganCheckAnswerSchema },
    errors: [403, 404, 409, 413, 422],
    extra: fieldWriteDoc(KunjunganCheckFormSchema),
  });
}

function checkHandler(side: FieldSide) {
  return async (c: Context<AppEnv, '/detail/:id/check-in' | '/detail/:id/check-out'>) => {
    readIdempotencyKey(c);
    const actor = c.get('actor');
    const nrp = ownNrp(actor, ABSENSI_MESSAGES.notLinked);
    const lineId = pathRef(VisitLineIdSchema, c.req.param('id'), ABSENSI_MESSAGES.visitNotFound);
    const form = await readMultipart(c);
    const fields = parseOr400(KunjunganCheckFieldsSchema, withDeviceTime(c, form));
    const photo = await readPhoto(form.photo);
    const deps = c.get('deps');
    const rp = relyingParty(c);
    return idempotent(c, actor, (tx, scope) => checkVisit(tx, deps, scope, nrp, lineId, side, fields, photo, rp));
  };
}

export const kunjunganCheckinRoutes = new Hono<AppEnv>()
  .get(
    '/karyawan/:id',
    route({
      tag,
      summary: "An employee's planned store visits of a day, with the stores' coordinates",
      description:
        '`id` is `me` (or the own NRP) for the own plan; another NRP needs kunjungan.read and must be in the ' +
        "user's data scope. `tanggal` defaults to the employee's today in her location's time zone; a day without a plan answers no lines.",
      access: { session: true, note: 'Another employee: kunjungan.read, within scope.' },
      responses: { 200: KunjunganDayAnswerSchema },
      errors: [403, 404],
    }),
    validate('query', TanggalQuerySchema),
    async (c) => {
      const ref = pathRef(KaryawanRefSchema, c.req.param('id'), ABSENSI_MESSAGES.karyawanNotFound);
      const deps = c.get('deps');
      const { tanggal } = c.req.valid('query');
      return c.json({ result: await kunjunganOfDay(deps.db, c.get('actor'), ref, tanggal, deps.now()) });
    },
  )
  .post('/detail/:id/check-in', checkRoute('in'), photoBodyLimit, checkHandler('in'))
  .post('/detail/:id/check-out', checkRoute('out'), photoBodyLimit, checkHandler('out'));
