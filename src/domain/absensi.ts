/**
 * The field app's evidence (spec part 2 §2.3, §2.7; GUIDE §4): the day's own check-in/out and the
 * store-visit check-in/out, sent as multipart from the outbox. One set of schemas for the outbox
 * payload, the screen and the server; the answers' types; the flags the server raises for review.
 * The contract is written down in docs/decisions/005-field-checkin-api.md.
 */
import * as v from 'valibot';

/** A visit check-in farther than this from the store is recorded and flagged, never refused. */
export const VISIT_RADIUS_DEFAULT_M = 300;
/** Device time this far from the server's receive time is flagged (a wrong clock, or a very late sync). */
export const CLOCK_SKEW_FLAG_MS = 12 * 60 * 60 * 1000;
/** Check-in photos: 2 MB (2097152 bytes), JPEG, PNG or WebP, recognised by content. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const TEXT_NOTE_MAX = 255;

export const FIELD_FLAGS = [
  'outside_radius_in',
  'outside_radius_out',
  'clock_skew_in',
  'clock_skew_out',
  'no_location_in',
  'no_location_out',
] as const;
export type FieldFlag = (typeof FIELD_FLAGS)[number];
/** in = check-in (masuk), out = check-out (keluar). */
export type FieldSide = 'in' | 'out';

export const ABSENSI_MESSAGES = {
  notLinked: 'Akun ini tidak terhubung dengan data karyawan',
  notOwnNrp: 'Anda hanya dapat mengisi absensi Anda sendiri',
  checkedIn: 'Check in berhasil',
  checkedOut: 'Check out berhasil',
  alreadyIn: 'Anda sudah check in hari ini',
  notIn: 'Anda belum check in hari ini',
  alreadyOut: 'Anda sudah check out hari ini',
  dayRecorded: 'Absensi Anda untuk tanggal ini sudah tercatat dengan status lain',
  outBeforeIn: 'Jam keluar tidak boleh sebelum jam masuk',
  oneAction: 'Isi salah satu: jam_masuk untuk check in atau jam_keluar untuk check out',
  tanggalRequired: 'Tanggal harus diisi',
  tanggalFormat: 'Tanggal harus berformat YYYY-MM-DD',
  jamRequired: 'Jam harus diisi',
  jamFormat: 'Format jam tidak benar',
  capturedRequired: 'Waktu perangkat (captured_at) harus diisi',
  capturedFormat: 'Waktu perangkat harus ISO 8601 dengan zona waktu, mis. 2026-11-21T08:15:00+07:00',
  lat: 'Latitude harus angka antara -90 dan 90',
  long: 'Longitude harus angka antara -180 dan 180',
  latLongPair: 'Latitude dan longitude harus diisi keduanya atau tidak sama sekali',
  accuracy: 'Akurasi lokasi harus angka 0 atau lebih (meter)',
  locationError: 'Lokasi tidak tersedia: isi alasannya (location_error)',
  noteMax: `Maksimal ${TEXT_NOTE_MAX} karakter`,
  noteChars: 'Teks berisi karakter yang tidak diizinkan',
  nrpFormat: 'NRP tidak valid',
  photoRequired: 'Foto harus diisi',
  photoTooLarge: 'Ukuran foto maksimal 2 MB',
  photoType: 'File foto harus berupa gambar JPEG, PNG atau WebP',
  visitNotFound: 'Kunjungan tidak ditemukan',
  visitNotOwn: 'Anda hanya dapat mengisi kunjungan Anda sendiri',
  visitNotIn: 'Kunjungan ini belum check in',
  visitAlreadyIn: 'Kunjungan ini sudah check in',
  visitAlreadyOut: 'Kunjungan ini sudah check out',
  visitOutBeforeIn: 'Jam check out tidak boleh sebelum jam check in',
  visitCheckedIn: 'Check in kunjungan berhasil',
  visitCheckedOut: 'Check out kunjungan berhasil',
  karyawanNotFound: 'Karyawan tidak ditemukan',
} as const;

// ---------------------------------------------------------------- field schemas

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** 'YYYY-MM-DD', a real calendar day. */
export const TanggalSchema = v.pipe(
  v.string(ABSENSI_MESSAGES.tanggalRequired),
  v.trim(),
  v.nonEmpty(ABSENSI_MESSAGES.tanggalRequired),
  v.regex(DATE_RE, ABSENSI_MESSAGES.tanggalFormat),
  v.check(isRealDate, ABSENSI_MESSAGES.tanggalFormat),
);

