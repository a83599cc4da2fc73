/**
 * Master data (spec part 2 §3, §7 "Master data"): the lists, their keys, and the one set of valibot
 * schemas that checks the create/edit forms and the server's request bodies alike.
 */
import { DEVICE_MESSAGES, DEVICE_POLICIES } from '../device/device';
import dayjs from 'dayjs';
import * as v from 'valibot';
import { listAnswer, resultAnswer } from '../api';
import { ListQuerySchema } from '../list-query';
import { code, isoDate, periodId, text } from '../primitives';
import { MAX_TOLERANSI_MENIT } from '../absensi/day-count';
import { TIME_ZONE_LABEL, TIME_ZONES } from '../time-zone';
import { berlakuMulaiSchema } from './shift-history';

export const MASTER_MESSAGES = {
  kodeRequired: 'Kode harus diisi',
  kodeFormat: 'Kode hanya boleh berisi huruf, angka, titik, garis bawah atau tanda hubung',
  namaRequired: 'Nama harus diisi',
  kodePrshRequired: 'Kode Perusahaan harus diisi',
  typeRequired: 'Type harus diisi',
  areaRequired: 'Area harus diisi',
  jamRequired: 'Jam harus diisi',
  jamFormat: 'Format jam tidak benar',
  uangShift: 'Uang Shift harus Ya atau Tidak',
  rupiah: 'Nominal harus bilangan bulat 0 atau lebih',
  tahun: 'Tahun harus antara 2000 dan 2100',
  umr: 'UMR harus bilangan bulat lebih dari 0',
  duplicate: 'Kode sudah digunakan',
  prshNotFound: 'Kode perusahaan tidak ditemukan',
  periodRequired: 'Periode harus diisi',
  periodFormat: 'Periode harus berformat YYYYMM dengan bulan yang valid',
  dateFormat: 'Tanggal harus berformat YYYY-MM-DD',
  dateOrder: 'Tanggal akhir tidak boleh sebelum tanggal mulai',
  jumHk: 'Jumlah HK harus bilangan bulat 0 sampai 31',
  status: 'Status harus true atau false',
  statusFilter: "Status harus 'true', 'false', '1' atau '0'",
  timeZone: 'Zona waktu harus WIB, WITA atau WIT',
  toleransiTerlambat: `Toleransi Terlambat harus bilangan bulat 0 sampai ${MAX_TOLERANSI_MENIT} menit`,
  toleransiPulangCepat: `Toleransi Pulang Cepat harus bilangan bulat 0 sampai ${MAX_TOLERANSI_MENIT} menit`,
  batasCheckOut: 'Batas Check Out harus jam dengan format JJ:MM atau dikosongkan',
} as const;

export const maxChars = (n: number) => `Maksimal ${n} karakter`;

/** Every master list served under /api/<resource>. */
export const MASTER_RESOURCES = [
  'perusahaan',
  'sales-office',
  'lokasi',
  'client',
  'jabatan',
  'departemen',
  'divisi',
  'karyawan-type',
  'shift',
  'umr',
  'key-account',
  'status-absensi',
] as const;
export type MasterResource = (typeof MASTER_RESOURCES)[number];
/** The lists that can be written (status-absensi is a fixed enumeration, GET only). */
export type WritableMasterResource = Exclude<MasterResource, 'status-absensi'>;

export const MASTER_LABELS: Record<MasterResource, string> = {
  perusahaan: 'Perusahaan',
  'sales-office': 'Sales Office',
  lokasi: 'Lokasi',
  client: 'Client',
  jabatan: 'Jabatan',
  departemen: 'Departemen',
  divisi: 'Divisi',
  'karyawan-type': 'Type Karyawan',
  shift: 'Shift',
  umr: 'UMR',
  'key-account': 'Key Account',
  'status-absensi': 'Status Absensi',
};

