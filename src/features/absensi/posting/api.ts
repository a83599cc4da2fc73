/**
 * The posting screen's calls (spec part 2 §7 "Attendance"): a period's summary, the records that
 * arrived after its posting, and the posting itself, which refreshes both.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PeriodSummaryQuery } from '../../../domain/absensi/absensi-summary';
import { postingContracts as posting } from '../../../domain/absensi/contracts';
import { call } from '../../../lib/call';

export const postingKeys = {
  all: ['absensi-posting'] as const,
  period: (id: string) => ['absensi-posting', id] as const,
  summary: (id: string, q: PeriodSummaryQuery) => ['absensi-posting', id, 'summary', q] as const,
  afterPosting: (id: string, q: PeriodSummaryQuery) => ['absensi-posting', id, 'after-posting', q] as const,
};

export const periodSummaryQuery = (id: string, q: PeriodSummaryQuery) =>
  queryOptions({
    queryKey: postingKeys.summary(id, q),
    queryFn: ({ signal }) => call(posting.periodSummary, { params: { id }, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const afterPostingQuery = (id: string, q: PeriodSummaryQuery) =>
  queryOptions({
    queryKey: postingKeys.afterPosting(id, q),
    queryFn: ({ signal }) => call(posting.afterPosting, { params: { id }, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** `belum_berakhir`: the period has not ended and HR said to post it anyway (the screen asked first). */
export const postPeriod = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: { period_id: string; belum_berakhir: boolean }) => call(posting.post, { body }),
    onSuccess: (_answer, body) => qc.invalidateQueries({ queryKey: postingKeys.period(body.period_id) }),
  });
