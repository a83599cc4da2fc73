/**
 * Input primitives (docs/guide.md §9): every schema of client and server builds its fields from these, so a NUL
 * byte, an id beyond PostgreSQL's integer, a page of 10^20 or 31 February never reaches SQL. Each
 * refusal is an Indonesian message that the API answers as a 400.
 */
import * as v from 'valibot';

export const PRIMITIVE_MESSAGES = {
  notText: 'Harus berupa teks',
  control: 'Teks mengandung karakter yang tidak diperbolehkan',
  tooLong: (max: number) => `Maksimal ${max} karakter`,
  id: 'ID tidak valid',
  page: 'Nomor halaman tidak valid',
  perPage: (max: number) => `Jumlah baris per halaman harus 1 sampai ${max}`,
  date: 'Format tanggal harus YYYY-MM-DD dan tanggalnya harus ada',
  time: 'Format jam tidak benar',
  period: 'Format period harus YYYYMM',
} as const;

/** PostgreSQL `integer`: the largest id a serial column can hold. */
export const PG_INT_MAX = 2_147_483_647;
export const MAX_PAGE = 1_000_000;

// C0 controls and DEL (matching them is the point); tab, newline and carriage return are allowed only in multi-line fields.
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlCharacters = (s: string, multiline = false) =>
  (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(s);

interface TextOptions {
  /** Tab and newline allowed (notes, addresses, reasons). */
  multiline?: boolean;
  /** The message when the length is over `max` (default "Maksimal N karakter"). */
  tooLong?: string;
  /** The message when the value is not a string at all (default "Harus berupa teks"). */
  notText?: string;
}

/** A text field: no NUL or other control characters, trimmed, at most `max` characters. */
export function text(max: number, options: TextOptions = {}) {
  return v.pipe(
    v.string(options.notText ?? PRIMITIVE_MESSAGES.notText),
    v.check((s) => !hasControlCharacters(s, options.multiline), PRIMITIVE_MESSAGES.control),
    v.trim(),
    v.maxLength(max, options.tooLong ?? PRIMITIVE_MESSAGES.tooLong(max)),
  );
}

/** A required text field: as `text`, and not empty after trimming. */
export function requiredText(max: number, required: string, options: TextOptions = {}) {
  return v.pipe(text(max, options), v.nonEmpty(required));
}

const ID_DIGITS = /^[1-9]\d{0,9}$/;

/** A numeric id as a JSON number: a positive integer within PostgreSQL's integer range. */
export function idNumber(message: string = PRIMITIVE_MESSAGES.id) {
  return v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(PG_INT_MAX, message));
}

/** A numeric id written as text (path segment, query, form field): digits only, within integer range. */
export function idString(message: string = PRIMITIVE_MESSAGES.id) {
  return v.pipe(v.string(message), v.regex(ID_DIGITS, message), v.transform(Number), v.maxValue(PG_INT_MAX, message));
}

/** A numeric id sent either way (JSON bodies of older clients send "12" as often as 12). */
export function idAny(message: string = PRIMITIVE_MESSAGES.id) {
  return v.union([idNumber(message), idString(message)], message);
}

/** An entity code (NRP, cust_code, period id, …): its own pattern, nothing else. */
export function code(pattern: RegExp, message: string) {
  return v.pipe(v.string(message), v.regex(pattern, message));
}

/** A `{id}` path parameter object, the shape `validator('param', …)` takes. */
export const IdParamSchema = v.object({ id: idString() });

function pageNumber(fallback: number, max: number, message: string) {
  return v.optional(
    v.pipe(
      v.union([v.pipe(v.string(), v.regex(/^\d{1,7}$/, message), v.transform(Number)), v.number(message)], message),
      v.integer(message),
      v.minValue(1, message),
      v.maxValue(max, message),
    ),
    fallback,
  );
}

/** `page`: 1 to 1,000,000, default 1. */
export const page = () => pageNumber(1, MAX_PAGE, PRIMITIVE_MESSAGES.page);
/** `per_page`: 1 to the list's own maximum. */
export const perPage = (fallback: number, max: number) => pageNumber(fallback, max, PRIMITIVE_MESSAGES.perPage(max));

export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  // Plain Date rather than dayjs: route search schemas use this, and they load before the login paints.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD` of a day that exists (no 31 February). */
export function isoDate(message: string = PRIMITIVE_MESSAGES.date) {
  return v.pipe(v.string(message), v.check(isCalendarDate, message));
}

/** `HH:mm:ss`, 00:00:00 to 23:59:59. */
export function timeOfDay(message: string = PRIMITIVE_MESSAGES.time) {
  return v.pipe(v.string(message), v.regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, message));
}

/** A period id `YYYYMM` with a month 01–12. */
export function periodId(message: string = PRIMITIVE_MESSAGES.period) {
  return v.pipe(v.string(message), v.regex(/^\d{4}(0[1-9]|1[0-2])$/, message));
}
