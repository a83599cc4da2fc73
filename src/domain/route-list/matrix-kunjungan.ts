/**
 * The weekly visit matrix of a route list (spec part 2 §3 "Matrix row", §7, §9 "Matrix 5 weeks x 7
 * days"): per store, 35 flags W{week}_{day} (week 1–5, day 1–7 = Monday–Sunday), each 'X' or null.
 * The database keeps them as one 35-character pattern ('X' or '.', W1_1 first); these helpers are the
 * one translation between the two.
 */
import * as v from 'valibot';
import { listAnswer, messageWith } from '../api';
import { code } from '../primitives';
import { routeListId, ROUTE_LIST_MESSAGES } from './route-list';

export const MATRIX_WEEKS = [1, 2, 3, 4, 5] as const;
export const MATRIX_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Spec: day 1 is Monday. */
export const MATRIX_DAY_LABELS = ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'] as const;
export const MATRIX_DAY_NAMES = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;

type Week = (typeof MATRIX_WEEKS)[number];
type Day = (typeof MATRIX_DAYS)[number];
export type MatrixKey = `W${Week}_${Day}`;

export const matrixKey = (week: number, day: number) => `W${week}_${day}` as MatrixKey;
/** W1_1 … W1_7, W2_1 … W5_7: the order of the stored pattern. */
export const MATRIX_KEYS: readonly MatrixKey[] = MATRIX_WEEKS.flatMap((w) => MATRIX_DAYS.map((d) => matrixKey(w, d)));

export type MatrixFlag = 'X' | null;
export type MatrixFlags = Record<MatrixKey, MatrixFlag>;

export const EMPTY_PATTERN = '.'.repeat(MATRIX_KEYS.length);

export function flagsOfPattern(pattern: string): MatrixFlags {
  return Object.fromEntries(MATRIX_KEYS.map((k, i) => [k, pattern[i] === 'X' ? 'X' : null])) as MatrixFlags;
}

/** The pattern of `flags` laid over `base`: a key not given keeps its day of `base`. */
export function patternOf(flags: Partial<MatrixFlags>, base: string = EMPTY_PATTERN): string {
  return MATRIX_KEYS.map((k, i) => {
    const f = flags[k];
    if (f === undefined) return base[i] === 'X' ? 'X' : '.';
    return f === 'X' ? 'X' : '.';
  }).join('');
}

export const visitCount = (flags: Partial<MatrixFlags>) => MATRIX_KEYS.filter((k) => flags[k] === 'X').length;

export const MATRIX_MESSAGES = {
  storeRequired: 'Store harus diisi',
  storeNotFound: 'Store tidak ditemukan',
  storeNotFoundCode: (custCode: string) => `Store ${custCode} tidak ditemukan`,
  storeOutOfScope: 'Store ini di luar cakupan akses Anda',
  flag: (key: string) => `${key} harus X atau kosong`,
  alreadyIn: (custCode: string) => `Store ${custCode} sudah ada di matrix route list ini`,
  notIn: (custCode: string) => `Store ${custCode} tidak ada di matrix route list ini`,
  noChange: 'Tidak ada hari yang diubah',
  added: 'Store berhasil ditambahkan ke matrix kunjungan',
  saved: 'Matrix kunjungan berhasil disimpan',
  removed: 'Store berhasil dihapus dari matrix kunjungan',
} as const;

const FLAG_ANSWER = v.nullable(v.literal('X'));

/** One store of a matrix as the API answers it. */
export const MatrixRowSchema = v.object({
  route_list_id: v.string(),
  cust_code: v.string(),
  store: v.object({ cust_name: v.string() }),
  ...(Object.fromEntries(MATRIX_KEYS.map((k) => [k, FLAG_ANSWER])) as Record<MatrixKey, typeof FLAG_ANSWER>),
});
export type MatrixRow = v.InferOutput<typeof MatrixRowSchema>;
export const MatrixListAnswerSchema = listAnswer(MatrixRowSchema);
export const MatrixSavedSchema = messageWith(MatrixRowSchema);

/** 'X' or null; blank text counts as null (older clients send ''). */
const flagInput = (key: MatrixKey) =>
  v.optional(
    v.pipe(
      v.nullable(v.union([v.literal('X'), v.literal('x'), v.literal('')], MATRIX_MESSAGES.flag(key))),
      v.transform((f): MatrixFlag => (f === 'X' || f === 'x' ? 'X' : null)),
    ),
  );

const flagEntries = Object.fromEntries(MATRIX_KEYS.map((k) => [k, flagInput(k)])) as Record<
  MatrixKey,
  ReturnType<typeof flagInput>
>;

const custCode = code(/^[A-Za-z0-9._-]{1,20}$/, MATRIX_MESSAGES.storeNotFound);

/** POST /api/matrix-kunjungan: a store joins a route list's matrix; days not given are off. */
export const MatrixCreateSchema = v.object({
  route_list_id: v.optional(routeListId(ROUTE_LIST_MESSAGES.notFound), ''),
  // Missing reads as blank: "Store harus diisi", not a schema message.
  cust_code: v.optional(
    v.pipe(
      v.string(MATRIX_MESSAGES.storeRequired),
      v.nonEmpty(MATRIX_MESSAGES.storeRequired),
      v.regex(/^[A-Za-z0-9._-]{1,20}$/, MATRIX_MESSAGES.storeNotFound),
    ),
    '',
  ),
  ...flagEntries,
});
export type MatrixCreateInput = v.InferInput<typeof MatrixCreateSchema>;

/** PUT …/route-list/{routeListId}/store/{custCode}: the days given change, the others stay. */
export const MatrixUpdateSchema = v.object(flagEntries);
export type MatrixUpdateInput = v.InferInput<typeof MatrixUpdateSchema>;

/** `{routeListId}` / `{custCode}` of the matrix paths. */
export const MatrixParamSchema = v.object({ routeListId: routeListId(), custCode });
export const MatrixRouteListParamSchema = v.object({ id: routeListId() });
