/**
 * Master data screens: pages of the lists and the writes, called by their contracts
 * (src/domain/master/contracts.ts). The whole lists for selects are src/lib/lookups.ts.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '../../domain/contract';
import type { ListQuery } from '../../domain/list-query';
import {
  masterContracts,
  periodContracts,
  shiftContracts,
  type MasterListContracts,
} from '../../domain/master/contracts';
import type { MasterBody, MasterResource, WritableMasterResource } from '../../domain/master/master';
import { call } from '../../lib/call';
import { masterKeys, type PeriodStatusFilter } from '../../lib/lookups';

export interface PeriodListSearch extends ListQuery {
  status: PeriodStatusFilter;
}

/**
 * One page of the list `R`. Every list takes the same query, but `call()` cannot read a contract's input
 * through a generic `R`, so the contract is passed as one of the lists' and its answer typed as R's.
 */
const listPage = <R extends MasterResource>(resource: R, q: ListQuery, signal: AbortSignal) =>
  call(masterContracts[resource].list as MasterListContracts<MasterResource>['list'], {
    query: { ...q },
    signal,
  }) as Promise<AnswerOf<MasterListContracts<R>['list']>>;

/** One page of a master list, as the admin screens show it. */
export const masterListQuery = <R extends MasterResource>(resource: R, q: ListQuery) =>
  queryOptions({
    queryKey: masterKeys.list(resource, q),
    queryFn: ({ signal }) => listPage(resource, q, signal),
    placeholderData: keepPreviousData,
  });

export const periodListQuery = (q: PeriodListSearch) =>
  queryOptions({
    queryKey: masterKeys.periodList(q),
    // '' (every period) is left out of the URL, as before.
    queryFn: ({ signal }) => call(periodContracts.list, { query: { ...q, status: q.status || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

// ---------------------------------------------------------------- writes: each refreshes what shows the list

/** Create (no id) or edit (the row's key) one row of a list; its pages and lookups are refetched. */
export const saveMaster = (qc: QueryClient, resource: WritableMasterResource, id?: string) =>
  mutationOptions({
    mutationFn: (body: MasterBody) =>
      id === undefined
        ? call(masterContracts[resource].create, { body })
        : call(masterContracts[resource].update, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: masterKeys.resource(resource) }),
  });

export const deleteMaster = (qc: QueryClient, resource: WritableMasterResource) =>
  mutationOptions({
    mutationFn: (id: string) => call(masterContracts[resource].remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: masterKeys.resource(resource) }),
  });

/**
 * Enable Posting of one period. Refetched when settled either way: after a refusal the switch must
 * show the stored state again, and every period select (leave, posting) must see the change.
 */
export const setPeriodStatus = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: (status: boolean) => call(periodContracts.setStatus, { params: { id }, body: { status } }),
    onSettled: () => qc.invalidateQueries({ queryKey: masterKeys.resource('period') }),
  });

// ---------------------------------------------------------------- URL search of the list screens

export {
  LIST_SEARCH_DEFAULTS,
  ListSearchSchema,
  PERIOD_SEARCH_DEFAULTS,
  PeriodSearchSchema,
} from '../../domain/master/master-search';

/**
 * What a shift change from `berlaku_mulai` would re-judge (GET /api/shift/{id}/dampak): asked just before
 * a back-dated save, so it is fetched, not cached.
 */
export const shiftDampak = (id: string, berlakuMulai: string) =>
  call(shiftContracts.dampak, { params: { id }, query: { berlaku_mulai: berlakuMulai } }).then((a) => a.result);
