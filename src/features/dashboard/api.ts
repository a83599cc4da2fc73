/**
 * The dashboard's calls (spec part 1 §7 "Dashboard"). Online only; the day's numbers refresh by
 * themselves every minute while the screen is open and the tab is visible (React Query pauses an
 * interval in a hidden tab), and at once when the tab comes back. The JSON reads call their contracts
 * (src/domain/dashboard/contracts.ts); the two .xlsx downloads are files, saved with saveApiFile.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { dashboardContracts as dash } from '../../domain/dashboard/contracts';
import type { AlertId } from '../../domain/dashboard/dashboard';
import { call } from '../../lib/call';
import { saveApiFile } from '../../lib/save-file';

export const REFRESH_MS = 60_000;
export const POSITIONS_MARK = 'dashboard:positions-received';
export const MAP_READY_MARK = 'dashboard:map-ready';

const live = { refetchInterval: REFRESH_MS, refetchIntervalInBackground: false, refetchOnWindowFocus: true } as const;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  kunjungan: (date: string) => ['dashboard', 'kunjungan', date] as const,
  activity: (date: string, lokasiId: string, q: string, page: number) =>
    ['dashboard', 'activity', date, lokasiId, q, page] as const,
  positions: (date: string) => ['dashboard', 'positions', date] as const,
  attention: (date: string) => ['dashboard', 'attention', date] as const,
  kontrak: (date: string) => ['dashboard', 'kontrak', date] as const,
  kontrakDetail: (date: string, lokasiId: string, alert: AlertId) =>
    ['dashboard', 'kontrak', date, lokasiId, alert] as const,
};

export const ACTIVITY_PAGE_SIZE = 50;

export const kunjunganSummaryQuery = (date: string) =>
  queryOptions({
    queryKey: dashboardKeys.kunjungan(date),
    queryFn: ({ signal }) => call(dash.kunjungan, { query: { date }, signal }).then((r) => r.result),
    ...live,
  });

export const activityQuery = (date: string, lokasiId: string, q: string, page: number) =>
  queryOptions({
    queryKey: dashboardKeys.activity(date, lokasiId, q, page),
    queryFn: ({ signal }) =>
      call(dash.activity, {
        query: { date, lokasi_id: lokasiId, q, page, per_page: ACTIVITY_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    ...live,
  });

/**
 * The map's markers with what their popups say, compact (decision 047): 10,000 of them are ~0.8 MB,
 * not 3 MB, and a popup opens without another call.
 */
export const positionsQuery = (date: string) =>
  queryOptions({
    queryKey: dashboardKeys.positions(date),
    queryFn: ({ signal }) =>
      call(dash.lastPosition, { query: { date }, signal }).then((r) => {
        // The map bench measures from here to the first drawn clusters (bench/dashboard-map.ts).
        performance.mark(POSITIONS_MARK);
        return r;
      }),
    ...live,
  });

export const attentionQuery = (date: string) =>
  queryOptions({
    queryKey: dashboardKeys.attention(date),
    queryFn: ({ signal }) => call(dash.attention, { query: { date }, signal }).then((r) => r.result),
    ...live,
  });

export const kontrakAlertQuery = (date: string) =>
  queryOptions({
    queryKey: dashboardKeys.kontrak(date),
    queryFn: ({ signal }) => call(dash.kontrakAlert, { query: { date }, signal }),
  });

export const kontrakDetailQuery = (date: string, lokasiId: string, alert: AlertId) =>
  queryOptions({
    queryKey: dashboardKeys.kontrakDetail(date, lokasiId, alert),
    queryFn: ({ signal }) =>
      call(dash.kontrakAlertDetail, {
        query: { date, lokasi_id: lokasiId, alert_id: alert },
        signal,
      }),
  });

export const exportActivity = (date: string) =>
  saveApiFile('/api/dashboard/activity/detail/export', `aktifitas_${date}.xlsx`, { date });

export const exportKontrakDetail = (date: string, lokasiId: string, alert: AlertId) =>
  saveApiFile('/api/dashboard/kontrak-alert/detail/excel', `kontrak_${lokasiId}_${alert}_${date}.xlsx`, {
    date,
    lokasi_id: lokasiId,
    alert_id: alert,
  });
