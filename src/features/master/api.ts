/**
 * Master data reads and writes. `lookupQuery` is what other features use for their selects: the whole
 * list (within the user's scope), kept an hour and persisted so the field app has shifts, periods and
 * the rest offline.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  DEFAULT_PAGE_SIZE,
  ListQuerySchema,
  MAX_PAGE_SIZE,
  type ListAnswer,
  type ListQuery,
} from '../../domain/list-query';
import type { MasterResource, MasterRows, PeriodRow, WritableMasterResource } from '../../domain/master';
import { api } from '../../lib/http';

const LOOKUP_STALE_MS = 60 * 60 * 1000;

export interface PeriodListSearch extends ListQuery {
  /** '' = every period; 'true' / 'false' = posting enabled or not. */
  status: '' | 'true' | 'false';
}

export const masterKeys = {
  all: ['master'] as const,
  resource: (resource: MasterResource | 'period') => ['master', resource] as const,
  list: (resource: MasterResource, q: ListQuery) => ['master', resource, 'list', q] as const,
  lookup: (resource: MasterResource) => ['master', resource, 'lookup'] as const,
  periodList: (q: PeriodListSearch) => ['master', 'period', 'list', q] as const,
  periodLookup: (status: boolean | undefined) => ['master', 'period', 'lookup', status ?? 'all'] as const,
  currentPeriod: () => ['master', 'period', 'current'] as const,
};

/** One page of a master list, as the admin screens show it. */
export const masterListQuery = <R extends MasterResource>(resource: R, q: ListQuery) =>
  queryOptions({
    queryKey: masterKeys.list(resource, q),
    queryFn: ({ signal }) => api<ListAnswer<MasterRows[R]>>(`/api/${resource}`, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** The whole list for a select (employee form, user trustee, leave form, …). */
export const lookupQuery = <R extends MasterResource>(resource: R) =>
  queryOptions({
    queryKey: masterKeys.lookup(resource),
    queryFn: ({ signal }) =>
      api<ListAnswer<MasterRows[R]>>(`/api/${resource}`, { query: { per_page: MAX_PAGE_SIZE }, signal }).then(
        (a) => a.result,
      ),
    staleTime: LOOKUP_STALE_MS,
    meta: { persist: true },
  });

export const periodListQuery = (q: PeriodListSearch) =>
  queryOptions({
    queryKey: masterKeys.periodList(q),
    queryFn: ({ signal }) => api<ListAnswer<PeriodRow>>('/api/period', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** Periods for a select; `true` = only those open for posting (spec: "period (status filter 1)"). */
export const periodLookupQuery = (status?: boolean) =>
  queryOptions({
    queryKey: masterKeys.periodLookup(status),
    queryFn: ({ signal }) =>
      api<ListAnswer<PeriodRow>>('/api/period', {
        query: { per_page: MAX_PAGE_SIZE, status: status === undefined ? undefined : status ? '1' : '0' },
        signal,
      }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: { persist: true },
  });

export const currentPeriodQuery = () =>
  queryOptions({
    queryKey: masterKeys.currentPeriod(),
    queryFn: ({ signal }) => api<{ result: PeriodRow }>('/api/period/current/get', { signal }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: { persist: true },
  });

type Message = { message: string };

export const createMaster = (resource: WritableMasterResource, body: unknown) =>
  api<Message>(`/api/${resource}`, { method: 'POST', body });

export const updateMaster = (resource: WritableMasterResource, id: string, body: unknown) =>
  api<Message>(`/api/${resource}/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const deleteMaster = (resource: WritableMasterResource, id: string) =>
  api<Message>(`/api/${resource}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const setPeriodStatus = (id: string, status: boolean) =>
  api<Message>(`/api/period/${encodeURIComponent(id)}`, { method: 'PUT', body: { status } });

// ---------------------------------------------------------------- URL search of the list screens

const { page, per_page } = ListQuerySchema.entries;

/** page / per_page / q in the URL: a standard schema, so links need no search; bad values fall back. */
export const ListSearchSchema = v.object({
  page: v.fallback(page, 1),
  per_page: v.fallback(per_page, DEFAULT_PAGE_SIZE),
  // The router reads `?q=123` as a number.
  q: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100)), ''),
    '',
  ),
});

export const LIST_SEARCH_DEFAULTS: ListQuery = v.parse(ListSearchSchema, {});

export const PeriodSearchSchema = v.object({
  ...ListSearchSchema.entries,
  status: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.boolean()]), v.transform(String), v.picklist(['', 'true', 'false'])), ''),
    '',
  ),
});

export const PERIOD_SEARCH_DEFAULTS: PeriodListSearch = v.parse(PeriodSearchSchema, {});
