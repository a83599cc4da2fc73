/**
 * The address of the employee screens (/karyawan, /karyawan/resign/new, /karyawan/posting,
 * /karyawan/request, /karyawan/{id}/edit) and the values it may hold: the sort, the posting statuses and
 * the request filters. Kept apart from karyawan-list.ts, karyawan-lifecycle.ts, request.ts and the
 * screens' api.ts because every route's validateSearch is in the entry chunk, and with it everything its
 * module holds; those modules re-export what they used to define here.
 */
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, ListQuerySchema } from '../list-query';
import { text } from '../primitives';

/** The message of a bad sort; KARYAWAN_MESSAGES (karyawan-fields.ts) carries it too. */
export const KARYAWAN_QUERY_MESSAGES = {
  sort: 'Urutan tidak valid',
} as const;

// ---------------------------------------------------------------- values of the lists' queries

/** Columns the employee list sorts by (`sort=field|direction`). */
export const KARYAWAN_SORT_FIELDS = [
  'nrp',
  'nama',
  'type',
  'sales_office',
  'telp_hp',
  'per_kontrak',
  'mulai_kontrak',
  'selesai_kontrak',
  'tgl_p3',
] as const;
export type KaryawanSortField = (typeof KARYAWAN_SORT_FIELDS)[number];

function isSort(s: string): boolean {
  if (s === '') return true;
  const [field, direction = 'asc'] = s.split('|');
  return (
    (KARYAWAN_SORT_FIELDS as readonly string[]).includes(field ?? '') && (direction === 'asc' || direction === 'desc')
  );
}

/** `field|direction` (direction asc by default); '' is the list's own order. */
export const KaryawanSortSchema = v.optional(
  v.pipe(
    text(40, { notText: KARYAWAN_QUERY_MESSAGES.sort, tooLong: KARYAWAN_QUERY_MESSAGES.sort }),
    v.check(isSort, KARYAWAN_QUERY_MESSAGES.sort),
  ),
  '',
);

export function parseSort(s: string): { field: KaryawanSortField; direction: 'asc' | 'desc' } | null {
  if (!s || !isSort(s)) return null;
  const [field, direction = 'asc'] = s.split('|');
  return { field: field as KaryawanSortField, direction: direction as 'asc' | 'desc' };
}

export const POSTING_STATUSES = ['open', 'posted', 'completed'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];

/** The list filter (spec §3 "Change request list filter"). */
export const REQUEST_FILTERS = ['open', 'approve', 'reject'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];

// ---------------------------------------------------------------- URL search of the screens

const { page, per_page } = ListQuerySchema.entries;
// The router reads `?q=26000001` as a number; a q the server would refuse (too long, a control character) is dropped.
const qText = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), text(100)), ''), '');

/** /karyawan and /karyawan/resign/new: page, per_page, q and sort in the address; bad values fall back. */
export const KaryawanSearchSchema = v.object({
  page: v.fallback(page, 1),
  per_page: v.fallback(per_page, DEFAULT_PAGE_SIZE),
  q: qText,
  sort: v.fallback(KaryawanSortSchema, ''),
});
export type KaryawanSearch = v.InferOutput<typeof KaryawanSearchSchema>;
export const KARYAWAN_SEARCH_DEFAULTS: KaryawanSearch = v.parse(KaryawanSearchSchema, {});

/** /karyawan/posting: the status filter besides paging. */
export const PostingSearchSchema = v.object({
  page: v.fallback(page, 1),
  per_page: v.fallback(per_page, DEFAULT_PAGE_SIZE),
  status: v.fallback(v.optional(v.picklist(POSTING_STATUSES), 'open'), 'open'),
});
export type PostingSearch = v.InferOutput<typeof PostingSearchSchema>;
export const POSTING_SEARCH_DEFAULTS: PostingSearch = v.parse(PostingSearchSchema, {});

/** The detail opened from the resigned list is read-only (spec §2). */
export const DetailSearchSchema = v.object({
  from: v.fallback(v.optional(v.picklist(['resign'])), undefined),
});

/** /karyawan/request: the status filter (default Open) and paging in the address; bad values fall back. */
export const RequestSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(REQUEST_FILTERS), 'open'), 'open'),
  page: v.fallback(page, 1),
  per_page: v.fallback(per_page, DEFAULT_PAGE_SIZE),
});
export type RequestSearch = v.InferOutput<typeof RequestSearchSchema>;
export const REQUEST_SEARCH_DEFAULTS: RequestSearch = v.parse(RequestSearchSchema, {});
