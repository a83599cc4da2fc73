import { randomInt } from 'node:crypto';
import { meetsPasswordPolicy } from '../../../src/domain/auth/password-policy';

// No look-alikes (0/O, 1/l/I): the administrator reads this out or types it into a chat.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '#$%&*+-=?@';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

const pick = (set: string) => set[randomInt(set.length)]!;

/** 16 characters from a CSPRNG, at least one of each class, so it always meets the password policy. */
export function temporaryPassword(length = 16): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (!meetsPasswordPolicy(password)) throw new Error('temporary password does not meet the policy');
  return password;
}
