/** Master data screens: pages of the lists and the writes. The whole lists for selects are src/lib/lookups.ts. */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { MessageSchema } from '../../domain/api';
import type { ListQuery } from '../../domain/list-query';
import {
  masterListAnswer,
  PeriodListAnswerSchema,
  type MasterBody,
  type MasterResource,
  type WritableMasterResource,
} from '../../domain/master/master';
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

export {
  LIST_SEARCH_DEFAULTS,
  ListSearchSchema,
  PERIOD_SEARCH_DEFAULTS,
  PeriodSearchSchema,
} from '../../domain/master/master-search';
