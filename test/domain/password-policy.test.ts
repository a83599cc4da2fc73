import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { lockoutMessage } from '../../src/domain/auth/auth';
import { meetsPasswordPolicy, passwordChecklist, PasswordChangeSchema } from '../../src/domain/auth/password-policy';

describe('password policy', () => {
  it('needs 12 characters, a capital, a digit and a symbol', () => {
    expect(meetsPasswordPolicy('Hadir#Demo2026')).toBe(true);
    expect(meetsPasswordPolicy('Hadir#Demo26')).toBe(true);
    expect(meetsPasswordPolicy('Hadir#Demo2')).toBe(false); // 11 characters
    expect(meetsPasswordPolicy('hadir#demo2026')).toBe(false); // no capital
    expect(meetsPasswordPolicy('Hadir#DemoDemo')).toBe(false); // no digit
    expect(meetsPasswordPolicy('HadirxDemo2026')).toBe(false); // no symbol
  });

  it('reports each rule for the live checklist', () => {
    const list = passwordChecklist('abc');
    expect(list.map((i) => [i.rule, i.ok])).toEqual([
      ['minLength', false],
      ['capital', false],
      ['digit', false],
      ['symbol', false],
    ]);
    expect(passwordChecklist('Abcdefghijk1!').every((i) => i.ok)).toBe(true);
  });

  it('checks the confirmation with the spec message on the confirmation field', () => {
    const r = v.safeParse(PasswordChangeSchema, {
      username: 'a',
      old_password: 'x',
      new_password: 'Hadir#Demo2026',
      confirm_password: 'Hadir#Demo2027',
    });
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toBe('Konfirmasi Password tidak sama, check kembali');
    expect(v.getDotPath(r.issues![0]!)).toBe('confirm_password');
  });
});

describe('lockout message', () => {
  it('formats m:ss as the spec shows', () => {
    expect(lockoutMessage(300)).toBe('Please wait 5:00 minutes to try again');
    expect(lockoutMessage(59)).toBe('Please wait 0:59 minutes to try again');
    expect(lockoutMessage(61.2)).toBe('Please wait 1:02 minutes to try again');
  });
});
