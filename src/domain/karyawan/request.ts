/**
 * Profile change requests (spec part 1 §2 "Change requests", "Own profile", §3 "Profile change
 * request", §4, §7): the fields an employee may ask to change, each checked by the same rule as the
 * employee form (src/domain/karyawan/karyawan.ts); the filing and decision bodies; the list filter; the status
 * codes and their labels; the answers' schemas; the texts of this area.
 * docs/decisions/009-profile-change-requests.md explains the choices.
 */
import * as v from 'valibot';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { AGAMA, PENDIDIKAN, STATUS_KELUARGA } from '../enums';
import { KaryawanUpdateSchema } from './karyawan';
import { KARYAWAN_MESSAGES, NRP_PATTERN } from './karyawan-fields';
import { REQUEST_FILTERS, type RequestFilter } from './karyawan-search';
import { ListQuerySchema } from '../list-query';
import { code, idAny, idNumber, idString, text } from '../primitives';

const U = KaryawanUpdateSchema.entries;

/**
 * What an employee may ask to change: contact data, family and personal facts payroll needs, the
 * bank account and the tax number. Name, NIK, birth data, work assignment, contract and salary stay
 * with HR (they are backed by documents or decided by the company).
 */
export const PROFILE_REQUEST_FIELDS = [
  'alamat1',
  'alamat2',
  'kode_pos',
  'email',
  'telp_hp',
  'status_kel',
  'jumlah_anak',
  'agama_id',
  'pendidikan_id',
  'rek_bca',
  'npwp',
] as const;
export type ProfileField = (typeof PROFILE_REQUEST_FIELDS)[number];

export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  alamat1: 'Alamat 1',
  alamat2: 'Alamat 2',
  kode_pos: 'Kode Pos',
  email: 'Email',
  telp_hp: 'Nomor HP',
  status_kel: 'Status Keluarga',
  jumlah_anak: 'Jumlah Anak',
  agama_id: 'Agama',
  pendidikan_id: 'Pendidikan',
  rek_bca: 'Rekening BCA',
  npwp: 'NPWP',
};

export const isProfileField = (f: string): f is ProfileField =>
  (PROFILE_REQUEST_FIELDS as readonly string[]).includes(f);

export const REQUEST_MESSAGES = {
  notLinked: 'Akun ini tidak terhubung dengan data karyawan',
  notOwn: 'Request perubahan profil hanya dapat diajukan untuk data Anda sendiri',
  fieldNotAllowed: (field: string) => `Field ${field} tidak dapat diubah melalui request perubahan profil`,
  noChanges: 'Tidak ada perubahan data yang diajukan',
  statusKelRequired: 'Status Keluarga harus diisi',
  capturedAt: 'Waktu perangkat harus ISO 8601 dengan zona waktu',
  capturedAtRange: 'Waktu pengajuan di perangkat tidak wajar (lebih dari 45 hari lalu atau di masa depan)',
  resigned: (nrp: string, nama: string) =>
    `Karyawan ${nrp} - ${nama} sudah resign/keluar: datanya tidak dapat diubah lagi`,
  filed: (nomor: string) => `Request perubahan profil ${nomor} terkirim dan menunggu approval admin`,
  notFound: 'Request perubahan profil tidak ditemukan',
  idInvalid: 'ID request tidak valid',
  decisionStatus: "Status harus 'Y' (approve) atau 'R' (reject)",
  keteranganRequired: 'Keterangan harus diisi bila request ditolak',
  keteranganMax: 'Keterangan maksimal 255 karakter',
  ownRequest: 'Anda tidak dapat memproses request perubahan profil Anda sendiri',
  alreadyDecided: (nomor: string, what: 'disetujui' | 'ditolak', by: string, at: string) =>
    `Request ${nomor} sudah ${what} oleh ${by} pada ${at}`,
  approved: (nomor: string, who: string) => `Request ${nomor} disetujui: data karyawan ${who} sudah diperbarui`,
  approvedUnchanged: (nomor: string) =>
    `Request ${nomor} disetujui; data karyawan sudah sesuai, tidak ada yang berubah`,
  rejected: (nomor: string) => `Request ${nomor} ditolak`,
  listStatus: 'Status harus open, approve atau reject',
  bulkEmpty: 'Pilih minimal satu request untuk di-approve',
  bulkTooMany: (max: number) => `Maksimal ${max} request sekali approve`,
  bulkIds: 'Daftar request (ids) harus berisi ID request',
  bulkAll: (n: number) => `${n} request disetujui: data karyawan sudah diperbarui`,
  bulkPartial: (ok: number, total: number, failed: number) =>
    `${ok} dari ${total} request disetujui; ${failed} gagal dan tidak diubah (lihat alasannya)`,
  bulkAlready: (n: number) => `${n} request sudah disetujui sebelumnya; tidak ada yang berubah`,
  bulkNone: (total: number) => `Tidak ada request yang disetujui: ${total} request gagal (lihat alasannya)`,
  /** Spec §2: editing a profile shows that the update needs admin approval. */
  approvalNotice: 'Perubahan data profil memerlukan persetujuan admin. Data Anda berubah setelah request disetujui.',
} as const;