/** The key field of each list's rows (and of its /{id} path). */
export const MASTER_KEYS: Record<MasterResource, string> = {
  perusahaan: 'kode_prsh',
  'sales-office': 'id',
  lokasi: 'id',
  client: 'id',
  jabatan: 'id',
  departemen: 'id',
  divisi: 'id',
  'karyawan-type': 'id',
  shift: 'id',
  umr: 'id',
  'key-account': 'id',
  'status-absensi': 'id',
};

// ---------------------------------------------------------------- field schemas

/**
 * A missing key becomes '' so that it fails with the field's own message ("Kode harus diisi"),
 * not valibot's generic "Invalid key".
 */
const required = <S extends v.GenericSchema<string>>(schema: S) => v.optional(schema, '');

const requiredText = (message: string, max: number) =>
  required(v.pipe(text(max, { notText: message }), v.nonEmpty(message)));

const KODE = /^[A-Za-z0-9._-]*$/;

/** A code used as a key: it travels in URL paths, so no spaces or slashes. */
const kode = (max: number) =>
  required(
    v.pipe(
      text(max, { notText: MASTER_MESSAGES.kodeRequired }),
      v.nonEmpty(MASTER_MESSAGES.kodeRequired),
      v.regex(KODE, MASTER_MESSAGES.kodeFormat),
    ),
  );

const nama = (max = 40) => requiredText(MASTER_MESSAGES.namaRequired, max);

const kodePrsh = requiredText(MASTER_MESSAGES.kodePrshRequired, 4);

/**
 * A whole number from JSON (a number) or from a form field (a string, "25000" or "25.000").
 * Bounded below the int4 column limit so no value a client sends can fail in the database.
 */
export const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.string()], message),
    v.transform((x) => {
      if (typeof x === 'number') return x;
      const s = x.trim();
      return /^\d+$/.test(s) || /^\d{1,3}(\.\d{3})+$/.test(s) ? Number(s.replace(/\./g, '')) : NaN;
    }),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

const MAX_RUPIAH = 2_000_000_000;
const rupiah = v.optional(wholeNumber(MASTER_MESSAGES.rupiah, 0, MAX_RUPIAH), 0);

