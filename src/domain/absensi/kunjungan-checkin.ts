/**
 * The field side of store visits (spec part 2 §2.3): an employee's planned visits of one day with the
 * store coordinates, and the check-in/out of one planned line with photo, position, distance from the
 * store and device time. The evidence fields and messages are shared with the day's own attendance
 * (absensi.ts).
 */
import { VERIFIED } from '../device/device';
import * as v from 'valibot';
import {
  ABSENSI_MESSAGES,
  OwnReviewSchema,
  alreadyRecordedEntry,
  CapturedAtSchema,
  evidenceEntries,
  FIELD_FLAGS,
  JamSchema,
  noteText,
  nrpCode,
  PhotoPartSchema,
  TanggalSchema,
  withoutBlanks,
} from './absensi';
import { messageWith, resultAnswer } from '../api';
import { code, idNumber, idString } from '../primitives';

/** The fields of POST /api/kunjungan/detail/{id}/check-in and …/check-out (plus `photo`). */
export const kunjunganCheckEntries = {
  jam: v.optional(JamSchema, ''),
  desc: v.optional(noteText({ multiline: true })),
  ...evidenceEntries,
  // The phone's copy of the line (docs/decisions/026-visit-plan-leftovers.md): when the office removed
  // the line while the phone was offline, the server keeps the check-in on a line of that day and store.
  tanggal: v.optional(TanggalSchema),
  cust_code: v.optional(code(/^[A-Za-z0-9._-]{1,20}$/, ABSENSI_MESSAGES.visitNotFound)),
  shift_id: v.optional(code(/^[A-Za-z0-9._-]{1,10}$/, ABSENSI_MESSAGES.visitNotFound)),
};

export const KunjunganCheckFieldsSchema = v.pipe(
  v.unknown(),
  withoutBlanks,
  v.object(kunjunganCheckEntries),
  // Where: lat/long both or neither; without them the reason (location_error) is required.
  v.forward(
    v.partialCheck(
      [['lat'], ['long']],
      (x) => (x.lat === undefined) === (x.long === undefined),
      ABSENSI_MESSAGES.latLongPair,
    ),
    ['long'],
  ),
  v.forward(
    v.partialCheck(
      [['lat'], ['long'], ['location_error']],
      (x) => x.lat !== undefined || x.long !== undefined || (x.location_error ?? '') !== '',
      ABSENSI_MESSAGES.locationError,
    ),
    ['location_error'],
  ),
);
export type KunjunganCheckFields = v.InferOutput<typeof KunjunganCheckFieldsSchema>;

/** The multipart body of the visit check-in/out as the API document shows it. */
export const KunjunganCheckFormSchema = v.object({ ...kunjunganCheckEntries, photo: PhotoPartSchema });

/** `{id}` of …/detail/{id}/check-in: a line id; anything else names no line (404). */
export const VisitLineIdSchema = idString(ABSENSI_MESSAGES.visitNotFound);

/** `{id}` of /api/kunjungan/karyawan/{id}: `me` or an NRP; anything else names nobody (404). */
export const KaryawanRefSchema = v.union(
  [v.literal('me'), nrpCode(ABSENSI_MESSAGES.karyawanNotFound)],
  ABSENSI_MESSAGES.karyawanNotFound,
);

// ---------------------------------------------------------------- answers

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

/** The store of a visit line, as the field check-in and the plan's evidence show it. */
export const VisitCustomerSchema = v.object({
  cust_name: v.string(),
  cust_address: nullableString,
  cust_lat: nullableNumber,
  cust_long: nullableNumber,
  /** The store's check-in radius in metres; null = the server's default (VISIT_RADIUS_DEFAULT_M). */
  radius_m: nullableNumber,
});

/** The check-in and check-out evidence of a visit line (timestamps ISO, UTC) and its review flags. */
export const visitEvidenceEntries = {
  in_jam: nullableString,
  in_lat: nullableNumber,
  in_long: nullableNumber,
  in_accuracy: nullableNumber,
  in_foto: nullableString,
  in_desc: nullableString,
  in_captured_at: nullableString,
  in_received_at: nullableString,
  in_distance_m: nullableNumber,
  out_jam: nullableString,
  out_lat: nullableNumber,
  out_long: nullableNumber,
  out_accuracy: nullableNumber,
  out_foto: nullableString,
  out_desc: nullableString,
  out_captured_at: nullableString,
  out_received_at: nullableString,
  out_distance_m: nullableNumber,
  flags: v.array(v.picklist(FIELD_FLAGS)),
};

/** One planned store visit with its evidence, as the field app reads it. */
export const KunjunganLineSchema = v.object({
  id: v.number(),
  no_dcp: v.string(),
  tgl_dcp: v.string(),
  shift_id: v.string(),
  shift: v.object({ nama: v.string(), jam_mulai: v.string(), jam_selesai: v.string() }),
  cust_code: v.string(),
  customer: VisitCustomerSchema,
  ...visitEvidenceEntries,
  in_location_note: nullableString,
  out_location_note: nullableString,
  /** How the check-in and check-out were signed (decision 032); null before that side. */
  in_verified: v.nullable(v.picklist(VERIFIED)),
  out_verified: v.nullable(v.picklist(VERIFIED)),
  /** Her own day (GET /api/kunjungan/karyawan/…): the review of a flagged visit; absent elsewhere. */
  tinjau: v.optional(v.nullable(OwnReviewSchema)),
});
export type KunjunganLine = v.InferOutput<typeof KunjunganLineSchema>;

/** An employee's visit plan for one day; no_dcp and period_id are null when no plan covers the day. */
export const KunjunganDaySchema = v.object({
  no_dcp: nullableString,
  nrp: v.string(),
  period_id: nullableString,
  tanggal: v.string(),
  details: v.array(KunjunganLineSchema),
});
export type KunjunganDay = v.InferOutput<typeof KunjunganDaySchema>;

/** GET /api/kunjungan/karyawan/{id}. */
export const KunjunganDayAnswerSchema = resultAnswer(KunjunganDaySchema);
/**
 * POST /api/kunjungan/detail/{id}/check-in and …/check-out: the updated line; `already_recorded: true`
 * when that side of the visit was recorded before this request (then nothing was written).
 */
export const KunjunganCheckAnswerSchema = v.object({
  ...messageWith(KunjunganLineSchema).entries,
  ...alreadyRecordedEntry,
});
export type KunjunganCheckAnswer = v.InferOutput<typeof KunjunganCheckAnswerSchema>;

// ---------------------------------------------------------------- outbox payload

/**
 * The outbox rows kunjungan.check-in and kunjungan.check-out: the fields as the phone sends them, plus
 * the line and its day (not read by the server; the screen matches a waiting row to its visit by them).
 */
export const KunjunganCheckPayloadSchema = v.object({
  ...kunjunganCheckEntries,
  jam: JamSchema,
  captured_at: CapturedAtSchema,
  line_id: idNumber(ABSENSI_MESSAGES.visitNotFound),
  tanggal: TanggalSchema,
});
