/**
 * The field app's evidence (spec part 2 §2.3, §2.7; docs/guide.md §4): the employee's own check-in/out of the
 * day here, the store-visit check-in/out in kunjungan.ts, both sent as multipart from the outbox. One
 * set of schemas for the outbox payload, the screen and the server; the answers; the flags the server
 * raises for review. The contract is written down in docs/decisions/005-field-checkin-api.md.
 */
import * as v from 'valibot';
import { ABSENSI_QUERY_MESSAGES, TanggalSchema } from './absensi-search';
import { fileField, messageWith, resultAnswer } from '../api';
import { assertionField, DEVICE_FLAG_LABEL, DEVICE_FLAGS, VERIFIED } from '../device/device';
import { code, isCalendarDate, text, timeOfDay } from '../primitives';

/** A visit check-in farther than this from the store is recorded and flagged, never refused. */
export const VISIT_RADIUS_DEFAULT_M = 300;
/**
 * Device time this far from the server's receive time is flagged when the phone did not say when it sent
 * (an older app): a wrong clock, or a very late sync, cannot be told apart then.
 */
export const CLOCK_SKEW_FLAG_MS = 12 * 60 * 60 * 1000;
/**
 * The phone's clock at sending (header X-Device-Time, form field sent_at) this far from the server's is
 * flagged `clock_skew`: at the moment of sending the phone is online, so the gap is its clock, not a wait.
 */
export const CLOCK_SKEW_ONLINE_MS = 10 * 60 * 1000;
/** The header the outbox sends with the phone's clock at the moment of sending (decision 033). */
export const DEVICE_TIME_HEADER = 'X-Device-Time';
/** Check-in photos: 2 MB (2097152 bytes), JPEG, PNG or WebP, recognised by content. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const TEXT_NOTE_MAX = 255;

export const FIELD_FLAGS = [
  'outside_radius_in',
  'outside_radius_out',
  // Old rows only: a device time far from the receive time was written per side until decision 033.
  'clock_skew_in',
  'clock_skew_out',
  'no_location_in',
  'no_location_out',
  // A visit check-in that arrived after the office removed its line (kept on a line re-made for it).
  'removed_from_plan',
  // A field check-in or check-out of a day inside a posted period (kept, for HR's next payroll).
  'after_posting',
  // How the passkey signature looked (decision 032): no_device_signature, signature_invalid, …
  ...DEVICE_FLAGS,
  // Evidence signals (decision 033). clock_skew at write time; the others by the evidence job after it.
  'clock_skew',
  'accuracy_missing',
  'location_identical',
  'speed_implausible',
  'photo_reused',
  'photo_shared',
  // The evidence job could not or may not decode the photo (corrupt, or over the pixel limit): not compared.
  'photo_unreadable',
] as const;
export type FieldFlag = (typeof FIELD_FLAGS)[number];

/** What each flag means, for the reviewer. */
export const FIELD_FLAG_LABEL: Record<FieldFlag, string> = {
  outside_radius_in: 'Check in di luar radius',
  outside_radius_out: 'Check out di luar radius',
  clock_skew_in: 'Jam perangkat berbeda (in)',
  clock_skew_out: 'Jam perangkat berbeda (out)',
  no_location_in: 'Tanpa lokasi (in)',
  no_location_out: 'Tanpa lokasi (out)',
  removed_from_plan: 'Dihapus dari rencana',
  after_posting: 'Masuk setelah posting',
  ...DEVICE_FLAG_LABEL,
  clock_skew: 'Jam perangkat berbeda',
  accuracy_missing: 'Akurasi lokasi kosong',
  location_identical: 'Lokasi identik',
  speed_implausible: 'Kecepatan tidak wajar',
  photo_reused: 'Foto pernah dipakai',
  photo_shared: 'Foto sama dengan karyawan lain',
  photo_unreadable: 'Foto tidak dapat dibaca',
};
/** A stored flag in words; a code this build does not know (a newer server's) as it is. */
export const fieldFlagLabel = (f: string) => (FIELD_FLAG_LABEL as Record<string, string>)[f] ?? f;
/** in = check-in (masuk), out = check-out (keluar). */
export type FieldSide = 'in' | 'out';