// ---------------------------------------------------------------- filing

/** Each field's rule is the employee form's; a blank Status Keluarga is refused (the column is required). */
const fieldRules = {
  alamat1: U.alamat1,
  alamat2: U.alamat2,
  kode_pos: U.kode_pos,
  email: U.email,
  telp_hp: U.telp_hp,
  status_kel: v.optional(
    v.pipe(
      U.status_kel.wrapped,
      v.check((s) => s !== null, REQUEST_MESSAGES.statusKelRequired),
    ),
  ),
  jumlah_anak: U.jumlah_anak,
  agama_id: U.agama_id,
  pendidikan_id: U.pendidikan_id,
  rek_bca: U.rek_bca,
  npwp: U.npwp,
} satisfies Record<ProfileField, v.GenericSchema>;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const META_KEYS = new Set(['nrp', 'captured_at']);

/** A form field is text as typed; the field's rule (which also takes numbers and null from JSON) checks it. */
const typed = <S extends v.GenericSchema>(rule: S) =>
  v.pipe(v.string(), rule as unknown as v.GenericSchema<string, v.InferOutput<S>>);

/** The request form's fields (all present, as typed text): the form checks each with the field's rule. */
export const ProfileRequestFormSchema = v.object({
  alamat1: typed(fieldRules.alamat1),
  alamat2: typed(fieldRules.alamat2),
  kode_pos: typed(fieldRules.kode_pos),
  email: typed(fieldRules.email),
  telp_hp: typed(fieldRules.telp_hp),
  status_kel: typed(fieldRules.status_kel),
  jumlah_anak: typed(fieldRules.jumlah_anak),
  agama_id: typed(fieldRules.agama_id),
  pendidikan_id: typed(fieldRules.pendidikan_id),
  rek_bca: typed(fieldRules.rek_bca),
  npwp: typed(fieldRules.npwp),
} satisfies Record<ProfileField, v.GenericSchema<string, unknown>>);
export type ProfileRequestFormInput = v.InferInput<typeof ProfileRequestFormSchema>;

/**
 * POST /api/request/karyawan: the changed fields only, flat (`{ email: "…", jumlah_anak: 2 }`; null
 * or '' clears a field), plus `captured_at` (device time of filing) and optionally the employee's own
 * `nrp`. Any other field is a 400 naming it; a body without a field is a 400.
 */
export const ProfileChangeSchema = v.pipe(
  v.looseObject({
    // Only the caller's own NRP is accepted (the service answers 403 for another).
    nrp: v.optional(v.union([text(20), v.pipe(v.number(), v.transform(String))], REQUEST_MESSAGES.notOwn)),
    captured_at: v.optional(
      v.pipe(
        v.string(REQUEST_MESSAGES.capturedAt),
        v.trim(),
        v.regex(ISO_WITH_OFFSET, REQUEST_MESSAGES.capturedAt),
        v.check((s) => !Number.isNaN(Date.parse(s)), REQUEST_MESSAGES.capturedAt),
      ),
    ),
    ...fieldRules,
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const value = dataset.value as Record<string, unknown>;
    for (const key of Object.keys(value)) {
      if (META_KEYS.has(key) || isProfileField(key)) continue;
      addIssue({
        message: REQUEST_MESSAGES.fieldNotAllowed(key),
        path: [{ type: 'object', origin: 'value', input: value, key, value: value[key] }],
      });
    }
  }),
  v.transform((x) => {
    const changes: ProfileChanges = {};
    for (const f of PROFILE_REQUEST_FIELDS) if (x[f] !== undefined) changes[f] = x[f];
    return { nrp: x.nrp, captured_at: x.captured_at, changes };
  }),
  v.check((x) => Object.keys(x.changes).length > 0, REQUEST_MESSAGES.noChanges),
);
export type ProfileChangeInput = v.InferInput<typeof ProfileChangeSchema>;
/**
 * What the device sends (the outbox payload of kind profile.change): the changed fields as typed, the
 * employee's own NRP and the device time of filing.
 */
export type ProfileChangePayload = Partial<ProfileRequestFormInput> & { nrp: string; captured_at: string };
export type ProfileChange = v.InferOutput<typeof ProfileChangeSchema>;

