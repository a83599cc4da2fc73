/**
 * Indonesian texts for valibot's own messages, for every schema the server parses with. A field whose
 * schema names no message of its own would otherwise answer valibot's English default ("Invalid key:
 * Expected "id" but received undefined") in a 400: the API answers Indonesian everywhere (docs/guide.md §5).
 * Schemas keep their own messages; this is only the fallback. Registered once when the server's error
 * module loads (server/lib/errors.ts), so `validate()` and `parseOr400()` both get it.
 */
import * as v from 'valibot';

export const VALIDATION_MESSAGES = {
  missing: (field: string) => `Data tidak lengkap: ${field} wajib diisi`,
  unknownKey: (field: string) => `Data tidak valid: ${field} tidak dikenal`,
  notObject: 'Format data tidak valid (harus berupa objek JSON)',
  type: (what: string) => `Data tidak valid: harus berupa ${what}`,
  oneOf: (options: string) => `Data tidak valid: harus salah satu dari ${options}`,
  invalid: 'Data tidak valid',
} as const;

const OBJECTS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

const TYPE_NAMES: Record<string, string> = {
  string: 'teks',
  number: 'angka',
  bigint: 'angka',
  boolean: 'true atau false',
  array: 'daftar',
  tuple: 'daftar',
  date: 'tanggal',
  null: 'null',
};

function keyOf(issue: v.BaseIssue<unknown>): string {
  const item = issue.path?.at(-1) as { key?: unknown } | undefined;
  if (item && item.key !== undefined) return String(item.key);
  return (issue.expected ?? '').replace(/^"|"$/g, '') || 'data';
}

export function indonesianMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema' && OBJECTS.has(issue.type) && issue.path?.length) {
    // A key issue of an object: a required key missing, or (strict) a key it does not know.
    return issue.input === undefined
      ? VALIDATION_MESSAGES.missing(keyOf(issue))
      : VALIDATION_MESSAGES.unknownKey(keyOf(issue));
  }
  if (issue.kind === 'schema') {
    if (OBJECTS.has(issue.type) || issue.type === 'record') return VALIDATION_MESSAGES.notObject;
    if ((issue.type === 'picklist' || issue.type === 'enum' || issue.type === 'literal') && issue.expected)
      return VALIDATION_MESSAGES.oneOf(issue.expected.replace(/"/g, '').split(' | ').join(', '));
    const name = TYPE_NAMES[issue.type];
    if (name) return VALIDATION_MESSAGES.type(name);
  }
  return VALIDATION_MESSAGES.invalid;
}

/** Registers the fallback (idempotent). */
export function registerIndonesianValidationMessages() {
  v.setGlobalMessage(indonesianMessage);
}