/** 'HH:mm:ss' ('HH:mm' is read as ':00'), answered as 'HH:mm:ss'. */
export const JamSchema = v.pipe(
  v.string(ABSENSI_MESSAGES.jamRequired),
  v.trim(),
  v.nonEmpty(ABSENSI_MESSAGES.jamRequired),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, ABSENSI_MESSAGES.jamFormat),
  v.transform((s) => (s.length === 5 ? `${s}:00` : s)),
);

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The device time of the action: ISO 8601 with its offset (or Z), so it names one instant. */
export const CapturedAtSchema = v.pipe(
  v.string(ABSENSI_MESSAGES.capturedRequired),
  v.trim(),
  v.nonEmpty(ABSENSI_MESSAGES.capturedRequired),
  v.regex(ISO_WITH_OFFSET, ABSENSI_MESSAGES.capturedFormat),
  v.check((s) => isRealDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s)), ABSENSI_MESSAGES.capturedFormat),
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

/** Free text stored as is; a NUL character cannot be stored in PostgreSQL text, so it is refused here. */
const note = v.pipe(
  v.string(ABSENSI_MESSAGES.noteMax),
  v.trim(),
  v.maxLength(TEXT_NOTE_MAX, ABSENSI_MESSAGES.noteMax),
  v.check((s) => !s.includes('\u0000'), ABSENSI_MESSAGES.noteChars),
);

/**
 * Multipart sends every field as text and an empty input as ''. Blank fields count as absent, so
 * "no GPS fix" can be sent as empty lat/long by a form as well as by leaving them out.
 */
const withoutBlanks = v.transform((input: unknown) =>
  input !== null && typeof input === 'object' && !Array.isArray(input)
    ? Object.fromEntries(Object.entries(input).filter(([, x]) => !(typeof x === 'string' && x.trim() === '')))
    : input,
);

const locationEntries = {
  captured_at: v.optional(CapturedAtSchema, ''),
  lat: v.optional(boundedNumber(ABSENSI_MESSAGES.lat, -90, 90)),
  long: v.optional(boundedNumber(ABSENSI_MESSAGES.long, -180, 180)),
  accuracy: v.optional(boundedNumber(ABSENSI_MESSAGES.accuracy, 0, 1e7)),
  location_error: v.optional(note),
};

/**
 * POST /api/absensi/new/spg fields (the photo travels beside them as `photo`). Exactly one of
 * jam_masuk (check in) and jam_keluar (check out).
 */
