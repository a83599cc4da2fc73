/**
 * /api/absensi: the attendance list for HR, and the employee's own day (spec part 2 §2.7): read it, and
 * check in or out with photo, position and device time (multipart, from the phone's outbox).
 */
import { relyingParty } from '../device/device.routes';
import { Hono } from 'hono';
import {
  ABSENSI_MESSAGES,
  AbsensiOwnDayAnswerSchema,
  AbsensiSpgAnswerSchema,
  AbsensiSpgFieldsSchema,
  AbsensiSpgFormSchema,
  TanggalQuerySchema,
} from '../../../src/domain/absensi/absensi';
import { AbsensiListAnswerSchema, AbsensiListQuerySchema } from '../../../src/domain/absensi/absensi-list';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { forbidden, parseOr400 } from '../../lib/errors';
import { withDeviceTime } from './device-time';
import { photoBodyLimit, readMultipart, readPhoto } from '../../lib/files';
import { route, validate } from '../../lib/openapi';
import { newestToday, todayOfNrp } from '../../lib/time-zone';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { listAbsensi } from './absensi-list.service';
import { getOwnDay, recordOwnAttendance } from './absensi.service';
import { fieldWriteDoc, OWN_RECORD_NOTE } from './field-write-doc';

const tag = 'Absensi';

export const absensiFieldRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag,
      summary: 'Attendance records of a date range (HR list)',
      description:
        '`startDate` defaults to today (the newest day in Indonesia, WIT), `endDate` to `startDate`; a day after today is a 400. ' +
        'Each record carries ' +
        "that day's store visits. Limited to the user's data scope.",
      access: { any: ['absensi.read', 'absensi.manual'] },
      responses: { 200: AbsensiListAnswerSchema },
    }),
    validate('query', AbsensiListQuerySchema),
    async (c) => {
      const deps = c.get('deps');
      return c.json(await listAbsensi(deps.db, c.get('actor'), c.req.valid('query'), newestToday(deps.now())));
    },
  )
  .get(
    '/new/spg',
    route({
      tag,
      summary: "The caller's own attendance of a day",
      description:
        "`tanggal` defaults to the employee's today in her location's time zone. `result` is null before the check-in.",
      access: { session: true, note: OWN_RECORD_NOTE },
      responses: { 200: AbsensiOwnDayAnswerSchema },
      errors: [403],
    }),
    validate('query', TanggalQuerySchema),
    async (c) => {
      const nrp = ownNrp(c.get('actor'), ABSENSI_MESSAGES.notLinked);
      const deps = c.get('deps');
      const { tanggal } = c.req.valid('query');
      const day = tanggal ?? (await todayOfNrp(deps.db, nrp, deps.now()));
      return c.json({ result: await getOwnDay(deps.db, nrp, day) });
    },
  )
  .post(
    '/new/spg',
    route({
      tag,
      summary: 'Check in (jam_masuk) or check out (jam_keluar) of the own day',
      description:
        'Multipart: the fields and a `photo`. The day (tanggal) and the time recorded are those of ' +
        "`captured_at` in the employee's location's time zone (WIB, WITA, WIT); `jam_masuk` or `jam_keluar` " +
        'says which action it is. A day inside a posted period is kept and flagged `after_posting`. Without lat/long the reason goes in `location_error`; the ' +
        'record is kept and flagged (no_location, clock_skew; a phone sends its clock at sending in X-Device-Time), never refused for where or when it was taken. ' +
        '201: recorded now. 200 with `already_recorded: true`: that check-in (or check-out) was already ' +
        'recorded; the answer is the record as it stands and nothing is written. 409: a real conflict ' +
        '(a check-out before any check-in, a day entered by HR with another status).',
      access: { session: true, note: OWN_RECORD_NOTE },
      responses: { 200: AbsensiSpgAnswerSchema, 201: AbsensiSpgAnswerSchema },
      errors: [403, 409, 413, 422],
      extra: fieldWriteDoc(AbsensiSpgFormSchema),
    }),
    photoBodyLimit,
    async (c) => {
      readIdempotencyKey(c);
      const actor = c.get('actor');
      const nrp = ownNrp(actor, ABSENSI_MESSAGES.notLinked);
      const form = await readMultipart(c);
      const fields = parseOr400(AbsensiSpgFieldsSchema, withDeviceTime(c, form));
      if (fields.nrp !== undefined && fields.nrp !== nrp) throw forbidden(ABSENSI_MESSAGES.notOwnNrp);
      const photo = await readPhoto(form.photo);
      const deps = c.get('deps');
      const rp = relyingParty(c);
      return idempotent(c, actor, (tx, scope) => recordOwnAttendance(tx, deps, scope, nrp, fields, photo, rp));
    },
  );
