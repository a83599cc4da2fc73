/**
 * "Perlu Ditinjau" calls (issue 28, docs/decisions/035): the queue, one item with the photos its photos
 * resemble, and a decision. Back-office, online only; a decision refreshes the queue and the dashboard.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TinjauDecisionInput, TinjauItem, TinjauListQuery } from '../../../domain/absensi/tinjau';
import { tinjauContracts as tinjau } from '../../../domain/absensi/tinjau-contracts';
import { call } from '../../../lib/call';

export const tinjauKeys = {
  all: ['tinjau'] as const,
  list: (q: TinjauListQuery) => ['tinjau', 'list', q] as const,
  detail: (id: string) => ['tinjau', 'detail', id] as const,
};

export const tinjauListQuery = (q: TinjauListQuery) =>
  queryOptions({
    queryKey: tinjauKeys.list(q),
    queryFn: ({ signal }) => call(tinjau.list, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const tinjauDetailQuery = (id: string) =>
  queryOptions({
    queryKey: tinjauKeys.detail(id),
    queryFn: ({ signal }) => call(tinjau.detail, { params: { id }, signal }).then((a) => a.result),
  });

export const decideTinjau = (qc: QueryClient, item: Pick<TinjauItem, 'id'>) =>
  mutationOptions({
    mutationFn: (body: TinjauDecisionInput) => call(tinjau.decide, { params: { id: item.id }, body }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: tinjauKeys.all }),
        qc.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
