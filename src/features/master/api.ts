/** Master data screens: pages of the lists and the writes. The whole lists for selects are src/lib/lookups.ts. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, ListQuerySchema, type ListAnswer, type ListQuery } from '../../domain/list-query';
import type { MasterResource, MasterRows, PeriodRow, WritableMasterResource } from '../../domain/master';
import { api } from '../../lib/http';
import { masterKeys, type PeriodStatusFilter } from '../../lib/lookups';

export interface PeriodListSearch extends ListQuery {
  status: PeriodStatusFilter;
}

/** One page of a master list, as the admin screens show it. */
export const masterListQuery = <R extends MasterResource>(resource: R, q: ListQuery) =>
  queryOptions({
    queryKey: masterKeys.list(resource, q),
    queryFn: ({ signal }) => api<ListAnswer<MasterRows[R]>>(`/api/${resource}`, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const periodListQuery = (q: PeriodListSearch) =>
  queryOptions({
    queryKey: masterKeys.periodList(q),
    queryFn: ({ signal }) => api<ListAnswer<PeriodRow>>('/api/period', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
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