/** 'HH:mm' (a time input) or 'HH:mm:ss', answered as 'HH:mm:ss'. */
export const jamSchema = required(
  v.pipe(
    v.string(MASTER_MESSAGES.jamRequired),
    v.trim(),
    v.nonEmpty(MASTER_MESSAGES.jamRequired),
    v.regex(/^(([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/, MASTER_MESSAGES.jamFormat),
    v.transform((s) => (s.length === 5 ? `${s}:00` : s)),
  ),
);

const JAM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/**
 * An optional time ('HH:mm' or 'HH:mm:ss', answered 'HH:mm:ss'): empty or null clears it (null).
 * Absent leaves it as it is on edit.
 */
const optionalJam = (message: string) =>
  v.optional(
    v.pipe(
      v.nullable(v.string(message)),
      v.transform((s) => s?.trim() || null),
      v.check((s) => s === null || JAM_PATTERN.test(s), message),
      v.transform((s) => (s && s.length === 5 ? `${s}:00` : s)),
    ),
  );

/**
 * A location's time zone (docs/decisions/020-time-zones.md): the IANA name the select sends, or the
 * name people use (WIB, WITA, WIT, any case), stored as the IANA name. Absent: WIB on create (the
 * column's default), unchanged on edit.
 */
export const timeZoneSchema = v.pipe(
  v.string(MASTER_MESSAGES.timeZone),
  v.trim(),
  v.transform((s): string => {
    const byLabel = TIME_ZONES.find((z) => TIME_ZONE_LABEL[z] === s.toUpperCase());
    return byLabel ?? s;
  }),
  v.picklist(TIME_ZONES, MASTER_MESSAGES.timeZone),
);

// ---------------------------------------------------------------- per-list fields (without the key)

const fields = {
  perusahaan: {
    nama: nama(60),
    // Device-verified check-ins (docs/decisions/032): absent is 'wajib' on create and unchanged on edit.
    device_policy: v.optional(v.picklist(DEVICE_POLICIES, DEVICE_MESSAGES.policy)),
  },
  'sales-office': { kode_prsh: kodePrsh, nama: nama() },
  lokasi: {
    kode_prsh: kodePrsh,
    nama: nama(),
    alamat: v.pipe(
      v.nullish(text(255, { multiline: true }), null),
      v.transform((a) => a || null),
    ),
    time_zone: v.optional(timeZoneSchema),
  },
  client: { kode_prsh: kodePrsh, nama: nama() },
  jabatan: { kode_prsh: kodePrsh, nama: nama() },
  departemen: { kode_prsh: kodePrsh, nama: nama() },
  divisi: { kode_prsh: kodePrsh, nama: nama() },
  'karyawan-type': {
    kode_prsh: kodePrsh,
    type: requiredText(MASTER_MESSAGES.typeRequired, 40),
    tun_makan: rupiah,
    tun_bensin: rupiah,
    tun_lain: rupiah,
  },
  shift: {
    kode_prsh: kodePrsh,
    nama: nama(),
    jam_mulai: jamSchema,
    jam_selesai: jamSchema,
    ada_uang_shift: required(
      v.pipe(v.string(MASTER_MESSAGES.uangShift), v.picklist(['Y', 'T'], MASTER_MESSAGES.uangShift)),
    ),
    // Lateness tolerances in minutes (docs/decisions/028): absent is the column's default (5) on create and
    // unchanged on edit; the form always sends them.
    toleransi_terlambat: v.optional(wholeNumber(MASTER_MESSAGES.toleransiTerlambat, 0, MAX_TOLERANSI_MENIT)),
    toleransi_pulang_cepat: v.optional(wholeNumber(MASTER_MESSAGES.toleransiPulangCepat, 0, MAX_TOLERANSI_MENIT)),
    // "Batas Check Out" (src/domain/absensi/forgot-checkout.ts): empty = Jam Selesai + 2 jam.
    batas_check_out: optionalJam(MASTER_MESSAGES.batasCheckOut),
  },
  umr: {
    area: requiredText(MASTER_MESSAGES.areaRequired, 40),
    tahun: v.optional(wholeNumber(MASTER_MESSAGES.tahun, 2000, 2100), ''),
    umr: v.optional(wholeNumber(MASTER_MESSAGES.umr, 1, MAX_RUPIAH), ''),
  },
  'key-account': { nama: nama() },
} as const;

function pair<K extends v.ObjectEntries, F extends v.ObjectEntries>(key: K, f: F) {
  return { create: v.object({ ...key, ...f }), update: v.object(f) };
}

/**
 * POST body (create) and PUT body (update: every field but the key) of each writable list. Key
 * lengths follow the varchar lengths of server/db/schema/master.ts.
 */
export const MASTER_SCHEMAS = {
  perusahaan: pair({ kode_prsh: kode(4) }, fields.perusahaan),
  'sales-office': pair({ id: kode(4) }, fields['sales-office']),
  lokasi: pair({ id: kode(10) }, fields.lokasi),
  client: pair({ id: kode(10) }, fields.client),
  jabatan: pair({ id: kode(10) }, fields.jabatan),
  departemen: pair({ id: kode(10) }, fields.departemen),
  divisi: pair({ id: kode(10) }, fields.divisi),
  'karyawan-type': pair({ id: kode(10) }, fields['karyawan-type']),
  // A change of the times applies from berlaku_mulai (src/domain/master/shift-history.ts); a new shift has
  // no days to keep, so only an edit takes it.
  shift: {
    create: v.object({ id: kode(10), ...fields.shift }),
    update: v.object({ ...fields.shift, berlaku_mulai: berlakuMulaiSchema }),
  },
  umr: pair({ id: kode(10) }, fields.umr),
  'key-account': pair({ id: kode(10) }, fields['key-account']),
} satisfies Record<WritableMasterResource, { create: v.GenericSchema; update: v.GenericSchema }>;

export type MasterCreateInput<R extends WritableMasterResource> = v.InferOutput<(typeof MASTER_SCHEMAS)[R]['create']>;

/** A master form's values: every field as text, as its input holds it. */
export type MasterFormValues = Record<string, string>;
/** A create or edit body as the list's schema makes it. */
export type MasterBody = Record<string, unknown>;

/**
 * The list's create or edit schema, as the generic master form uses it: the form is built from a field
 * table, so its values are text by name; the list's own schema checks them (issues keep their field's
 * path) and makes the body.
 */
export function masterFormSchema(
  resource: WritableMasterResource,
  mode: 'create' | 'update',
): v.GenericSchema<MasterFormValues, MasterBody> {
  const schema: v.GenericSchema<unknown, MasterBody> = MASTER_SCHEMAS[resource][mode];
  return v.pipe(
    v.record(v.string(), v.string()),
    v.rawTransform(({ dataset, config, addIssue, NEVER }) => {
      const parsed = v.safeParse(schema, dataset.value, { lang: config.lang, abortPipeEarly: config.abortPipeEarly });
      if (parsed.success) return parsed.output;
      for (const issue of parsed.issues) addIssue({ message: issue.message, path: issue.path });
      return NEVER;
    }),
  );
}

// ---------------------------------------------------------------- rows as the API answers them

const companyOwned = { id: v.string(), kode_prsh: v.string(), nama: v.string() };
const idNama = v.object({ id: v.string(), nama: v.string() });

const ROWS = {
  perusahaan: v.object({ kode_prsh: v.string(), nama: v.string(), device_policy: v.picklist(DEVICE_POLICIES) }),
  'sales-office': v.object(companyOwned),
  lokasi: v.object({
    ...companyOwned,
    alamat: v.nullable(v.string()),
    time_zone: v.picklist(TIME_ZONES),
  }),
  client: v.object(companyOwned),
  jabatan: v.object(companyOwned),
  departemen: v.object(companyOwned),
  divisi: v.object(companyOwned),
  'karyawan-type': v.object({
    id: v.string(),
    kode_prsh: v.string(),
    type: v.string(),
    tun_makan: v.number(),
    tun_bensin: v.number(),
    tun_lain: v.number(),
  }),
  /** Times `HH:mm:ss`; ada_uang_shift 'Y' or 'T'; the tolerances in minutes. */
  shift: v.object({
    ...companyOwned,
    jam_mulai: v.string(),
    jam_selesai: v.string(),
    ada_uang_shift: v.string(),
    toleransi_terlambat: v.number(),
    toleransi_pulang_cepat: v.number(),
    /** Null = Jam Selesai + 2 jam (batasOf of src/domain/absensi/forgot-checkout.ts). */
    batas_check_out: v.nullable(v.string()),
    /** The first day these times apply to; null = since the shift exists (docs/decisions/045). */
    berlaku_mulai: v.nullable(v.string()),
  }),
  umr: v.object({ id: v.string(), area: v.string(), tahun: v.number(), umr: v.number() }),
  'key-account': idNama,
  'status-absensi': idNama,
} satisfies Record<MasterResource, v.GenericSchema>;
export type MasterRows = { [R in MasterResource]: v.InferOutput<(typeof ROWS)[R]> };
/** One row of each list, as GET /api/<list> and /api/<list>/{id} answer it (the table's columns). */
export const MASTER_ROW_SCHEMAS: { [R in MasterResource]: v.GenericSchema<unknown, MasterRows[R]> } = ROWS;

/** The row schema of one list, typed by the list (a screen generic over the list gets its own row type). */
const rowSchema = <R extends MasterResource>(resource: R): v.GenericSchema<unknown, MasterRows[R]> =>
  MASTER_ROW_SCHEMAS[resource];
/** `{ result: rows, totalCount }` of GET /api/<list>. */
export const masterListAnswer = <R extends MasterResource>(resource: R) => listAnswer(rowSchema(resource));
/** `{ result: row }` of GET /api/<list>/{id}. */
export const masterDetailAnswer = <R extends MasterResource>(resource: R) => resultAnswer(rowSchema(resource));

/**
 * `{id}` of /api/<list>/{id}: the code pattern every key is written with. The length is not the
 * column's, so a longer code is simply not found (404) rather than refused.
 */
export const MasterIdParamSchema = v.object({
  id: v.pipe(code(/^[A-Za-z0-9._-]+$/, MASTER_MESSAGES.kodeFormat), v.maxLength(40, maxChars(40))),
});

// ---------------------------------------------------------------- period

export const PeriodRowSchema = v.object({
  id: v.string(),
  kode_prsh: v.string(),
  /** YYYY-MM-DD */
  mulai: v.string(),
  akhir: v.string(),
  jum_hk: v.number(),
  /** Enable Posting. */
  status: v.boolean(),
});
export type PeriodRow = v.InferOutput<typeof PeriodRowSchema>;
export const PeriodListAnswerSchema = listAnswer(PeriodRowSchema);
export const PeriodDetailAnswerSchema = resultAnswer(PeriodRowSchema);

export const PeriodIdSchema = required(
  v.pipe(
    text(6, { notText: MASTER_MESSAGES.periodRequired, tooLong: MASTER_MESSAGES.periodFormat }),
    v.nonEmpty(MASTER_MESSAGES.periodRequired),
    v.regex(/^((20\d\d|2100)(0[1-9]|1[0-2]))?$/, MASTER_MESSAGES.periodFormat),
  ),
);

/** `{id}` of /api/period/{id}. */
export const PeriodIdParamSchema = v.object({ id: periodId(MASTER_MESSAGES.periodFormat) });

const date = isoDate(MASTER_MESSAGES.dateFormat);

/** POST /api/period: mulai/akhir default to the month's bounds, jum_hk to its Monday–Saturday count. */
export const PeriodCreateSchema = v.pipe(
  v.object({
    id: PeriodIdSchema,
    kode_prsh: kodePrsh,
    mulai: v.optional(date),
    akhir: v.optional(date),
    jum_hk: v.optional(wholeNumber(MASTER_MESSAGES.jumHk, 0, 31)),
    status: v.optional(v.boolean(MASTER_MESSAGES.status), false),
  }),
  v.forward(
    v.check((p) => !p.mulai || !p.akhir || p.mulai <= p.akhir, MASTER_MESSAGES.dateOrder),
    ['akhir'],
  ),
);
export type PeriodCreateInput = v.InferOutput<typeof PeriodCreateSchema>;

/** PUT /api/period/{id}: the Enable Posting switch. */
export const PeriodStatusSchema = v.object({ status: v.boolean(MASTER_MESSAGES.status) }, MASTER_MESSAGES.status);

/** GET /api/period?status=…: the original client sends 1; true/false read the same. */
export const PeriodStatusFilterSchema = v.optional(
  v.pipe(
    v.picklist(['true', 'false', '1', '0'], MASTER_MESSAGES.statusFilter),
    v.transform((s) => s === 'true' || s === '1'),
  ),
);

/** GET /api/period: the list query and the Enable Posting filter. */
export const PeriodListQuerySchema = v.object({ ...ListQuerySchema.entries, status: PeriodStatusFilterSchema });

/** Working days (hari kerja) of a month: Monday to Saturday, as the demo periods count them. */
export function workingDaysOf(mulai: string, akhir: string): number {
  let n = 0;
  for (let d = dayjs(mulai); !d.isAfter(akhir, 'day'); d = d.add(1, 'day')) if (d.day() !== 0) n++;
  return n;
}

export function periodStatusMessage(id: string, status: boolean): string {
  return `Posting periode ${id} ${status ? 'diaktifkan' : 'dinonaktifkan'}`;
}