export const AbsensiSpgFieldsSchema = v.pipe(
  v.unknown(),
  withoutBlanks,
  v.object({
    nrp: v.optional(
      v.pipe(v.string(ABSENSI_MESSAGES.nrpFormat), v.trim(), v.maxLength(12, ABSENSI_MESSAGES.nrpFormat)),
    ),
    tanggal: v.optional(TanggalSchema, ''),
    jam_masuk: v.optional(JamSchema),
    jam_keluar: v.optional(JamSchema),
    ...locationEntries,
  }),
  v.forward(
    v.partialCheck(
      [['jam_masuk'], ['jam_keluar']],
      (x) => (x.jam_masuk === undefined) !== (x.jam_keluar === undefined),
      ABSENSI_MESSAGES.oneAction,
    ),
    ['jam_masuk'],
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

/** POST /api/kunjungan/detail/{id}/check-in and …/check-out fields (plus `photo`). */
export const KunjunganCheckFieldsSchema = v.pipe(
  v.unknown(),
  withoutBlanks,
  v.object({
    jam: v.optional(JamSchema, ''),
    desc: v.optional(note),
    ...locationEntries,
  }),
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

/** `?tanggal=` of the two GETs; absent means today in Asia/Jakarta (the server's business day). */
export const TanggalQuerySchema = v.object({ tanggal: v.optional(TanggalSchema) });

// ---------------------------------------------------------------- rules

const JAKARTA_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Jakarta',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Asia/Jakarta (UTC+7, no DST) of an instant, 'YYYY-MM-DD'. */
export function dateInJakarta(at: Date): string {
  return JAKARTA_DATE.format(at);
}

/**
 * The review flags of one check-in or check-out. Nothing here refuses an action: a field employee
 * without GPS, far from the store or with a wrong clock can still record it, and a reviewer sees why.
 */
export function evidenceFlags(e: {
  side: FieldSide;
  capturedAt: Date;
  receivedAt: Date;
  hasLocation: boolean;
  distanceM?: number | null;
  radiusM?: number;
}): FieldFlag[] {
  const flags: FieldFlag[] = [];
  if (!e.hasLocation) flags.push(`no_location_${e.side}`);
  if (e.distanceM != null && e.distanceM > (e.radiusM ?? VISIT_RADIUS_DEFAULT_M))
    flags.push(`outside_radius_${e.side}`);
  if (Math.abs(e.capturedAt.getTime() - e.receivedAt.getTime()) > CLOCK_SKEW_FLAG_MS)
    flags.push(`clock_skew_${e.side}`);
  return flags;
}

// ---------------------------------------------------------------- answers

/** One day's own attendance, as GET and POST /api/absensi/new/spg answer it. Timestamps are ISO (UTC). */
export interface AbsensiSpgRecord {
  id: number;
  nrp: string;
  tanggal: string;
  tahun: number;
  bulan: number;
  shift_id: string | null;
  sts_abs_id: string;
  jam_masuk: string | null;
  jam_keluar: string | null;
  foto_masuk: string | null;
  foto_keluar: string | null;
  masuk_lat: number | null;
  masuk_long: number | null;
  masuk_accuracy: number | null;
  masuk_captured_at: string | null;
  masuk_received_at: string | null;
  masuk_location_note: string | null;
  keluar_lat: number | null;
  keluar_long: number | null;
  keluar_accuracy: number | null;
  keluar_captured_at: string | null;
  keluar_received_at: string | null;
  keluar_location_note: string | null;
  flags: FieldFlag[];
}

export interface AbsensiSpgAnswer {
  message: string;
  result: AbsensiSpgRecord;
}

/** One planned store visit with its evidence (GET /api/kunjungan/karyawan/{id}, check-in/out answers). */
export interface KunjunganLine {
  id: number;
  no_dcp: string;
  tgl_dcp: string;
  shift_id: string;
  shift: { nama: string; jam_mulai: string; jam_selesai: string };
  cust_code: string;
  customer: { cust_name: string; cust_address: string | null; cust_lat: number | null; cust_long: number | null };
  in_jam: string | null;
  in_lat: number | null;
  in_long: number | null;
  in_accuracy: number | null;
  in_foto: string | null;
  in_desc: string | null;
  in_captured_at: string | null;
  in_received_at: string | null;
  in_distance_m: number | null;
  in_location_note: string | null;
  out_jam: string | null;
  out_lat: number | null;
  out_long: number | null;
  out_accuracy: number | null;
  out_foto: string | null;
  out_desc: string | null;
  out_captured_at: string | null;
  out_received_at: string | null;
  out_distance_m: number | null;
  out_location_note: string | null;
  flags: FieldFlag[];
}

/** An employee's visit plan for one day; no_dcp and period_id are null when no plan covers the day. */
export interface KunjunganDay {
  no_dcp: string | null;
  nrp: string;
  period_id: string | null;
  tanggal: string;
  details: KunjunganLine[];
}

export interface KunjunganCheckAnswer {
  message: string;
  result: KunjunganLine;
}

// ---------------------------------------------------------------- attendance list (admin)

/** GET /api/absensi: the attendance list of /absensi and /absensi/manual (spec part 2 §2.7, §5). */
export const AbsensiListQuerySchema = v.pipe(
  v.object({
    startDate: v.optional(TanggalSchema),
    endDate: v.optional(TanggalSchema),
    nrp: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(12))),
    manual: v.optional(v.picklist(['true', 'false', '1', '0'], 'manual harus true atau false')),
    page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '1'),
    per_page: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(1000)), '10'),
  }),
  v.check(
    (q) => !q.startDate || !q.endDate || q.startDate <= q.endDate,
    'Tanggal mulai tidak boleh setelah tanggal selesai',
  ),
);
export type AbsensiListQuery = v.InferOutput<typeof AbsensiListQuerySchema>;

export interface AbsensiListRow extends AbsensiSpgRecord {
  karyawan: { nama: string };
  statusAbsensi: { id: string; nama: string };
  sumber: string;
  details: {
    customer: { cust_code: string; cust_name: string };
    in_jam: string | null;
    in_desc: string | null;
    out_jam: string | null;
    out_desc: string | null;
  }[];
}
