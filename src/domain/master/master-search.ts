/**
 * The address of the master list screens (/client, /divisi, … and /period): page, per_page, q and the
 * period's status filter, bad values falling back. Kept apart from features/master/api.ts because every
 * route's validateSearch is in the entry chunk, and with it everything its module holds (the API calls,
 * the lookups and all of master.ts); features/master/api.ts re-exports it.
 */
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, ListQuerySchema, type ListQuery } from '../list-query';
import { text } from '../primitives';

const { page, per_page } = ListQuerySchema.entries;

/** page / per_page / q in the URL: a standard schema, so links need no search; bad values fall back. */
export const ListSearchSchema = v.object({
  page: v.fallback(page, 1),
  per_page: v.fallback(per_page, DEFAULT_PAGE_SIZE),
  // The router reads `?q=123` as a number; a q the server would refuse (too long, a control character) is dropped.
  q: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), text(100)), ''), ''),
});

export const LIST_SEARCH_DEFAULTS: ListQuery = v.parse(ListSearchSchema, {});

export const PeriodSearchSchema = v.object({
  ...ListSearchSchema.entries,
  status: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.boolean()]), v.transform(String), v.picklist(['', 'true', 'false'])), ''),
    '',
  ),
});
export type PeriodSearch = v.InferOutput<typeof PeriodSearchSchema>;

export const PERIOD_SEARCH_DEFAULTS: PeriodSearch = v.parse(PeriodSearchSchema, {});
