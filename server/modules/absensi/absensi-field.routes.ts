/**
 * /api/absensi: the attendance list for HR, and the employee's own day (spec part 2 §2.7): read it, and
 * check in or out with photo, position and device time (multipart, from the phone's outbox). Serves the
 * contracts of src/domain/absensi/contracts.ts (`fieldContracts`).
 */
import { relyingParty } from '../device/device.routes';
import { ABSENSI_MESSAGES, AbsensiSpgFieldsSchema } from '../../../src/domain/absensi/absensi';
import { adminContracts as admin, fieldContracts as field } from '../../../src/domain/absensi/contracts';
import { ownNrp } from '../../lib/actor';
import { contractRouter } from '../../lib/contract-route';
import { forbidden, parseOr400 } from '../../lib/errors';
import { withDeviceTime } from './device-time';
import { photoBodyLimit, readMultipart, readPhoto } from '../../lib/files';
import { newestToday, todayOfNrp } from '../../lib/time-zone';
import { idempotent, readIdempotencyKey } from '../../middleware/idempotency';
import { listAbsensi } from './absensi-list.service';
import { getOwnDay, recordOwnAttendance } from './absensi.service';
import { FIELD_WRITE_DOC } from './field-write-doc';
import { herAnswer } from './her-view';

export const absensiFieldRoutes = contractRouter('/api/absensi')
  .on(admin.list, async (c, { query }) => {
    const deps = c.get('deps');
    return listAbsensi(deps.db, c.get('actor'), query, newestToday(deps.now()));
  })
  .on(field.ownDay, async (c, { query }) => {
    const nrp = ownNrp(c.get('actor'), ABSENSI_MESSAGES.notLinked);
    const deps = c.get('deps');
    const day = query.tanggal ?? (await todayOfNrp(deps.db, nrp, deps.now()));
    return { result: await getOwnDay(deps.db, nrp, day) };
  })
  .on(
    field.dayAction,
    async (c) => {
      readIdempotencyKey(c);
      const actor = c.get('actor');
      const nrp = ownNrp(actor, ABSENSI_MESSAGES.notLinked);
      const form = await readMultipart(c);
      // `action` names the check-in or check-out; a row queued before the phone sent it is told by its
      // time field (dayActionOf, src/domain/absensi/absensi.ts).
      const fields = parseOr400(AbsensiSpgFieldsSchema, withDeviceTime(c, form));
      if (fields.nrp !== undefined && fields.nrp !== nrp) throw forbidden(ABSENSI_MESSAGES.notOwnNrp);
      const photo = await readPhoto(form.photo);
      const deps = c.get('deps');
      const rp = relyingParty(c);
      return idempotent(
        c,
        actor,
        (tx, scope) => recordOwnAttendance(tx, deps, scope, nrp, fields, photo, rp),
        herAnswer,
      );
    },
    { before: [photoBodyLimit], extra: FIELD_WRITE_DOC },
  ).router;
