/**
 * Profile change requests (spec part 1 §2 "Change requests", "Own profile", §3 "Profile change
 * request", §4, §7): the fields an employee may ask to change, each checked by the same rule as the
 * employee form (src/domain/karyawan.ts); the filing and decision bodies; the list filter; the status
 * codes and their labels; the answers' types; the texts of this area.
 * docs/decisions/009-profile-change-requests.md explains the choices.
 */
import * as v from 'valibot';
import { AGAMA, PENDIDIKAN, STATUS_KELUARGA } from './enums';
import { KaryawanUpdateSchema } from './karyawan';

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

/** A requested value as stored (jsonb) and applied: text, a number, or null (cleared). */
export type ProfileValue = string | number | null;
export type ProfileChanges = Partial<Record<ProfileField, ProfileValue>>;

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

/** The request form's fields (all present, as typed): the form checks with this. */
export const ProfileRequestFormSchema = v.object(fieldRules);
export type ProfileRequestFormInput = Record<ProfileField, string>;

/**
 * POST /api/request/karyawan: the changed fields only, flat (`{ email: "…", jumlah_anak: 2 }`; null
 * or '' clears a field), plus `captured_at` (device time of filing) and optionally the employee's own
 * `nrp`. Any other field is a 400 naming it; a body without a field is a 400.
 */
export const ProfileChangeSchema = v.pipe(
  v.looseObject({
    nrp: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim())),
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
export const REQUEST_FILTERS = ['open', 'approve', 'reject'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];
export const REQUEST_FILTER_STATUS: Record<RequestFilter, ApproveStatus> = { open: 'N', approve: 'Y', reject: 'R' };
export const REQUEST_FILTER_LABELS: Record<RequestFilter, string> = {
  open: 'Open',
  approve: 'Approve',
  reject: 'Reject',
};

export const RequestListQuerySchema = v.object({
  status: v.optional(v.picklist(REQUEST_FILTERS, REQUEST_MESSAGES.listStatus), 'open'),
});

export const KETERANGAN_MAX = 255;

/** PUT /api/request/approve (spec §7): `{id, keterangan, status}`; a rejection needs its note. */
export const RequestDecisionSchema = v.pipe(
  v.object({
    id: v.pipe(
      v.union([v.number(), v.string()], REQUEST_MESSAGES.idInvalid),
      v.transform((x) => (typeof x === 'number' ? x : /^\d{1,9}$/.test(x.trim()) ? Number(x.trim()) : NaN)),
      v.number(REQUEST_MESSAGES.idInvalid),
      v.integer(REQUEST_MESSAGES.idInvalid),
      v.minValue(1, REQUEST_MESSAGES.idInvalid),
    ),
    status: v.picklist(['Y', 'R'], REQUEST_MESSAGES.decisionStatus),
    keterangan: v.pipe(
      v.optional(v.nullable(v.string(REQUEST_MESSAGES.keteranganMax)), null),
      v.transform((s) => s?.trim() || null),
      v.check((s) => s === null || s.length <= KETERANGAN_MAX, REQUEST_MESSAGES.keteranganMax),
    ),
  }),
  v.forward(
    v.check((x) => x.status === 'Y' || x.keterangan !== null, REQUEST_MESSAGES.keteranganRequired),
    ['keterangan'],
  ),
);
export type RequestDecisionInput = v.InferInput<typeof RequestDecisionSchema>;
export type RequestDecision = v.InferOutput<typeof RequestDecisionSchema>;

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

export interface ProfileRequestRow {
  id: number;
  nrp: string;
  nama: string;
  request_nomor: number;
  /** R-{nrp}-{request_nomor} (spec: nomor_registrasi). */
  nomor_registrasi: string;
  /** Device time of filing, ISO 8601. */
  tanggal_pengajuan: string;
  received_at: string;
  approve_status: ApproveStatus;
  /** approveStatusLabel(approve_status). */
  status: string;
  approve_date: string | null;
  approve_by: string | null;
  approve_by_nama: string | null;
  keterangan: string | null;
  sales_office: { id: string; nama: string } | null;
  changes: ProfileChanges;
}

export interface ProfileRequestItem {
  field: ProfileField;
  label: string;
  /** The employee's value now. */
  current: ProfileValue;
  requested: ProfileValue;
  /** The value when the request was decided (null while open). */
  previous: ProfileValue;
}

export interface ProfileRequestDetail extends ProfileRequestRow {
  items: ProfileRequestItem[];
}

export interface ProfileRequestStatus {
  id: number;
  nomor_registrasi: string;
  approve_status: ApproveStatus;
  status: string;
  approve_date: string | null;
  approve_by: string | null;
  approve_by_nama: string | null;
  keterangan: string | null;
}