// ---------------------------------------------------------------- decision and lists

/** approve_status: N awaiting, Y approved, R rejected (spec §4). */
export const APPROVE_STATUSES = ['N', 'Y', 'R'] as const;
export type ApproveStatus = (typeof APPROVE_STATUSES)[number];

/** Spec §4: Y is shown as Disetujui, R as rejected; N and anything else as Open. */
export function approveStatusLabel(s: string | null | undefined): string {
  if (s === 'Y') return 'Disetujui';
  if (s === 'R') return 'Ditolak';
  return 'Open';
}

/** The list filter (spec §3 "Change request list filter") and the status it stands for. */
export { REQUEST_FILTERS, type RequestFilter } from './karyawan-search';
export const REQUEST_FILTER_STATUS: Record<RequestFilter, ApproveStatus> = { open: 'N', approve: 'Y', reject: 'R' };
export const REQUEST_FILTER_LABELS: Record<RequestFilter, string> = {
  open: 'Open',
  approve: 'Approve',
  reject: 'Reject',
};

/** GET /api/request/karyawan/list: paging, search and the status filter. */
export const RequestListQuerySchema = v.object({
  ...ListQuerySchema.entries,
  status: v.optional(v.picklist(REQUEST_FILTERS, REQUEST_MESSAGES.listStatus), 'open'),
});
export type RequestListQuery = v.InferOutput<typeof RequestListQuerySchema>;

export const KETERANGAN_MAX = 255;

/** PUT /api/request/approve (spec §7): `{id, keterangan, status}`; a rejection needs its note. */
export const RequestDecisionSchema = v.pipe(
  v.object({
    // Within PostgreSQL's integer: 1e308 or 2^53 + 1 never reach the database.
    id: idAny(REQUEST_MESSAGES.idInvalid),
    status: v.picklist(['Y', 'R'], REQUEST_MESSAGES.decisionStatus),
    keterangan: v.pipe(
      v.optional(
        v.nullable(
          text(KETERANGAN_MAX, {
            multiline: true,
            tooLong: REQUEST_MESSAGES.keteranganMax,
            notText: REQUEST_MESSAGES.keteranganMax,
          }),
        ),
        null,
      ),
      v.transform((s) => s || null),
    ),
  }),
  v.forward(
    v.check((x) => x.status === 'Y' || x.keterangan !== null, REQUEST_MESSAGES.keteranganRequired),
    ['keterangan'],
  ),
);
export type RequestDecisionInput = v.InferInput<typeof RequestDecisionSchema>;
export type RequestDecision = v.InferOutput<typeof RequestDecisionSchema>;

/** POST /api/request/karyawan/approve: at most this many requests at once. */
export const BULK_APPROVE_MAX = 100;

/** POST /api/request/karyawan/approve `{ ids }`: 1 to BULK_APPROVE_MAX request ids, repeats counted once. */
export const RequestBulkApproveSchema = v.object({
  ids: v.pipe(
    v.array(idNumber(REQUEST_MESSAGES.idInvalid), REQUEST_MESSAGES.bulkIds),
    v.minLength(1, REQUEST_MESSAGES.bulkEmpty),
    v.maxLength(BULK_APPROVE_MAX, REQUEST_MESSAGES.bulkTooMany(BULK_APPROVE_MAX)),
    v.transform((ids) => [...new Set(ids)]),
  ),
});
export type RequestBulkApproveInput = v.InferInput<typeof RequestBulkApproveSchema>;

/**
 * What became of one id: `approved` now, `already` approved before (a repeat changes nothing), or
 * `failed` and left as it was, with the reason the single approval would have answered.
 */
export const BULK_OUTCOMES = ['approved', 'already', 'failed'] as const;
export const BulkApproveItemSchema = v.object({
  id: v.number(),
  /** Null when the request is unknown or outside the approver's scope. */
  nomor_registrasi: v.nullable(v.string()),
  outcome: v.picklist(BULK_OUTCOMES),
  message: v.string(),
});
export type BulkApproveItem = v.InferOutput<typeof BulkApproveItemSchema>;

/** `{id}` of /api/request/karyawan/{id}…: a request id within PostgreSQL's integer. */
export const RequestIdParamSchema = v.object({ id: idString(REQUEST_MESSAGES.notFound) });

/** `{nrp}` of /api/request/karyawan/history/{nrp}: the NRP's own pattern. */
export const RequestHistoryParamSchema = v.object({
  nrp: code(NRP_PATTERN, KARYAWAN_MESSAGES.notFound),
});

/** Spec §3: the draft number is displayed as R-{nrp}-{request_nomor}. */
export const requestNumber = (nrp: string, nomor: number) => `R-${nrp}-${nomor}`;

