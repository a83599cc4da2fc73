/**
 * The field app's visit routes (spec part 2 §2.3), mounted at /api/kunjungan next to the back-office
 * ones: an employee's planned visits of a day, and the check-in/out of one planned line (multipart,
 * from the phone's outbox). Serves `fieldContracts` of src/domain/absensi/contracts.ts.
 */
import { relyingParty } from '../device/device.routes';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { ABSENSI_MESSAGES, type FieldSide } from '../../../src/domain/absensi/absensi';
import { fieldContracts as field } from '../../../src/domain/absensi/contracts';
import { KunjunganCheckFieldsSchema } from '../../../src/domain/absensi/kunjungan-checkin';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { contractRouter, type PartCheck } from '../../lib/contract-route';
import { notFound, parseOr400 } from '../../lib/errors';
import { withDeviceTime } from './device-time';
import { photoBodyLimit, readMultipart, readPhoto } from '../../lib/files';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { FIELD_WRITE_DOC } from './field-write-doc';
import { herAnswer } from './her-view';
import { checkVisit, kunjunganOfDay } from './kunjungan-checkin.service';

/** A path segment that is not of the expected shape names nothing: 404, and it never reaches SQL. */
const pathRef =
  (message: string): PartCheck =>
  (schema) =>
    createMiddleware<AppEnv>(async (c, next) => {
      const parsed = v.safeParse(schema, c.req.param());
      if (!parsed.success) throw notFound(message);
      c.req.addValidatedData('param', parsed.output as Record<string, unknown>);
      await next();
    });

async function check(c: Context<AppEnv>, lineId: number, side: FieldSide) {
  readIdempotencyKey(c);
  const actor = c.get('actor');
  const nrp = ownNrp(actor, ABSENSI_MESSAGES.notLinked);
  const form = await readMultipart(c);
  const fields = parseOr400(KunjunganCheckFieldsSchema, withDeviceTime(c, form));
  const photo = await readPhoto(form.photo);
  const deps = c.get('deps');
  const rp = relyingParty(c);
  return idempotent(
    c,
    actor,
    (tx, scope) => checkVisit(tx, deps, scope, nrp, lineId, side, fields, photo, rp),
    herAnswer,
  );
}

const visitWrite = {
  before: [photoBodyLimit],
  extra: FIELD_WRITE_DOC,
  check: { param: pathRef(ABSENSI_MESSAGES.visitNotFound) },
};

export const kunjunganCheckinRoutes = contractRouter('/api/kunjungan')
  .on(
    field.visitDay,
    async (c, { params, query }) => {
      const deps = c.get('deps');
      return { result: await kunjunganOfDay(deps.db, c.get('actor'), params.id, query.tanggal, deps.now()) };
    },
    { check: { param: pathRef(ABSENSI_MESSAGES.karyawanNotFound) } },
  )
  .on(field.visitCheckIn, (c, { params }) => check(c, params.id, 'in'), visitWrite)
  .on(field.visitCheckOut, (c, { params }) => check(c, params.id, 'out'), visitWrite).router;
