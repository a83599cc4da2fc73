/**
 * The field app's own endpoints (spec part 2 §2.3, §2.7; docs/decisions/005-field-checkin-api.md): the
 * own day (read it, check in or out) and the day's planned visits (read them, check in or out of one
 * line), one contract each (src/domain/contract.ts). Apart from the back office's contracts
 * (contracts.ts), so the phone's outbox and field screens load only these.
 *
 * The writes are multipart with a photo, sent by the outbox (src/features/absensi/outbox.ts) under the
 * row id as Idempotency-Key. A day row names its action (`action`); a row queued before it did is told
 * by its time field (jam_masuk or jam_keluar). The three writes document their body as required and
 * their Idempotency-Key header without an example (server/modules/absensi/field-write-doc.ts), as they
 * always did; so they do not set `idempotent` (which documents the header with one) and list its 422
 * themselves.
 */
import * as v from 'valibot';
import { contract } from '../contract';
import { AbsensiOwnDayAnswerSchema, AbsensiSpgAnswerSchema, AbsensiSpgFormSchema, TanggalQuerySchema } from './absensi';
import {
  KaryawanRefSchema,
  KunjunganCheckAnswerSchema,
  KunjunganCheckFormSchema,
  KunjunganDayAnswerSchema,
  VisitLineIdSchema,
} from './kunjungan-checkin';

export const ABSENSI_TAG = 'Absensi';
const KUNJUNGAN_TAG = 'Kunjungan';

export const OWN_RECORD_NOTE =
  'Own records only: the account must be linked to an employee (403 otherwise), and acts as that employee.';

/** `{id}` of the visit check-in/out: a line id; the server answers 404 for anything else. */
export const VisitLineParamSchema = v.object({ id: VisitLineIdSchema });
/** `{id}` of /api/kunjungan/karyawan/{id}: `me` or an NRP; the server answers 404 for anything else. */
export const KaryawanRefParamSchema = v.object({ id: KaryawanRefSchema });

const visitCheck = (side: 'in' | 'out') =>
  ({
    method: 'POST',
    tag: KUNJUNGAN_TAG,
    summary: side === 'in' ? 'Check in to a planned store visit' : 'Check out of a checked-in store visit',
    description:
      'Multipart: the fields and a `photo`. The time recorded is that of `captured_at` in the ' +
      "employee's location's time zone (`jam` only says the phone's reading); a line of a day inside a " +
      'posted period is kept and flagged `after_posting`. The distance from the store is computed and stored; a check ' +
      'farther than the visit radius, without a position (reason in `location_error`) or with a far-off ' +
      "device clock is kept and flagged, never refused; the flags are for reviewers, so the answer's `flags` is " +
      "always empty (a replay's too). Only a line of the caller's own plan. A side " +
      'already recorded answers 200 with `already_recorded: true` and the line as it stands (nothing is ' +
      'written); a check-out before any check-in the server knows is a 409.',
    access: { session: true, note: OWN_RECORD_NOTE },
    params: VisitLineParamSchema,
    form: KunjunganCheckFormSchema,
    answer: KunjunganCheckAnswerSchema,
    errors: [403, 404, 409, 413, 422],
  }) as const;

export const fieldContracts = {
  ownDay: contract({
    method: 'GET',
    path: '/api/absensi/new/spg',
    tag: ABSENSI_TAG,
    summary: "The caller's own attendance of a day",
    description:
      "`tanggal` defaults to the employee's today in her location's time zone. `result` is null before the check-in.",
    access: { session: true, note: OWN_RECORD_NOTE },
    query: TanggalQuerySchema,
    answer: AbsensiOwnDayAnswerSchema,
    errors: [403],
  }),
  /** The outbox's absensi.check-in and absensi.check-out rows. */
  dayAction: contract({
    method: 'POST',
    path: '/api/absensi/new/spg',
    tag: ABSENSI_TAG,
    summary: 'Check in (jam_masuk) or check out (jam_keluar) of the own day',
    description:
      'Multipart: the fields and a `photo`. The day (tanggal) and the time recorded are those of ' +
      "`captured_at` in the employee's location's time zone (WIB, WITA, WIT); `jam_masuk` or `jam_keluar` " +
      'says which action it is. A day inside a posted period is kept and flagged `after_posting`. Without lat/long the reason goes in `location_error`; the ' +
      'record is kept and flagged (no_location, clock_skew; a phone sends its clock at sending in X-Device-Time), never refused for where or when it was taken. ' +
      "The flags are for reviewers (Perlu Ditinjau, GET /api/absensi): the answer's `flags` is always empty, a replay's too. " +
      '201: recorded now. 200 with `already_recorded: true`: that check-in (or check-out) was already ' +
      'recorded; the answer is the record as it stands and nothing is written. 409: a real conflict ' +
      '(a check-out before any check-in, a day entered by HR with another status).',
    access: { session: true, note: OWN_RECORD_NOTE },
    form: AbsensiSpgFormSchema,
    answer: AbsensiSpgAnswerSchema,
    status: 201,
    alsoStatus: 200,
    errors: [403, 409, 413, 422],
  }),
  visitDay: contract({
    method: 'GET',
    path: '/api/kunjungan/karyawan/:id',
    tag: KUNJUNGAN_TAG,
    summary: "An employee's planned store visits of a day, with the stores' coordinates",
    description:
      '`id` is `me` (or the own NRP) for the own plan; another NRP needs kunjungan.read and must be in the ' +
      "user's data scope. `tanggal` defaults to the employee's today in her location's time zone; a day without a plan answers no lines.",
    access: { session: true, note: 'Another employee: kunjungan.read, within scope.' },
    params: KaryawanRefParamSchema,
    query: TanggalQuerySchema,
    answer: KunjunganDayAnswerSchema,
    errors: [403, 404],
  }),
  /** The outbox's kunjungan.check-in rows. */
  visitCheckIn: contract({ ...visitCheck('in'), path: '/api/kunjungan/detail/:id/check-in' }),
  /** The outbox's kunjungan.check-out rows. */
  visitCheckOut: contract({ ...visitCheck('out'), path: '/api/kunjungan/detail/:id/check-out' }),
};
