import * as v from 'valibot';
import { meetsPasswordPolicy, PASSWORD_MESSAGES } from './password-policy';

/** Spec part 2 §5 "User" and the answers of /api/users; one place for the texts of this area. */
export const USER_MESSAGES = {
  roleRequired: 'Role Harus Diisi',
  useridRequired: 'User ID harus diisi',
  useridMax: 'User ID maksimal 6 karakter',
  useridFormat: 'User ID hanya boleh berisi huruf, angka, titik, garis bawah atau strip',
  usernameRequired: 'Username harus diisi',
  usernameMax: 'Username maksimal 40 karakter',
  usernameFormat: 'Username tidak boleh mengandung spasi',
  namaRequired: 'Nama harus diisi',
  namaMax: 'Nama maksimal 40 karakter',
  passwordRequired: 'Password harus diisi',
  nrpMax: 'NRP maksimal 12 karakter',
  trusteeCode: 'Kode cakupan data tidak valid',
  useridTaken: 'User ID sudah digunakan',
  usernameTaken: 'Username sudah digunakan',
  roleMissing: 'Role tidak ditemukan',
  nrpMissing: 'NRP tidak ditemukan di data karyawan',
  notFound: 'User tidak ditemukan',
  created: 'User berhasil ditambahkan',
  updated: 'User berhasil diperbarui',
  resetDone: 'Password sementara berhasil dibuat. Berikan kepada user; password wajib diganti saat login.',
  selfDeactivate: 'Anda tidak dapat menonaktifkan akun Anda sendiri',
  selfDemote: 'Anda tidak dapat menurunkan role akun Anda sendiri',
  selfPassword: 'Ganti password akun Anda sendiri melalui menu My Profile',
} as const;

/** The six data-scope dimensions of a user (spec part 2 §3 "User", §6). */
export const TRUSTEE_KEYS = ['kode_prsh', 'sales_office', 'lokasi', 'client', 'jabatan', 'spg_type'] as const;
export type TrusteeKey = (typeof TRUSTEE_KEYS)[number];
export type TrusteeLists = Record<TrusteeKey, string[]>;

export const TRUSTEE_LABELS: Record<TrusteeKey, string> = {
  kode_prsh: 'Perusahaan',
  sales_office: 'Sales Office',
  lokasi: 'Lokasi',
  client: 'Client',
  jabatan: 'Jabatan',
  spg_type: 'Type Karyawan',
};

export const emptyTrustee = (): TrusteeLists => ({
  kode_prsh: [],
  sales_office: [],
  lokasi: [],
  client: [],
  jabatan: [],
  spg_type: [],
});

// The spec writes each list comma-joined; the form sends arrays. Both arrive as one deduplicated array.
const codeList = v.pipe(
  v.optional(v.union([v.array(v.string(USER_MESSAGES.trusteeCode)), v.string(USER_MESSAGES.trusteeCode)]), []),
  v.transform((x) => (typeof x === 'string' ? x.split(',') : x).map((s) => s.trim()).filter(Boolean)),
  v.transform((list) => [...new Set(list)]),
  v.check((list) => list.every((s) => s.length <= 10), USER_MESSAGES.trusteeCode),
  v.maxLength(500, USER_MESSAGES.trusteeCode),
);

export const TrusteeSchema = v.object({
  kode_prsh: codeList,
  sales_office: codeList,
  lokasi: codeList,
  client: codeList,
  jabatan: codeList,
  spg_type: codeList,
});

// A missing key runs the field's own checks (through the '' default), so it answers the field's message.
const required = <S extends v.GenericSchema<string, string>>(schema: S) => v.optional(schema, '');

