/**
 * Profile change requests: query keys, queryOptions and calls of /api/request, each by its contract
 * (src/domain/karyawan/request-contracts.ts) with call(). The employee's own list is persisted (read
 * offline on /profile, docs/guide.md §4); the approvers' list, an employee's history and a request's
 * detail are admin reads, online only. A request's PDF is a file, saved with saveApiFile.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { RequestSearch } from '../../../domain/karyawan/karyawan-search';
import type { ProfileRequestRow, RequestDecisionInput } from '../../../domain/karyawan/request';
import { requestContracts as requests } from '../../../domain/karyawan/request-contracts';
import { call } from '../../../lib/call';
import { saveApiFile } from '../../../lib/save-file';
import { karyawanKeys } from '../keys';

/** /karyawan/request: the status filter and paging in the address (domain/karyawan-search.ts). */
export {
  REQUEST_SEARCH_DEFAULTS,
  RequestSearchSchema,
  type RequestSearch,
} from '../../../domain/karyawan/karyawan-search';

/** Enough for any one employee's requests on one screen. */
const HISTORY_SIZE = 100;

export const requestKeys = {
  all: ['karyawan-request'] as const,
  own: (userid: string) => ['karyawan-request', 'own', userid] as const,
  list: (q: RequestSearch) => ['karyawan-request', 'list', q] as const,
  history: (nrp: string) => ['karyawan-request', 'history', nrp] as const,
  detail: (id: number) => ['karyawan-request', 'detail', id] as const,
};

/** The caller's own requests (newest first): shown from the cache at once, always asked again. */
export const ownRequestsQuery = (userid: string) =>
  queryOptions({
    queryKey: requestKeys.own(userid),
    queryFn: ({ signal }) => call(requests.own, { query: { per_page: HISTORY_SIZE }, signal }),
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

export const requestListQuery = (q: RequestSearch) =>
  queryOptions({
    queryKey: requestKeys.list(q),
    queryFn: ({ signal }) => call(requests.list, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** One employee's requests (the detail's Request Update Profile tab and its APPROVE button). */
export const requestHistoryQuery = (nrp: string) =>
  queryOptions({
    queryKey: requestKeys.history(nrp),
    queryFn: ({ signal }) => call(requests.history, { params: { nrp }, query: { per_page: HISTORY_SIZE }, signal }),
  });

export const requestDetailQuery = (id: number) =>
  queryOptions({
    queryKey: requestKeys.detail(id),
    queryFn: ({ signal }) => call(requests.detail, { params: { id }, signal }).then((a) => a.result),
    staleTime: 0,
  });

/**
 * Approve (Y) or reject (R) one request. Refetched when settled either way: a refusal may mean someone
 * else decided it meanwhile, so the lists must show what stands now; an approval also changed the
 * employee's record (and left a P2 posting item).
 */
export const decideRequest = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: RequestDecisionInput) => call(requests.decide, { body }),
    onSettled: (_answer, error) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: requestKeys.all }),
        error ? undefined : qc.invalidateQueries({ queryKey: karyawanKeys.all }),
      ]),
  });

/**
 * Approve the list's selected requests at once. Each is decided on its own on the server: the answer
 * lists which were approved and why any were not. Lists and records are refetched either way.
 */
export const approveRequests = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (ids: number[]) => call(requests.approveMany, { body: { ids } }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: requestKeys.all }),
        qc.invalidateQueries({ queryKey: karyawanKeys.all }),
      ]),
  });

/** Saves a request's PDF under the server's name. */
export const downloadRequest = (row: Pick<ProfileRequestRow, 'id' | 'nomor_registrasi'>): Promise<void> =>
  saveApiFile(`/api/request/karyawan/${row.id}/download`, `${row.nomor_registrasi}.pdf`);
