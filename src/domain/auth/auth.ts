import * as v from 'valibot';
import { contract } from '../contract';
import { PRIMITIVE_MESSAGES, hasControlCharacters, requiredText } from '../primitives';

export const LoginSchema = v.object({
  username: requiredText(40, 'Username harus diisi', { notText: 'Username harus diisi' }),
  // A password is taken as typed (no trimming), but a NUL or other control character is never part of one.
  password: v.pipe(
    v.string('Password harus diisi'),
    v.nonEmpty('Password harus diisi'),
    v.maxLength(200, PRIMITIVE_MESSAGES.tooLong(200)),
    v.check((s) => !hasControlCharacters(s), PRIMITIVE_MESSAGES.control),
  ),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;

/** The claims of the login token, decoded by the client (spec part 1 §3 "Auth user"). */
export interface TokenClaims {
  userid: string;
  username: string;
  nama: string;
  role: string;
  nrp: string | null;
  permissions: string[];
  exp: number;
  iat: number;
}

export const LoginAnswerSchema = v.object({ token: v.string(), role: v.string() });
export type LoginAnswer = v.InferOutput<typeof LoginAnswerSchema>;

/**
 * POST /auth/web/login, declared here beside its shapes rather than in contracts.ts (which lists it with
 * the area's other contracts): the login screen is the first thing a phone paints (decision 011) and
 * imports only this module.
 */
export const loginContract = contract({
  method: 'POST',
  path: '/auth/web/login',
  tag: 'Auth',
  summary: 'Log in: a bearer token for the API',
  description:
    '401 wrong username or password (or an inactive account); 403 `locked` after 5 failures in 15 minutes, ' +
    'with `retry_after` seconds; 404 `password_reset_required` when the password must be changed first.',
  access: { public: true },
  body: LoginSchema,
  answer: LoginAnswerSchema,
  errors: [401, 403, 404, 413, 429],
});
/** The own password change answers a fresh token so the forced-change dialog can log straight in. */
export const PasswordChangedAnswerSchema = v.object({ ...LoginAnswerSchema.entries, message: v.string() });

/** GET /auth/login/detail */
export const LoginDetailSchema = v.object({
  userid: v.string(),
  username: v.string(),
  nama: v.string(),
  role: v.string(),
  nrp: v.nullable(v.string()),
  permissions: v.array(v.string()),
});
export type LoginDetail = v.InferOutput<typeof LoginDetailSchema>;
export const LoginDetailAnswerSchema = v.object({ result: LoginDetailSchema });

export const AUTH_MESSAGES = {
  badCredentials: 'Username atau password salah',
  mustChange: 'Password Anda harus diganti sebelum login',
  inactive: 'Akun tidak aktif. Hubungi administrator',
  sessionExpired: 'Session Expired. Please re-login',
  passwordChanged: 'Password berhasil diubah',
  notAllowed: 'Not Allowed',
  forbidden: 'Anda tidak memiliki akses untuk tindakan ini',
} as const;

/** Spec part 1 §8: "Please wait m:ss minutes to try again". */
export function lockoutMessage(secondsLeft: number): string {
  const s = Math.max(0, Math.ceil(secondsLeft));
  return `Please wait ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')} minutes to try again`;
}
