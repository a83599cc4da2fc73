import * as v from 'valibot';

/** page / per_page / q of every list (GUIDE §5), from the URL and from the API query alike. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

const positiveInt = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((x) => Number(x)),
      v.number('Nomor halaman tidak valid'),
      v.integer('Nomor halaman tidak valid'),
      v.minValue(1, 'Nomor halaman tidak valid'),
      v.maxValue(max, `Maksimal ${max} baris per halaman`),
    ),
    fallback,
  );

export const ListQuerySchema = v.object({
  page: positiveInt(1, 1_000_000),
  per_page: positiveInt(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Kata kunci terlalu panjang')), ''),
});
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;

export interface ListAnswer<T> {
  result: T[];
  totalCount: number;
}
