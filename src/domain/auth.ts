import * as v from 'valibot';

export const LoginSchema = v.object({
  username: v.pipe(v.string('Username harus diisi'), v.trim(), v.nonEmpty('Username harus diisi'), v.maxLength(40)),
  password: v.pipe(v.string('Password harus diisi'), v.nonEmpty('Password harus diisi'), v.maxLength(200)),
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

export interface LoginAnswer {
  token: string;
  role: string;
}

/** GET /auth/login/detail */
export interface LoginDetail {
  userid: string;
  username: string;
  nama: string;
  role: string;
  nrp: string | null;
  permissions: string[];
}

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