const username = v.pipe(
  v.string(USER_MESSAGES.usernameRequired),
  v.trim(),
  v.nonEmpty(USER_MESSAGES.usernameRequired),
  v.maxLength(40, USER_MESSAGES.usernameMax),
  v.regex(/^\S+$/, USER_MESSAGES.usernameFormat),
);
const nama = v.pipe(
  v.string(USER_MESSAGES.namaRequired),
  v.trim(),
  v.nonEmpty(USER_MESSAGES.namaRequired),
  v.maxLength(40, USER_MESSAGES.namaMax),
);
const role = v.pipe(v.string(USER_MESSAGES.roleRequired), v.trim(), v.nonEmpty(USER_MESSAGES.roleRequired));
// Blank means "not linked to an employee".
const nrp = v.pipe(
  v.nullish(v.string(), null),
  v.transform((s) => s?.trim() || null),
  v.check((s) => s === null || s.length <= 12, USER_MESSAGES.nrpMax),
);
const policyPassword = v.pipe(
  v.string(USER_MESSAGES.passwordRequired),
  v.nonEmpty(USER_MESSAGES.passwordRequired),
  v.maxLength(200, PASSWORD_MESSAGES.criteria),
  v.check(meetsPasswordPolicy, PASSWORD_MESSAGES.criteria),
);

/** POST /api/users. */
export const UserCreateSchema = v.object({
  userid: required(
    v.pipe(
      v.string(USER_MESSAGES.useridRequired),
      v.trim(),
      v.nonEmpty(USER_MESSAGES.useridRequired),
      v.maxLength(6, USER_MESSAGES.useridMax),
      v.regex(/^[A-Za-z0-9._-]+$/, USER_MESSAGES.useridFormat),
    ),
  ),
  username: required(username),
  nama: required(nama),
  password: required(policyPassword),
  reset_password: v.optional(v.boolean(), false),
  role: required(role),
  is_active: v.optional(v.boolean(), true),
  nrp: v.optional(nrp, null),
  trustee: v.optional(TrusteeSchema, emptyTrustee),
});
export type UserCreateInput = v.InferInput<typeof UserCreateSchema>;
export type UserCreate = v.InferOutput<typeof UserCreateSchema>;

/**
 * PUT /api/users/{id}: the userid is the address and cannot change. A password that is absent or
 * blank leaves the current one; fields left out stay as they are.
 */
export const UserUpdateSchema = v.object({
  username: required(username),
  nama: required(nama),
  password: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => (s === '' ? undefined : s)),
    v.check((s) => s === undefined || (s.length <= 200 && meetsPasswordPolicy(s)), PASSWORD_MESSAGES.criteria),
  ),
  reset_password: v.optional(v.boolean()),
  role: required(role),
  is_active: v.optional(v.boolean()),
  nrp: v.optional(nrp),
  trustee: v.optional(TrusteeSchema),
});
export type UserUpdateInput = v.InferInput<typeof UserUpdateSchema>;
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

/** The form: the body plus a confirmation the server never sees (a typo in a new password locks people out). */
const confirmEntry = { confirm_password: v.optional(v.string(), '') };

export const UserCreateFormSchema = v.pipe(
  v.object({ ...UserCreateSchema.entries, ...confirmEntry }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) => input.password === input.confirm_password,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['confirm_password'],
  ),
);
export type UserCreateFormInput = v.InferInput<typeof UserCreateFormSchema>;

export const UserUpdateFormSchema = v.pipe(
  v.object({ ...UserUpdateSchema.entries, ...confirmEntry }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) => (input.password ?? '') === input.confirm_password,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['confirm_password'],
  ),
);
export type UserUpdateFormInput = v.InferInput<typeof UserUpdateFormSchema>;

/** One row of GET /api/users. */
export interface UserRow {
  userid: string;
  username: string;
  nama: string;
  role: string;
  role_nama: string;
  is_active: boolean;
  reset_password: boolean;
  last_login: string | null;
  nrp: string | null;
}

/** GET /api/users/{id}: never a password hash. */
export interface UserDetail extends UserRow {
  app_version: string | null;
  karyawan_nama: string | null;
  trustee: TrusteeLists;
}

/** POST /api/users/{id}/reset-password: the temporary password, shown to the administrator once. */
export interface PasswordResetAnswer {
  message: string;
  password: string;
}
