/**
 * Reference lists for selects (employee form, user trustee, leave form, …): the whole list within the
 * user's scope. Shared by every feature; every write that changes a list refreshes its pickers at once
 * (`refreshLookups`), and nothing here is kept long: a list someone else changed is asked again after
 * half a minute. Only what the phone needs offline (shifts and periods, for the leave form) is persisted
 * (docs/decisions/030-route-list-change-and-fresh-pickers.md). Each list is read through the contract of
 * the area that serves it (master, period, store, route list).
 */
import { queryOptions } from '@tanstack/react-query';
import type { AnswerOf } from '../domain/contract';
import { MAX_PAGE_SIZE } from '../domain/list-query';
import { masterContracts, periodContracts, type MasterListContracts } from '../domain/master/contracts';
import type { MasterResource } from '../domain/master/master';
import { routeListContracts } from '../domain/route-list/contracts';
import { storeContracts } from '../domain/store/contracts';
import { call } from './call';
import { lookupMeta, masterKeys } from './lookup-meta';

export { lookupMeta, masterKeys, refreshLookups, type LookupKind, type PeriodStatusFilter } from './lookup-meta';

/** How long a picker's list counts as fresh: what another user changed shows within half a minute. */
export const LOOKUP_STALE_MS = 30_000;

/**
 * The phone's start (src/app/field-data-reads.ts) does not ask again for shifts and periods it read within
 * the hour (decision 015: fewer requests on a weak signal); a screen that shows them still refreshes them
 * in the background after LOOKUP_STALE_MS, and a return online asks for everything.
 */
export const FIELD_START_LOOKUP_STALE_MS = 60 * 60 * 1000;

/**
 * The whole list for a select (employee form, user trustee, leave form, …). As in the master screens
 * (src/features/master/api.ts), `call()` cannot read a contract's input through a generic `R`: the
 * contract is passed as one of the lists' and its answer typed as R's.
 */
export const lookupQuery = <R extends MasterResource>(resource: R) =>
  queryOptions({
    queryKey: masterKeys.lookup(resource),
    queryFn: ({ signal }) =>
      (
        call(masterContracts[resource].list as MasterListContracts<MasterResource>['list'], {
          query: { per_page: MAX_PAGE_SIZE },
          signal,
        }) as Promise<AnswerOf<MasterListContracts<R>['list']>>
      ).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: lookupMeta(resource),
  });

/** Periods for a select; `true` = only those open for posting (spec: "period (status filter 1)"). */
export const periodLookupQuery = (status?: boolean) =>
  queryOptions({
    queryKey: masterKeys.periodLookup(status),
    queryFn: ({ signal }) =>
      call(periodContracts.list, {
        query: { per_page: MAX_PAGE_SIZE, status: status === undefined ? undefined : status ? '1' : '0' },
        signal,
      }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: lookupMeta('period'),
  });

export const currentPeriodQuery = () =>
  queryOptions({
    queryKey: masterKeys.currentPeriod(),
    queryFn: ({ signal }) => call(periodContracts.current, { signal }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: lookupMeta('period'),
  });

/** The stores of one client, for the employee's store (a store belongs to a client). */
export const storeLookupQuery = (clientId: string) =>
  queryOptions({
    queryKey: masterKeys.storesOfClient(clientId),
    queryFn: ({ signal }) =>
      call(storeContracts.list, { query: { client_id: clientId, per_page: MAX_PAGE_SIZE }, signal }).then(
        (a) => a.result,
      ),
    staleTime: LOOKUP_STALE_MS,
    meta: lookupMeta('store'),
  });

export const routeListLookupQuery = () =>
  queryOptions({
    queryKey: masterKeys.routeLists(),
    queryFn: ({ signal }) =>
      call(routeListContracts.list, { query: { per_page: MAX_PAGE_SIZE }, signal }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: lookupMeta('route-list'),
  });
