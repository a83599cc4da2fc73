import * as v from 'valibot';
import { hasControlCharacters, PRIMITIVE_MESSAGES, requiredText } from '../primitives';

/** Spec part 1 §5, verbatim. One place, used by the login dialog, the profile dialog and the server. */
export const PASSWORD_MESSAGES = {
  mismatch: 'Konfirmasi Password tidak sama, check kembali',
  minLength: 'Password harus terdiri dari minimal 12 karakter',
  capital: 'Password harus mengandung minimal 1 huruf kapital',
  digit: 'Password harus mengandung minimal 1 angka',
  symbol: 'Password harus mengandung minimal 1 simbol',
  confirmMismatch: 'Password konfirmasi tidak cocok',
  checkAgain: 'Periksa kembali password Anda.',
  criteria: 'Password tidak sesuai kriteria (min 12 characters, 1 huruf kapital, 1 number dan 1 symbol).',
} as const;

export const PASSWORD_MIN_LENGTH = 12;

export type PasswordRule = 'minLength' | 'capital' | 'digit' | 'symbol';

export const PASSWORD_RULES: readonly { rule: PasswordRule; message: string; test: (pw: string) => boolean }[] = [
  { rule: 'minLength', message: PASSWORD_MESSAGES.minLength, test: (pw) => [...pw].length >= PASSWORD_MIN_LENGTH },
  { rule: 'capital', message: PASSWORD_MESSAGES.capital, test: (pw) => /\p{Lu}/u.test(pw) },
  { rule: 'digit', message: PASSWORD_MESSAGES.digit, test: (pw) => /\d/.test(pw) },
  { rule: 'symbol', message: PASSWORD_MESSAGES.symbol, test: (pw) => /[^\p{L}\p{N}\s]/u.test(pw) },
];

/** The live checklist: each rule and whether the password meets it. */
export function passwordChecklist(password: string): { rule: PasswordRule; message: string; ok: boolean }[] {
  return PASSWORD_RULES.map(({ rule, message, test }) => ({ rule, message, ok: test(password) }));
}

export function meetsPasswordPolicy(password: string): boolean {
  return PASSWORD_RULES.every(({ test }) => test(password));
}

/** A password as typed (never trimmed), at most 200 characters; a control character is never part of one. */
const passwordText = (required?: string) =>
  v.pipe(
    v.string(required ?? PRIMITIVE_MESSAGES.notText),
    v.check((s) => !required || s.length > 0, required),
    v.maxLength(200, PRIMITIVE_MESSAGES.tooLong(200)),
    v.check((s) => !hasControlCharacters(s), PRIMITIVE_MESSAGES.control),
  );
const username = requiredText(40, 'Username harus diisi', { notText: 'Username harus diisi' });

/** A new password field: the policy, reported with the spec's single summary message. */
export const NewPasswordSchema = v.pipe(v.string(), v.check(meetsPasswordPolicy, PASSWORD_MESSAGES.criteria));

/** POST /auth/login/pass/change — own change, and the forced change from the login dialog. */
export const PasswordChangeSchema = v.pipe(
  v.object({
    username,
    old_password: passwordText('Password lama harus diisi'),
    new_password: v.pipe(passwordText(), NewPasswordSchema),
    confirm_password: passwordText(),
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['confirm_password']],
      (input) => input.new_password === input.confirm_password,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['confirm_password'],
  ),
);
export type PasswordChangeInput = v.InferOutput<typeof PasswordChangeSchema>;

/** POST /auth/login/admin/pass/change — an administrator setting another account's password. */
export const AdminPasswordChangeSchema = v.pipe(
  v.object({
    username,
    new_password: v.pipe(passwordText(), NewPasswordSchema),
    confirm_password: passwordText(),
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['confirm_password']],
      (input) => input.new_password === input.confirm_password,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['confirm_password'],
  ),
);
export type AdminPasswordChangeInput = v.InferOutput<typeof AdminPasswordChangeSchema>;

/**
 * A new password and its confirmation, for a change where the account is given by the address
 * (POST /api/karyawan/{nrp}/change-password).
 */
export const NewPasswordPairSchema = v.pipe(
  v.object({
    new_password: v.pipe(passwordText(), NewPasswordSchema),
    confirm_password: passwordText(),
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['confirm_password']],
      (input) => input.new_password === input.confirm_password,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['confirm_password'],
  ),
);
export type NewPasswordPairInput = v.InferOutput<typeof NewPasswordPairSchema>;
