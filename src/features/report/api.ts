/**
 * The attendance reports' calls (spec part 2 §7 "Reports"): the three pages and their .xlsx exports,
 * named by the server's content-disposition. Admin screens, online only. The JSON reads call their
 * contracts (src/domain/report/contracts.ts); the exports and the PDF are files, saved with saveApiFile.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BuktiKunjunganQuery } from '../../domain/report/bukti-kunjungan';
import { reportContracts as reports } from '../../domain/report/contracts';
import type { ReportAbsensiFilter, ReportAbsensiQuery } from '../../domain/report/report-absensi';
import { call } from '../../lib/call';
import { saveApiFile } from '../../lib/save-file';

export type ReportKind = 'absensi-detail' | 'absensi-summary' | 'absensi-summary-daily';

export const reportKeys = {
  all: ['report'] as const,
  page: (kind: ReportKind, q: ReportAbsensiQuery) => ['report', kind, q] as const,
  bukti: (q: BuktiKunjunganQuery) => ['report', 'bukti-kunjungan', q] as const,
};

export const reportDetailQuery = (q: ReportAbsensiQuery) =>
  queryOptions({
    queryKey: reportKeys.page('absensi-detail', q),
    queryFn: ({ signal }) => call(reports.detail, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const reportSummaryQuery = (q: ReportAbsensiQuery) =>
  queryOptions({
    queryKey: reportKeys.page('absensi-summary', q),
    queryFn: ({ signal }) => call(reports.summary, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const reportDailyQuery = (q: ReportAbsensiQuery) =>
  queryOptions({
    queryKey: reportKeys.page('absensi-summary-daily', q),
    queryFn: ({ signal }) => call(reports.daily, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** Downloads a report's .xlsx under the server's file name. */
export const downloadReport = (kind: ReportKind, filter: ReportAbsensiFilter): Promise<void> =>
  saveApiFile(`/api/report/${kind}/export`, `${kind}-${filter.period}.xlsx`, { ...filter });

/** Laporan Bukti Kunjungan: one client's planned visits of a period per store × SPG (every row at once). */
export const buktiKunjunganQuery = (q: BuktiKunjunganQuery) =>
  queryOptions({
    queryKey: reportKeys.bukti(q),
    queryFn: ({ signal }) => call(reports.bukti, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** Downloads Laporan Bukti Kunjungan as .xlsx (with the evidence sheet) or as the PDF for the client. */
export const downloadBukti = (format: 'xlsx' | 'pdf', q: BuktiKunjunganQuery): Promise<void> =>
  saveApiFile(
    `/api/report/bukti-kunjungan/${format === 'pdf' ? 'pdf' : 'export'}`,
    `bukti-kunjungan-${q.client_id}-${q.period}.${format}`,
    { ...q },
  );
