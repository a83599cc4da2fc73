/**
 * Koreksi Absensi reads: her own requests (persisted: the phone shows their state offline) and the
 * approver's queue (persisted like the leave queue: a team leader decides on a tablet without a signal).
 * Filing and deciding go through the outbox (outbox.ts).
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { koreksiContracts as koreksi } from '../../../domain/absensi/koreksi-contracts';
import type { KoreksiApprovalTab } from '../../../domain/absensi/koreksi-search';
import { call } from '../../../lib/call';
import { apiFile } from '../../../lib/http';

export const KOREKSI_PER_PAGE = 20;

export const koreksiKeys = {
  user: (userid: string) => ['koreksi', userid] as const,
  own: (userid: string) => ['koreksi', userid, 'own'] as const,
  queue: (userid: string, tab: KoreksiApprovalTab, page: number) => ['koreksi', userid, 'queue', tab, page] as const,
  foto: (id: number) => ['koreksi', 'foto', id] as const,
};

/** Her own requests, newest first (the 50 latest: a week's corrections are a handful). */
export const ownKoreksiQuery = (userid: string) =>
  queryOptions({
    queryKey: koreksiKeys.own(userid),
    queryFn: ({ signal }) => call(koreksi.list, { query: { status: 'all', mine: '1', per_page: 50 }, signal }),
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

export const koreksiQueueQuery = (userid: string, tab: KoreksiApprovalTab, page: number) =>
  queryOptions({
    queryKey: koreksiKeys.queue(userid, tab, page),
    queryFn: ({ signal }) => call(koreksi.list, { query: { status: tab, page, per_page: KOREKSI_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { persist: true },
    networkMode: 'offlineFirst',
  });

/** A request's photo through an object URL (the route checks who may see it). */
export const koreksiFotoQuery = (id: number) =>
  queryOptions({
    queryKey: koreksiKeys.foto(id),
    queryFn: async ({ signal }) => {
      const { blob } = await apiFile(`/api/absensi/koreksi/${id}/foto`, { signal });
      return URL.createObjectURL(blob);
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

export const refreshKoreksi = (qc: QueryClient, userid: string) =>
  qc.invalidateQueries({ queryKey: koreksiKeys.user(userid) });
