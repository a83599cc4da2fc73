import * as v from 'valibot';
import { page, perPage, text } from './primitives';

/** page / per_page / q of every list (docs/guide.md §5), from the URL and from the API query alike. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export const ListQuerySchema = v.object({
  page: page(),
  per_page: perPage(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  q: v.optional(text(100, { tooLong: 'Kata kunci terlalu panjang' }), ''),
});
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;

export interface ListAnswer<T> {
  result: T[];
  totalCount: number;
}
