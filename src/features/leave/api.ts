/**
 * Leave reads and writes. What a field employee or a team leader needs offline (the kinds, the own
 * list, counts, the cuti balance, the visit plan of the form, the approval queue) is persisted; the
 * report and the kind administration are online-only. Filing and deciding go through the outbox
 * (outbox.ts); the writes here are the online ones, each refreshing what shows its result.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  jenisCutiContracts as jenisCuti,
  jenisLeaveContracts as jenisLeave,
  kindContracts,
  leaveContracts as leave,
} from '../../domain/leave/contracts';
import type { LeaveListQueryInput, LeaveReportQuery } from '../../domain/leave/leave';
import type { LeaveCounts, LeaveCountSummary } from '../../domain/leave/leave-answers';
import type { JenisCutiInput, JenisLeaveCreateInput, JenisLeaveUpdateInput } from '../../domain/leave/leave-kinds';
import { LEAVE_COUNT_KINDS, type ApprovalTabStatus, type LeaveCountKind } from '../../domain/leave/leave-rules';
import { call } from '../../lib/call';
import { lookupMeta } from '../../lib/lookup-meta';

const LOOKUP_STALE_MS = 60 * 60 * 1000;

/** The own list's filter of one kind, as the screen applies it (and the URL keeps it). */
export type OwnListFilter = Required<Pick<LeaveListQueryInput, 'status' | 'period_id'>> &
  Pick<LeaveListQueryInput, 'startDate' | 'endDate'> & { jenis: number | ''; page: number };

export const leaveKeys = {
  all: ['leave'] as const,
  jenisLeave: () => ['leave', 'jenis-leave'] as const,
  jenisCuti: () => ['leave', 'jenis-cuti'] as const,
  types: () => ['leave', 'types'] as const,
  user: (userid: string) => ['leave', userid] as const,
  own: (userid: string, f: OwnListFilter) => ['leave', userid, 'own', f] as const,
  count: (userid: string, kind: LeaveCountKind, jenis: number | 'all') =>
    ['leave', userid, 'count', kind, jenis] as const,
  balance: (userid: string, nrp: string, tahun: number) => ['leave', userid, 'balance', nrp, tahun] as const,
  visits: (userid: string, nrp: string, period: string) => ['leave', userid, 'visits', nrp, period] as const,
  queue: (userid: string, status: ApprovalTabStatus, page: number) => ['leave', userid, 'queue', status, page] as const,
  detail: (id: number) => ['leave', 'detail', id] as const,
  report: (q: LeaveReportQuery) => ['leave', 'report', q] as const,
  karyawan: (q: string) => ['leave', 'karyawan-options', q] as const,
};

// ---------------------------------------------------------------- kinds