export const ABSENSI_MESSAGES = {
  // tanggalRequired, tanggalFormat, dateOrder, manualFlag, nrpFormat (the list query's, absensi-search.ts).
  ...ABSENSI_QUERY_MESSAGES,
  notLinked: 'Akun ini tidak terhubung dengan data karyawan',
  notOwnNrp: 'Anda hanya dapat mengisi absensi Anda sendiri',
  checkedIn: 'Check in berhasil',
  checkedOut: 'Check out berhasil',
  alreadyIn: 'Anda sudah check in hari ini',
  notIn:
    'Server belum mencatat check in Anda untuk hari ini, jadi check out ini tidak dapat dicatat. Lakukan Check In sekarang, lalu Check Out lagi. Jika Anda sudah check in, minta koreksi absensi kepada team leader atau HR.',
  alreadyOut: 'Anda sudah check out hari ini',
  alreadyInRecorded: 'Check in hari ini sudah tercatat sebelumnya',
  alreadyOutRecorded: 'Check out hari ini sudah tercatat sebelumnya',
  dayRecorded: 'Absensi Anda untuk tanggal ini sudah tercatat dengan status lain',
  outBeforeIn: 'Jam keluar tidak boleh sebelum jam masuk',
  oneAction: 'Isi salah satu: jam_masuk untuk check in atau jam_keluar untuk check out',
  action: 'Aksi harus check-in atau check-out',
  actionJam: 'Check in mengisi jam_masuk, check out mengisi jam_keluar',
  futureDate: 'Tanggal tidak boleh melebihi hari ini',
  jamRequired: 'Jam harus diisi',
  jamFormat: 'Format jam tidak benar',
  capturedRequired: 'Waktu perangkat (captured_at) harus diisi',
  capturedFormat: 'Waktu perangkat harus ISO 8601 dengan zona waktu, mis. 2026-11-21T08:15:00+07:00',
  sentAtFormat: 'Waktu kirim perangkat (X-Device-Time) harus ISO 8601 dengan zona waktu',
  lat: 'Latitude harus angka antara -90 dan 90',
  long: 'Longitude harus angka antara -180 dan 180',
  latLongPair: 'Latitude dan longitude harus diisi keduanya atau tidak sama sekali',
  accuracy: 'Akurasi lokasi harus angka 0 atau lebih (meter)',
  locationError: 'Lokasi tidak tersedia: isi alasannya (location_error)',
  noteMax: `Maksimal ${TEXT_NOTE_MAX} karakter`,
  photoRequired: 'Foto harus diisi',
  photoTooLarge: 'Ukuran foto maksimal 2 MB',
  photoType: 'File foto harus berupa gambar JPEG, PNG atau WebP',
  visitNotFound: 'Kunjungan tidak ditemukan',
  visitNotOwn: 'Anda hanya dapat mengisi kunjungan Anda sendiri',
  visitNotIn:
    'Server belum menerima check in kunjungan ini. Lakukan Check In Toko terlebih dahulu, lalu kirim ulang check out ini dari halaman Sinkron.',
  visitAlreadyIn: 'Kunjungan ini sudah check in',
  visitAlreadyOut: 'Kunjungan ini sudah check out',
  visitAlreadyInRecorded: 'Check in kunjungan ini sudah tercatat sebelumnya',
  visitAlreadyOutRecorded: 'Check out kunjungan ini sudah tercatat sebelumnya',
  visitOutBeforeIn: 'Jam check out tidak boleh sebelum jam check in',
  visitCheckedIn: 'Check in kunjungan berhasil',
  visitCheckedOut: 'Check out kunjungan berhasil',
  karyawanNotFound: 'Karyawan tidak ditemukan',
} as const;

// ---------------------------------------------------------------- field schemas

/** An employee's NRP: a short code, nothing else reaches the database. */
export const NRP_PATTERN = /^[A-Za-z0-9._-]{1,12}$/;
export const nrpCode = (message: string = ABSENSI_MESSAGES.nrpFormat) => code(NRP_PATTERN, message);

/** 'YYYY-MM-DD', a real calendar day (defined with the list query, absensi-search.ts). */
export { TanggalSchema };

