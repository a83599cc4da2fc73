/**
 * "Perlu Ditinjau" calls (issue 28, docs/decisions/035): the queue, one item with the photos its photos
 * resemble, and a decision. Back-office, online only; a decision refreshes the queue and the dashboard.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  TinjauDetailAnswerSchema,
  TinjauItemSchema,
  TinjauListAnswerSchema,
  type TinjauDecision,
  type TinjauItem,
  type TinjauListQuery,
} from '../../../domain/absensi/tinjau';
import { api } from '../../../lib/http';

export const tinjauKeys = {
  all: ['tinjau'] as const,
  list: (q: TinjauListQuery) => ['tinjau', 'list', q] as const,
  detail: (id: string) => ['tinjau', 'detail', id] as const,
};

export const tinjauListQuery = (q: TinjauListQuery) =>
  queryOptions({
    queryKey: tinjauKeys.list(q),
    queryFn: ({ signal }) => api('/api/absensi/tinjau', { answer: TinjauListAnswerSchema, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const tinjauDetailQuery = (id: string) =>
  queryOptions({
    queryKey: tinjauKeys.detail(id),
    queryFn: ({ signal }) =>
      api(`/api/absensi/tinjau/${encodeURIComponent(id)}`, { answer: TinjauDetailAnswerSchema, signal }).then(
        (a) => a.result,
      ),
  });

const DecisionAnswerSchema = v.object({ message: v.string(), result: TinjauItemSchema });

export const decideTinjau = (qc: QueryClient, item: Pick<TinjauItem, 'id'>) =>
  mutationOptions({
    mutationFn: (body: TinjauDecision) =>
      api(`/api/absensi/tinjau/${encodeURIComponent(item.id)}`, {
        method: 'POST',
        body,
        answer: DecisionAnswerSchema,
      }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: tinjauKeys.all }),
        qc.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