/** Every kind (the admin screen filters nothing; forms keep the active ones). */
export const jenisLeaveQuery = () =>
  queryOptions({
    queryKey: leaveKeys.jenisLeave(),
    queryFn: ({ signal }) => call(jenisLeave.list, { query: { per_page: 1000 }, signal }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: { persist: true },
  });

export const jenisCutiQuery = () =>
  queryOptions({
    queryKey: leaveKeys.jenisCuti(),
    queryFn: ({ signal }) => call(jenisCuti.list, { query: { per_page: 1000 }, signal }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: { persist: true },
  });

export const leaveTypesQuery = () =>
  queryOptions({
    queryKey: leaveKeys.types(),
    queryFn: ({ signal }) => call(jenisLeave.types, { signal }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
  });

// ---------------------------------------------------------------- requests

export const OWN_PAGE_SIZE = 10;

export const ownLeaveQuery = (userid: string, f: OwnListFilter) =>
  queryOptions({
    queryKey: leaveKeys.own(userid, f),
    queryFn: ({ signal }) =>
      call(leave.own, { body: { ...f, per_page: OWN_PAGE_SIZE } satisfies LeaveListQueryInput, signal }),
    placeholderData: keepPreviousData,
    // Shown from the cache at once, and always asked again: an approver may have decided meanwhile.
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

export const leaveCountQuery = (userid: string, kind: LeaveCountKind, jenis: number | 'all') =>
  queryOptions({
    queryKey: leaveKeys.count(userid, kind, jenis),
    queryFn: ({ signal }) => call(leave.count, { params: { kind, jenis }, signal }).then((a) => a.result),
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/**
 * Every count of /leave at once (GET /api/count/leave/summary), for the phone's copy of the day. Not a
 * screen's query: `seedLeaveCounts` files its numbers under each count's own key.
 */
export const leaveCountSummary = (signal?: AbortSignal) => call(leave.countSummary, { signal }).then((a) => a.result);

/**
 * Files a summary's numbers as the per-kind counts /leave reads (`leaveCountQuery`, persisted), as if each
 * had been asked: every kind of the summary and "all".
 */
export function seedLeaveCounts(qc: QueryClient, userid: string, summary: LeaveCountSummary): void {
  const rows: [number | 'all', LeaveCounts][] = [
    ['all', summary.all],
    ...summary.by_jenis.map((k): [number, LeaveCounts] => [k.jenis_leave_id, k]),
  ];
  for (const [jenis, counts] of rows)
    for (const kind of LEAVE_COUNT_KINDS) {
      const options = leaveCountQuery(userid, kind, jenis);
      // Built with its options first, so the query keeps its meta (persisted) and its own queryFn.
      qc.getQueryCache().build(qc, qc.defaultQueryOptions(options));
      qc.setQueryData(options.queryKey, counts[kind]);
    }
}

/** nrp '' = the caller. */
export const cutiBalanceQuery = (userid: string, nrp: string, tahun: number) =>
  queryOptions({
    queryKey: leaveKeys.balance(userid, nrp, tahun),
    queryFn: ({ signal }) =>
      call(leave.balance, { query: { nrp: nrp || undefined, tahun: String(tahun) }, signal }).then((a) => a.result),
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** The employee's visit plan of a period (karyawan '' = the caller, spec §6 "employee 0"). */
export const visitDaysQuery = (userid: string, nrp: string, period: string) =>
  queryOptions({
    queryKey: leaveKeys.visits(userid, nrp, period),
    queryFn: ({ signal }) =>
      call(leave.visits, { query: { period_id: period, karyawan: nrp || '0' }, signal }).then((a) => a.result),
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** The approver's queue: persisted, so a team leader can decide on a tablet without a signal. */
export const approvalQueueQuery = (userid: string, status: ApprovalTabStatus, page: number, perPage: number) =>
  queryOptions({
    queryKey: leaveKeys.queue(userid, status, page),
    queryFn: ({ signal }) => call(leave.queue, { params: { status }, query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

export const leaveDetailQuery = (id: number) =>
  queryOptions({
    queryKey: leaveKeys.detail(id),
    queryFn: ({ signal }) => call(leave.detail, { params: { id }, signal }).then((a) => a.result),
  });

export const leaveReportQuery = (q: LeaveReportQuery) =>
  queryOptions({
    queryKey: leaveKeys.report(q),
    queryFn: ({ signal }) => call(leave.report, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    enabled: !!q.period,
  });

export const karyawanOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: leaveKeys.karyawan(q),
    queryFn: ({ signal }) => call(leave.karyawanOptions, { query: { q }, signal }).then((a) => a.result),
    staleTime: 60_000,
    // An employee saved elsewhere shows here at once (src/lib/lookup-meta.ts).
    meta: lookupMeta('karyawan'),
  });

// ---------------------------------------------------------------- online writes

/** A delivered filing or decision, or a withdrawal, changes what the server says: refetch this account's leave. */
export const refreshOwnLeave = (qc: QueryClient, userid: string) =>
  qc.invalidateQueries({ queryKey: leaveKeys.user(userid) });

/** Withdraw a request nobody has decided yet (online only). */
export const deleteLeave = (qc: QueryClient, userid: string) =>
  mutationOptions({
    mutationFn: (id: number) => call(leave.withdraw, { params: { id } }),
    onSuccess: () => refreshOwnLeave(qc, userid),
  });

export type KindResource = 'jenis-leave' | 'jenis-cuti';
const kindKey = (resource: KindResource) =>
  resource === 'jenis-leave' ? leaveKeys.jenisLeave() : leaveKeys.jenisCuti();

export const createJenisLeave = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: JenisLeaveCreateInput) => call(jenisLeave.create, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.jenisLeave() }),
  });

export const updateJenisLeave = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: ({ id, body }: { id: number; body: JenisLeaveUpdateInput }) =>
      call(jenisLeave.update, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.jenisLeave() }),
  });

export const createJenisCuti = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: JenisCutiInput) => call(jenisCuti.create, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.jenisCuti() }),
  });

export const updateJenisCuti = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: ({ id, body }: { id: number; body: JenisCutiInput }) =>
      call(jenisCuti.update, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.jenisCuti() }),
  });

/** The Active switch: refetched either way, so after a refusal it shows the stored state again. */
export const setKindStatus = (qc: QueryClient, resource: KindResource) =>
  mutationOptions({
    mutationFn: ({ id, status }: { id: number; status: boolean }) =>
      call(kindContracts[resource].status, { params: { id }, body: { status } }),
    onSettled: () => qc.invalidateQueries({ queryKey: kindKey(resource) }),
  });

export const deleteKind = (qc: QueryClient, resource: KindResource) =>
  mutationOptions({
    mutationFn: (id: number) => call(kindContracts[resource].remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: kindKey(resource) }),
  });