/** 'HH:mm:ss', answered as such; 'HH:mm' (older clients) is read as ':00'. */
export const JamSchema = v.pipe(
  v.string(ABSENSI_MESSAGES.jamRequired),
  v.trim(),
  v.nonEmpty(ABSENSI_MESSAGES.jamRequired),
  v.transform((s) => (/^\d{2}:\d{2}$/.test(s) ? `${s}:00` : s)),
  timeOfDay(ABSENSI_MESSAGES.jamFormat),
);

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The device time of the action: ISO 8601 with its offset (or Z), so it names one instant. */
export const CapturedAtSchema = v.pipe(
  v.string(ABSENSI_MESSAGES.capturedRequired),
  v.trim(),
  v.nonEmpty(ABSENSI_MESSAGES.capturedRequired),
  v.regex(ISO_WITH_OFFSET, ABSENSI_MESSAGES.capturedFormat),
  v.check((s) => isCalendarDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s)), ABSENSI_MESSAGES.capturedFormat),
);

/** A number from JSON or from a form field ("-6.2088"); bounded. */
const boundedNumber = (message: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.string()], message),
    v.transform((x) => {
      if (typeof x === 'number') return x;
      const s = x.trim();
      return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : NaN;
    }),
    v.number(message),
    v.finite(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** Free text stored as is (a reason, a visit note), without control characters. */
export const noteText = (options: { multiline?: boolean } = {}) =>
  text(TEXT_NOTE_MAX, { ...options, tooLong: ABSENSI_MESSAGES.noteMax });

/**
 * Multipart sends every field as text and an empty input as ''. Blank fields count as absent, so
 * "no GPS fix" can be sent as empty lat/long by a form as well as by leaving them out.
 */
export const withoutBlanks = v.transform((input: unknown) =>
  input !== null && typeof input === 'object' && !Array.isArray(input)
    ? Object.fromEntries(Object.entries(input).filter(([, x]) => !(typeof x === 'string' && x.trim() === '')))
    : input,
);

/**
 * Where and when, shared by the day's and the visit's check-in/out. A missing captured_at falls
 * through to its own "harus diisi" message (via the '' default).
 */
export const evidenceEntries = {
  captured_at: v.optional(CapturedAtSchema, ''),
  lat: v.optional(boundedNumber(ABSENSI_MESSAGES.lat, -90, 90)),
  long: v.optional(boundedNumber(ABSENSI_MESSAGES.long, -180, 180)),
  accuracy: v.optional(boundedNumber(ABSENSI_MESSAGES.accuracy, 0, 1e7)),
  location_error: v.optional(noteText()),
  /** The phone's clock when it sent this (the X-Device-Time header fills it); absent: an older app. */
  sent_at: v.optional(
    v.pipe(
      v.string(ABSENSI_MESSAGES.sentAtFormat),
      v.trim(),
      v.regex(ISO_WITH_OFFSET, ABSENSI_MESSAGES.sentAtFormat),
      v.check((s) => isCalendarDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s)), ABSENSI_MESSAGES.sentAtFormat),
    ),
  ),
  /** The passkey's assertion over the check-in (decision 032), JSON text; absent: unsigned. */
  assertion: assertionField,
};

/**
 * Which action a row of POST /api/absensi/new/spg is. The phone names it (`action`); a row queued before
 * it did is told by its time field (jam_masuk: a check-in, jam_keluar: a check-out), which every row
 * still carries (the passkey signs it).
 */
export const DAY_ACTIONS = ['check-in', 'check-out'] as const;
export type DayAction = (typeof DAY_ACTIONS)[number];

/** The fields of POST /api/absensi/new/spg (the photo travels beside them as `photo`). */
export const absensiSpgEntries = {
  action: v.optional(
    v.pipe(
      v.picklist(DAY_ACTIONS, ABSENSI_MESSAGES.action),
      v.metadata({
        description:
          'Which action this is (check-in: jam_masuk, check-out: jam_keluar). Without it, as phones sent before, ' +
          'jam_masuk says a check-in and jam_keluar a check-out.',
      }),
    ),
  ),
  nrp: v.optional(nrpCode()),
  tanggal: v.optional(TanggalSchema, ''),
  jam_masuk: v.optional(JamSchema),
  jam_keluar: v.optional(JamSchema),
  ...evidenceEntries,
};

