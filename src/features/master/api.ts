/** Master data screens: pages of the lists and the writes. The whole lists for selects are src/lib/lookups.ts. */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { MessageSchema } from '../../domain/api';
import { DEFAULT_PAGE_SIZE, ListQuerySchema, type ListQuery } from '../../domain/list-query';
import {
  masterListAnswer,
  PeriodListAnswerSchema,
  type MasterBody,
  type MasterResource,
  type WritableMasterResource,
} from '../../domain/master';
import { text } from '../../domain/primitives';
import { api } from '../../lib/http';
import { masterKeys, type PeriodStatusFilter } from '../../lib/lookups';

export interface PeriodListSearch extends ListQuery {
  status: PeriodStatusFilter;
}

/** One page of a master list, as the admin screens show it. */
export const masterListQuery = <R extends MasterResource>(resource: R, q: ListQuery) =>
  queryOptions({
    queryKey: masterKeys.list(resource, q),
    queryFn: ({ signal }) => api(`/api/${resource}`, { answer: masterListAnswer(resource), query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const periodListQuery = (q: PeriodListSearch) =>
  queryOptions({
    queryKey: masterKeys.periodList(q),
    queryFn: ({ signal }) => api('/api/period', { answer: PeriodListAnswerSchema, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

// ---------------------------------------------------------------- writes: each refreshes what shows the list

/** Create (no id) or edit (the row's key) one row of a list; its pages and lookups are refetched. */
export const saveMaster = (qc: QueryClient, resource: WritableMasterResource, id?: string) =>
  mutationOptions({
    mutationFn: (body: MasterBody) =>
      id === undefined
        ? api(`/api/${resource}`, { answer: MessageSchema, method: 'POST', body })
        : api(`/api/${resource}/${encodeURIComponent(id)}`, { answer: MessageSchema, method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: masterKeys.resource(resource) }),
  });

export const deleteMaster = (qc: QueryClient, resource: WritableMasterResource) =>
  mutationOptions({
    mutationFn: (id: string) =>
      api(`/api/${resource}/${encodeURIComponent(id)}`, { answer: MessageSchema, method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: masterKeys.resource(resource) }),
  });

/**
 * Enable Posting of one period. Refetched when settled either way: after a refusal the switch must
 * show the stored state again, and every period select (leave, posting) must see the change.
 */
export const setPeriodStatus = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: (status: boolean) =>
      api(`/api/period/${encodeURIComponent(id)}`, { answer: MessageSchema, method: 'PUT', body: { status } }),
    onSettled: () => qc.invalidateQueries({ queryKey: masterKeys.resource('period') }),
  });

// ---------------------------------------------------------------- URL search of the list screens

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

export const PERIOD_SEARCH_DEFAULTS: PeriodListSearch = v.parse(PeriodSearchSchema, {});
