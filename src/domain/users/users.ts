import * as v from 'valibot';
import { listAnswer, messageWith, resultAnswer } from '../api';
import { meetsPasswordPolicy, PASSWORD_MESSAGES } from '../auth/password-policy';
import { code, hasControlCharacters, requiredText, text } from '../primitives';

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
// The codes go into SQL (`in (…)`), so a control character is refused here, not by the database.
const codeList = v.pipe(
  v.optional(v.union([v.array(v.string(USER_MESSAGES.trusteeCode)), v.string(USER_MESSAGES.trusteeCode)]), []),
  v.transform((x) => (typeof x === 'string' ? x.split(',') : x).map((s) => s.trim()).filter(Boolean)),
  v.transform((list) => [...new Set(list)]),
  v.check((list) => list.every((s) => s.length <= 10 && !hasControlCharacters(s)), USER_MESSAGES.trusteeCode),
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
  requiredText(40, USER_MESSAGES.usernameRequired, {
    tooLong: USER_MESSAGES.usernameMax,
    notText: USER_MESSAGES.usernameRequired,
  }),
  v.regex(/^\S+$/, USER_MESSAGES.usernameFormat),
);
const nama = requiredText(40, USER_MESSAGES.namaRequired, {
  tooLong: USER_MESSAGES.namaMax,
  notText: USER_MESSAGES.namaRequired,
});
// A role id has at most 5 characters: a longer one names no role.
const role = requiredText(5, USER_MESSAGES.roleRequired, {
  tooLong: USER_MESSAGES.roleMissing,
  notText: USER_MESSAGES.roleRequired,
});
// Blank means "not linked to an employee".
const nrp = v.pipe(
  v.nullish(text(12, { tooLong: USER_MESSAGES.nrpMax }), null),
  v.transform((s) => s || null),
);
const policyPassword = v.pipe(
  v.string(USER_MESSAGES.passwordRequired),
  v.nonEmpty(USER_MESSAGES.passwordRequired),
  v.maxLength(200, PASSWORD_MESSAGES.criteria),
  v.check(meetsPasswordPolicy, PASSWORD_MESSAGES.criteria),
);

const userid = v.pipe(
  requiredText(6, USER_MESSAGES.useridRequired, {
    tooLong: USER_MESSAGES.useridMax,
    notText: USER_MESSAGES.useridRequired,
  }),
  v.regex(/^[A-Za-z0-9._-]+$/, USER_MESSAGES.useridFormat),
);

/** POST /api/users. */
export const UserCreateSchema = v.object({
  userid: required(userid),
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

// ---------------------------------------------------------------- the form

/**
 * The user form holds every field as its inputs do (text, switches, one list per trustee dimension), plus a
 * confirmation the server never sees (a typo in a new password locks people out). Its fields are checked
 * by the body's own field schemas; the server parses the body again.
 */
const formCodes = v.pipe(
  v.array(text(10, { tooLong: USER_MESSAGES.trusteeCode, notText: USER_MESSAGES.trusteeCode })),
  v.maxLength(500, USER_MESSAGES.trusteeCode),
);
const formEntries = {
  username,
  nama,
  role,
  reset_password: v.boolean(),
  is_active: v.boolean(),
  nrp: text(12, { tooLong: USER_MESSAGES.nrpMax }),
  trustee: v.object({
    kode_prsh: formCodes,
    sales_office: formCodes,
    lokasi: formCodes,
    client: formCodes,
    jabatan: formCodes,
    spg_type: formCodes,
  }),
  confirm_password: v.string(),
};

export const UserCreateFormSchema = v.pipe(
  v.object({ userid, password: policyPassword, ...formEntries }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) => input.password === input.confirm_password,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['confirm_password'],
  ),
);
/** What the user form edits, create and edit alike. */
export type UserFormValues = v.InferInput<typeof UserCreateFormSchema>;

/** Edit: the userid is shown, not sent; a blank password keeps the current one. */
export const UserUpdateFormSchema = v.pipe(
  v.object({
    userid: v.string(),
    password: v.pipe(
      v.string(),
      v.check((s) => s === '' || (s.length <= 200 && meetsPasswordPolicy(s)), PASSWORD_MESSAGES.criteria),
    ),
    ...formEntries,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) => input.password === input.confirm_password,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['confirm_password'],
  ),
);

/** `{id}` of /api/users/{id}: a userid's own pattern (nothing else can name a user). */
export const UserIdParamSchema = v.object({ id: code(/^[A-Za-z0-9._-]{1,6}$/, USER_MESSAGES.notFound) });

// ---------------------------------------------------------------- answers

/** One row of GET /api/users. */
export const UserRowSchema = v.object({
  userid: v.string(),
  username: v.string(),
  nama: v.string(),
  role: v.string(),
  role_nama: v.string(),
  is_active: v.boolean(),
  reset_password: v.boolean(),
  /** ISO 8601 instant. */
  last_login: v.nullable(v.string()),
  nrp: v.nullable(v.string()),
});
export type UserRow = v.InferOutput<typeof UserRowSchema>;
export const UserListAnswerSchema = listAnswer(UserRowSchema);

const codes = v.array(v.string());
export const TrusteeListsSchema = v.object({
  kode_prsh: codes,
  sales_office: codes,
  lokasi: codes,
  client: codes,
  jabatan: codes,
  spg_type: codes,
});

/** GET /api/users/{id}: never a password hash. */
export const UserDetailSchema = v.object({
  ...UserRowSchema.entries,
  app_version: v.nullable(v.string()),
  karyawan_nama: v.nullable(v.string()),
  trustee: TrusteeListsSchema,
});
export type UserDetail = v.InferOutput<typeof UserDetailSchema>;
export const UserDetailAnswerSchema = resultAnswer(UserDetailSchema);
/** POST and PUT answer the saved account with the toast's text. */
export const UserSavedSchema = messageWith(UserDetailSchema);

/** POST /api/users/{id}/reset-password (and the employee's account reset): shown to the administrator once. */
export const PasswordResetAnswerSchema = v.object({ message: v.string(), password: v.string() });
export type PasswordResetAnswer = v.InferOutput<typeof PasswordResetAnswerSchema>;