/**
 * POST /api/absensi/new/spg, as the server reads it: exactly one of jam_masuk (in) and jam_keluar (out),
 * and the one the named `action` records.
 */
export const AbsensiSpgFieldsSchema = v.pipe(
  v.unknown(),
  withoutBlanks,
  v.object(absensiSpgEntries),
  v.forward(
    v.partialCheck(
      [['jam_masuk'], ['jam_keluar']],
      (x) => (x.jam_masuk === undefined) !== (x.jam_keluar === undefined),
      ABSENSI_MESSAGES.oneAction,
    ),
    ['jam_masuk'],
  ),
  v.forward(
    v.partialCheck(
      [['action'], ['jam_masuk'], ['jam_keluar']],
      (x) =>
        x.action === undefined ||
        (x.action === 'check-in'
          ? x.jam_masuk !== undefined && x.jam_keluar === undefined
          : x.jam_keluar !== undefined && x.jam_masuk === undefined),
      ABSENSI_MESSAGES.actionJam,
    ),
    ['action'],
  ),
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
export type AbsensiSpgFields = v.InferOutput<typeof AbsensiSpgFieldsSchema>;

/** The side a day row records: the action it names, or for a row without one, its time field. */
export function dayActionOf(fields: Pick<AbsensiSpgFields, 'action' | 'jam_masuk'>): FieldSide {
  if (fields.action) return fields.action === 'check-in' ? 'in' : 'out';
  return fields.jam_masuk !== undefined ? 'in' : 'out';
}

/** A photo part of a multipart body, for the API document (the server checks it by content). */
export const PhotoPartSchema = fileField('The photo file: JPEG, PNG or WebP (recognised by content), at most 2 MB');

/** The multipart body of POST /api/absensi/new/spg as the API document shows it. */
export const AbsensiSpgFormSchema = v.object({ ...absensiSpgEntries, photo: PhotoPartSchema });

/** `?tanggal=` of the two GETs; absent means the employee's today, in her location's time zone. */
export const TanggalQuerySchema = v.object({ tanggal: v.optional(TanggalSchema) });

// ---------------------------------------------------------------- rules

/**
 * The review flags of one check-in or check-out. Nothing here refuses an action: a field employee
 * without GPS, far from the store or with a wrong clock can still record it, and a reviewer sees why.
 */
export function evidenceFlags(e: {
  side: FieldSide;
  capturedAt: Date;
  receivedAt: Date;
  /** The phone's clock when it sent (sent_at), when it said. */
  sentAt?: Date;
  hasLocation: boolean;
  distanceM?: number | null;
  radiusM?: number;
}): FieldFlag[] {
  const flags: FieldFlag[] = [];
  if (!e.hasLocation) flags.push(`no_location_${e.side}`);
  if (e.distanceM != null && e.distanceM > (e.radiusM ?? VISIT_RADIUS_DEFAULT_M))
    flags.push(`outside_radius_${e.side}`);
  if (
    e.sentAt
      ? Math.abs(e.sentAt.getTime() - e.receivedAt.getTime()) > CLOCK_SKEW_ONLINE_MS
      : Math.abs(e.capturedAt.getTime() - e.receivedAt.getTime()) > CLOCK_SKEW_FLAG_MS
  )
    flags.push('clock_skew');
  return flags;
}

// ---------------------------------------------------------------- answers

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

/**
 * What she sees of the review of her own check-in (issue 41 item 3, decision 035): "Sedang ditinjau"
 * while it is open, "Diterima" or "Tidak diterima" after, and only what the reviewer wrote for her. Never
 * the flags (naming them tells a cheater what was caught) nor the reviewer's internal reason. Null when
 * nothing is under review.
 */
export const OWN_REVIEW_STATUS = ['ditinjau', 'diterima', 'tidak_diterima'] as const;
export const OwnReviewSchema = v.object({
  status: v.picklist(OWN_REVIEW_STATUS),
  /** "Pesan untuk karyawan": the reviewer's words for her, if any. */
  pesan: nullableString,
  /** Her own note for the reviewer. */
  catatan: nullableString,
});
export type OwnReview = v.InferOutput<typeof OwnReviewSchema>;

/**
 * One day's attendance: her own as GET and POST /api/absensi/new/spg answer it (with `flags` always empty:
 * server/modules/absensi/her-view.ts), and a row of HR's list. Timestamps are ISO (UTC).
 */
export const AbsensiSpgRecordSchema = v.object({
  id: v.number(),
  nrp: v.string(),
  tanggal: v.string(),
  tahun: v.number(),
  bulan: v.number(),
  shift_id: nullableString,
  sts_abs_id: v.string(),
  jam_masuk: nullableString,
  jam_keluar: nullableString,
  foto_masuk: nullableString,
  foto_keluar: nullableString,
  masuk_lat: nullableNumber,
  masuk_long: nullableNumber,
  masuk_accuracy: nullableNumber,
  masuk_captured_at: nullableString,
  masuk_received_at: nullableString,
  masuk_location_note: nullableString,
  keluar_lat: nullableNumber,
  keluar_long: nullableNumber,
  keluar_accuracy: nullableNumber,
  keluar_captured_at: nullableString,
  keluar_received_at: nullableString,
  keluar_location_note: nullableString,
  flags: v.array(v.picklist(FIELD_FLAGS)),
  /**
   * What the phone recorded (docs/decisions/027-field-evidence-immutable.md): jam_masuk/jam_keluar are the
   * day as it stands (a revision of HR or an upload may be on top); these stay as she sent them.
   */
  field_shift_id: nullableString,
  field_jam_masuk: nullableString,
  field_jam_keluar: nullableString,
  /** How her check-in and check-out were signed (decision 032); null before that side. */
  in_verified: v.nullable(v.picklist(VERIFIED)),
  out_verified: v.nullable(v.picklist(VERIFIED)),
  /**
   * "Lupa Check Out" (src/domain/absensi/forgot-checkout.ts): the shift's Batas Check Out passed with a
   * check-in and no check-out; false once the day has an end. Its hours do not count until then.
   */
  forgot_checkout: v.boolean(),
  /** Her own day (GET /api/absensi/new/spg): the review of her flagged check-in; absent elsewhere. */
  tinjau: v.optional(v.nullable(OwnReviewSchema)),
});
export type AbsensiSpgRecord = v.InferOutput<typeof AbsensiSpgRecordSchema>;

/** GET /api/absensi/new/spg: the day's record, null before the check-in. */
export const AbsensiOwnDayAnswerSchema = resultAnswer(v.nullable(AbsensiSpgRecordSchema));
/**
 * Set on the answer to a check-in or check-out that was already recorded before this request (another
 * outbox row, another phone): the answer carries the record as it stands, and nothing was written.
 * Optional, because answers stored for replay before it existed lack it.
 */
export const alreadyRecordedEntry = {
  already_recorded: v.optional(v.boolean()),
};

/** POST /api/absensi/new/spg: 201 when recorded now, 200 with `already_recorded: true` when it already was. */
export const AbsensiSpgAnswerSchema = v.object({
  ...messageWith(AbsensiSpgRecordSchema).entries,
  ...alreadyRecordedEntry,
});
export type AbsensiSpgAnswer = v.InferOutput<typeof AbsensiSpgAnswerSchema>;

// ---------------------------------------------------------------- outbox payloads

/**
 * The outbox rows absensi.check-in and absensi.check-out: the fields as the phone sends them, one
 * action each, with the date, the device time and the evidence always present. `action` is optional:
 * rows queued before the phone named it replay without it.
 */
const dayPayloadEntries = { ...absensiSpgEntries, tanggal: TanggalSchema, captured_at: CapturedAtSchema };
export const AbsensiCheckInPayloadSchema = v.object({
  ...dayPayloadEntries,
  action: v.optional(v.literal('check-in')),
  jam_masuk: JamSchema,
  jam_keluar: v.optional(v.never()),
});
export const AbsensiCheckOutPayloadSchema = v.object({
  ...dayPayloadEntries,
  action: v.optional(v.literal('check-out')),
  jam_masuk: v.optional(v.never()),
  jam_keluar: JamSchema,
});
