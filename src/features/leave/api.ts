/**
 * Leave reads and writes. What a field employee or a team leader needs offline (the kinds, the own
 * list, counts, the cuti balance, the visit plan of the form, the approval queue) is persisted; the
 * report and the kind administration are online-only.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ApprovalQueueRow,
  ApprovalTabStatus,
  CutiBalance,
  JenisCutiRow,
  JenisLeaveRow,
  LeaveCountKind,
  LeaveListQuery,
  LeaveReportQuery,
  LeaveRow,
  LeaveType,
  VisitDays,
} from '../../domain/leave';
import type { ListAnswer } from '../../domain/list-query';
import { api } from '../../lib/http';

const LOOKUP_STALE_MS = 60 * 60 * 1000;

export type OwnListFilter = Pick<LeaveListQuery, 'startDate' | 'endDate' | 'status' | 'period_id'> & {
  jenis: number;
  page: number;
};

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

/** Every kind (the admin screen filters nothing; forms keep the active ones). */
export const jenisLeaveQuery = () =>
  queryOptions({
    queryKey: leaveKeys.jenisLeave(),
    queryFn: ({ signal }) =>
      api<ListAnswer<JenisLeaveRow>>('/api/jenis-leave', { query: { per_page: 1000 }, signal }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: { persist: true },
  });

export const jenisCutiQuery = () =>
  queryOptions({
    queryKey: leaveKeys.jenisCuti(),
    queryFn: ({ signal }) =>
      api<ListAnswer<JenisCutiRow>>('/api/jenis-cuti', { query: { per_page: 1000 }, signal }).then((a) => a.result),
    staleTime: LOOKUP_STALE_MS,
    meta: { persist: true },
  });

export const leaveTypesQuery = () =>
  queryOptions({
    queryKey: leaveKeys.types(),
    queryFn: ({ signal }) =>
      api<{ result: { type: LeaveType; label: string }[] }>('/api/jenis-leave/type/leave', { signal }).then(
        (a) => a.result,
      ),
    staleTime: LOOKUP_STALE_MS,
  });

export const OWN_PAGE_SIZE = 10;

export const ownLeaveQuery = (userid: string, f: OwnListFilter) =>
  queryOptions({
    queryKey: leaveKeys.own(userid, f),
    queryFn: ({ signal }) =>
      api<ListAnswer<LeaveRow>>('/api/leave/karyawan/get', {
        method: 'POST',
        body: { ...f, per_page: OWN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Shown from the cache at once, and always asked again: an approver may have decided meanwhile.
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

export const leaveCountQuery = (userid: string, kind: LeaveCountKind, jenis: number | 'all') =>
  queryOptions({
    queryKey: leaveKeys.count(userid, kind, jenis),
    queryFn: ({ signal }) =>
      api<{ result: number }>(`/api/count/leave/${kind}/${jenis}`, { signal }).then((a) => a.result),
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** nrp '' = the caller. */
export const cutiBalanceQuery = (userid: string, nrp: string, tahun: number) =>
  queryOptions({
    queryKey: leaveKeys.balance(userid, nrp, tahun),
    queryFn: ({ signal }) =>
      api<{ result: CutiBalance }>('/api/leave/cuti/sisa', { query: { nrp: nrp || undefined, tahun }, signal }).then(
        (a) => a.result,
      ),
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** The employee's visit plan of a period (karyawan '' = the caller, spec §6 "employee 0"). */
export const visitDaysQuery = (userid: string, nrp: string, period: string) =>
  queryOptions({
    queryKey: leaveKeys.visits(userid, nrp, period),
    queryFn: ({ signal }) =>
      api<{ result: VisitDays }>('/api/leave/visit/list', {
        query: { period_id: period, karyawan: nrp || '0' },
        signal,
      }).then((a) => a.result),
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** The approver's queue: persisted, so a team leader can decide on a tablet without a signal. */
export const approvalQueueQuery = (userid: string, status: ApprovalTabStatus, page: number, perPage: number) =>
  queryOptions({
    queryKey: leaveKeys.queue(userid, status, page),
    queryFn: ({ signal }) =>
      api<ListAnswer<ApprovalQueueRow>>(`/api/leave/approval/${status}`, {
        query: { page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

export const leaveDetailQuery = (id: number) =>
  queryOptions({
    queryKey: leaveKeys.detail(id),
    queryFn: ({ signal }) => api<{ result: LeaveRow }>(`/api/leave/${id}`, { signal }).then((a) => a.result),
  });

export const leaveReportQuery = (q: LeaveReportQuery) =>
  queryOptions({
    queryKey: leaveKeys.report(q),
    queryFn: ({ signal }) => api<ListAnswer<LeaveRow>>('/api/leave/admin/report', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    enabled: !!q.period,
  });

export const karyawanOptionsQuery = (q: string) =>
  queryOptions({
    queryKey: leaveKeys.karyawan(q),
    queryFn: ({ signal }) =>
      api<ListAnswer<{ nrp: string; nama: string }>>('/api/leave/karyawan/options', { query: { q }, signal }).then(
        (a) => a.result,
      ),
    staleTime: 60_000,
  });

type Message = { message: string };

export const deleteLeave = (id: number) => api<Message>(`/api/leave/${id}`, { method: 'DELETE' });

export type KindResource = 'jenis-leave' | 'jenis-cuti';
export const createKind = (resource: KindResource, body: unknown) =>
  api<Message>(`/api/${resource}`, { method: 'POST', body });
export const updateKind = (resource: KindResource, id: number, body: unknown) =>
  api<Message>(`/api/${resource}/${id}`, { method: 'PUT', body });
export const setKindStatus = (resource: KindResource, id: number, status: boolean) =>
  api<Message>(`/api/${resource}/status/${id}`, { method: 'PUT', body: { status } });
export const deleteKind = (resource: KindResource, id: number) =>
  api<Message>(`/api/${resource}/${id}`, { method: 'DELETE' });
