/**
 * News calls. The editor's screens are online-only (list, item with its option lists, the audience
 * preview, who has read it, multipart writes). The phone's own items are a persisted query, so Info
 * reads offline once fetched; opening an item goes through the outbox (outbox.ts).
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { newsContracts as news } from '../../domain/news/contracts';
import type { MyNewsAnswer, NewsFieldsInput, NewsListQuery, NewsReadersQuery } from '../../domain/news/news';
import { call } from '../../lib/call';
import { lookupMeta } from '../../lib/lookup-meta';
import { MY_NEWS_CACHE, newsKeys, type AudienceQuery } from './keys';

export const newsListQuery = (q: NewsListQuery) =>
  queryOptions({
    queryKey: newsKeys.list(q),
    queryFn: ({ signal }) => call(news.list, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const newsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: newsKeys.detail(id),
    queryFn: ({ signal }) => call(news.detail, { params: { id }, signal }),
  });

export const newsOptionsQuery = () =>
  queryOptions({
    queryKey: newsKeys.options(),
    queryFn: ({ signal }) => call(news.options, { signal }).then((a) => a.selectOptions),
    staleTime: 5 * 60_000,
  });

export const newsReadersQuery = (id: number, q: NewsReadersQuery) =>
  queryOptions({
    queryKey: newsKeys.readers(id, q),
    queryFn: ({ signal }) => call(news.readers, { params: { id }, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const audienceCountQuery = (a: AudienceQuery) =>
  queryOptions({
    queryKey: newsKeys.audience(a),
    queryFn: ({ signal }) => call(news.audienceCount, { query: { ...a }, signal }).then((r) => r.result.count),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });

export const newsKaryawanQuery = (q: string, kodePrsh: string) =>
  queryOptions({
    queryKey: newsKeys.karyawan(q, kodePrsh),
    queryFn: ({ signal }) =>
      call(news.karyawan, { query: { q, kode_prsh: kodePrsh, per_page: 20 }, signal }).then((a) => a.result),
    placeholderData: (previous) => previous,
    // An employee saved elsewhere shows here at once (src/lib/lookup-meta.ts).
    meta: lookupMeta('karyawan'),
  });

/** Her news as the server answers it now (the Info screen, the phone's copy of the day, the unread badge). */
export const fetchMyNews = (signal?: AbortSignal): Promise<MyNewsAnswer> => call(news.mine, { signal });

/** The phone's own items (addressed to her, valid today): persisted for offline reading. */
export const myNewsQuery = (userid: string) =>
  queryOptions({
    queryKey: newsKeys.mine(userid),
    queryFn: ({ signal }) => fetchMyNews(signal),
    ...MY_NEWS_CACHE,
  });

/** The form as multipart: the fields as text (lists comma-joined), the compressed photo as `foto`. */
export function newsFormData(fields: NewsFieldsInput, foto: File | null): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, v);
  if (foto) f.append('foto', foto, foto.name);
  return f;
}

const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: newsKeys.lists() });

export const createNews = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (form: FormData) => call(news.create, { form }),
    onSuccess: () => refresh(qc),
  });

export const updateNews = (qc: QueryClient, id: number) =>
  mutationOptions({
    mutationFn: (form: FormData) => call(news.update, { params: { id }, form }),
    onSuccess: () =>
      Promise.all([
        refresh(qc),
        qc.invalidateQueries({ queryKey: newsKeys.detail(id) }),
        qc.invalidateQueries({ queryKey: ['news', 'readers', id] }),
      ]),
  });

export const deleteNews = (qc: QueryClient, id: number) =>
  mutationOptions({
    mutationFn: () => call(news.remove, { params: { id } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: newsKeys.detail(id) });
      return refresh(qc);
    },
  });
