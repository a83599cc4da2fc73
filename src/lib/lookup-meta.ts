/**
 * Which list a picker's query holds, and the one call that refreshes every picker of a kind after a
 * write (docs/decisions/030-route-list-change-and-fresh-pickers.md). Kept apart from ./lookups.ts and its
 * schemas, so a feature tags its own picker without loading the shared lookups.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../domain/list-query';
import type { MasterResource } from '../domain/master/master';

/** What a picker picks: a master list, or the stores, route lists, employees, periods. */
export type LookupKind = MasterResource | 'period' | 'store' | 'route-list' | 'karyawan';

/** The lookups the field app reads offline (the leave form's shift and period): only these are persisted. */
const PHONE_LOOKUPS: ReadonlySet<LookupKind> = new Set<LookupKind>(['shift', 'period']);

/**
 * The query `meta` of a picker's list: `lookup` names what it lists, so a write refreshes it wherever it
 * is (`refreshLookups`); `persist` only for the lists the phone needs offline.
 */
export const lookupMeta = (kind: LookupKind) =>
  PHONE_LOOKUPS.has(kind) ? { lookup: kind, persist: true as const } : { lookup: kind };

const isLookupOf = (kinds: readonly LookupKind[]) => (q: Query) => kinds.includes(q.meta?.lookup as LookupKind);

/**
 * After a write that changes what pickers list (a route list, a store, a shift, an employee saved,
 * renamed, deleted or uploaded): every picker of those kinds, open or not, asks again.
 */
export const refreshLookups = (qc: QueryClient, ...kinds: LookupKind[]) =>
  qc.invalidateQueries({ predicate: isLookupOf(kinds) });

/** '' = every period; 'true' / 'false' = posting enabled or not. */
export type PeriodStatusFilter = '' | 'true' | 'false';

/** The query keys of the master lists and pickers (here, without schemas, so the phone reads one cheaply). */
export const masterKeys = {
  all: ['master'] as const,
  resource: (resource: MasterResource | 'period') => ['master', resource] as const,
  list: (resource: MasterResource, q: ListQuery) => ['master', resource, 'list', q] as const,
  lookup: (resource: MasterResource) => ['master', resource, 'lookup'] as const,
  periodList: (q: ListQuery & { status: PeriodStatusFilter }) => ['master', 'period', 'list', q] as const,
  periodLookup: (status: boolean | undefined) => ['master', 'period', 'lookup', status ?? 'all'] as const,
  currentPeriod: () => ['master', 'period', 'current'] as const,
  storesOfClient: (clientId: string) => ['master', 'store', 'lookup', clientId] as const,
  routeLists: () => ['master', 'route-list', 'lookup'] as const,
};