// ---------------------------------------------------------------- display

const CODE_LABELS: Partial<Record<ProfileField, Readonly<Record<string, string>>>> = {
  status_kel: STATUS_KELUARGA,
  agama_id: AGAMA,
  pendidikan_id: PENDIDIKAN,
};

/** A value as people read it: codes with their names, blanks as '-'. */
export function profileValueText(field: ProfileField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const labels = CODE_LABELS[field];
  const s = String(value);
  return labels ? (labels[s] ?? s) : s;
}

// ---------------------------------------------------------------- answers

/** A requested, current or replaced value as the answers carry it (jsonb and the employee's columns). */
export const ProfileValueSchema = v.nullable(v.union([v.string(), v.number()]));
export type ProfileValue = v.InferOutput<typeof ProfileValueSchema>;

/** The fields a request asks to change (only those), each with its requested value. */
export const ProfileChangesSchema = v.object(
  Object.fromEntries(PROFILE_REQUEST_FIELDS.map((f) => [f, v.optional(ProfileValueSchema)])) as {
    [F in ProfileField]: v.OptionalSchema<typeof ProfileValueSchema, undefined>;
  },
);
export type ProfileChanges = v.InferOutput<typeof ProfileChangesSchema>;

/** One request in a list (the approvers' queue, an employee's history, the own list). */
export const ProfileRequestRowSchema = v.object({
  id: v.number(),
  nrp: v.string(),
  nama: v.string(),
  request_nomor: v.number(),
  /** R-{nrp}-{request_nomor} (spec: nomor_registrasi). */
  nomor_registrasi: v.string(),
  /** Device time of filing, ISO 8601. */
  tanggal_pengajuan: v.string(),
  received_at: v.string(),
  approve_status: v.picklist(APPROVE_STATUSES),
  /** approveStatusLabel(approve_status). */
  status: v.string(),
  approve_date: v.nullable(v.string()),
  approve_by: v.nullable(v.string()),
  approve_by_nama: v.nullable(v.string()),
  keterangan: v.nullable(v.string()),
  sales_office: v.nullable(v.object({ id: v.string(), nama: v.string() })),
  changes: ProfileChangesSchema,
});
export type ProfileRequestRow = v.InferOutput<typeof ProfileRequestRowSchema>;

export const ProfileRequestItemSchema = v.object({
  field: v.picklist(PROFILE_REQUEST_FIELDS),
  label: v.string(),
  /** The employee's value now. */
  current: ProfileValueSchema,
  requested: ProfileValueSchema,
  /** The value when the request was decided (null while open). */
  previous: ProfileValueSchema,
});
export type ProfileRequestItem = v.InferOutput<typeof ProfileRequestItemSchema>;

export const ProfileRequestDetailSchema = v.object({
  ...ProfileRequestRowSchema.entries,
  items: v.array(ProfileRequestItemSchema),
});
export type ProfileRequestDetail = v.InferOutput<typeof ProfileRequestDetailSchema>;

/** A request's decision as the employee follows it. */
export const ProfileRequestStatusSchema = v.pick(ProfileRequestRowSchema, [
  'id',
  'nomor_registrasi',
  'approve_status',
  'status',
  'approve_date',
  'approve_by',
  'approve_by_nama',
  'keterangan',
]);
export type ProfileRequestStatus = v.InferOutput<typeof ProfileRequestStatusSchema>;

/** GET /api/request/karyawan/list, /karyawan/me, /karyawan/history/{nrp}. */
export const ProfileRequestListAnswerSchema = listAnswer(ProfileRequestRowSchema);
export type ProfileRequestList = v.InferOutput<typeof ProfileRequestListAnswerSchema>;
/** GET /api/request/karyawan/{id}. */
export const ProfileRequestDetailAnswerSchema = resultAnswer(ProfileRequestDetailSchema);
/** GET /api/request/karyawan/{id}/approve/status. */
export const ProfileRequestStatusAnswerSchema = resultAnswer(ProfileRequestStatusSchema);
/** POST /api/request/karyawan (201) and PUT /api/request/approve: the toast's text and the request as it stands. */
export const ProfileRequestSavedSchema = messageWith(ProfileRequestRowSchema);
export type ProfileRequestSaved = v.InferOutput<typeof ProfileRequestSavedSchema>;
/** POST /api/request/karyawan/approve: the counts and each id's outcome, in the order they were decided. */
export const RequestBulkApproveAnswerSchema = messageWith(
  v.object({
    approved: v.number(),
    already: v.number(),
    failed: v.number(),
    items: v.array(BulkApproveItemSchema),
  }),
);
export type RequestBulkApproveAnswer = v.InferOutput<typeof RequestBulkApproveAnswerSchema>;
