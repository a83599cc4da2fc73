/**
 * News query keys, apart from the calls: the bottom navigation's unread badge reads the phone's copy by
 * its key alone, so the first bundle carries neither the schemas nor the calls (budget: docs/guide.md §13).
 */
import type { NewsFieldsInput, NewsListQuery, NewsReadersQuery } from '../../domain/news/news';

export type AudienceQuery = Pick<
  NewsFieldsInput,
  'kode_prsh' | 'kode_lokasi' | 'client' | 'sales_office' | 'type_spg' | 'nrp'
>;

export const newsKeys = {
  all: ['news'] as const,
  lists: () => ['news', 'list'] as const,
  list: (q: NewsListQuery) => ['news', 'list', q] as const,
  detail: (id: number) => ['news', 'detail', id] as const,
  options: () => ['news', 'options'] as const,
  readers: (id: number, q: NewsReadersQuery) => ['news', 'readers', id, q] as const,
  audience: (a: AudienceQuery) => ['news', 'audience', a] as const,
  karyawan: (q: string, kodePrsh: string) => ['news', 'karyawan', q, kodePrsh] as const,
  mine: (userid: string) => ['news', 'mine', userid] as const,
};

/**
 * How the phone keeps its copy of her news: the Info screen's query and the unread badge's cache observer
 * both use it, so neither changes how long the copy stays fresh or whether it is persisted.
 */
export const MY_NEWS_CACHE = { staleTime: 5 * 60_000, meta: { persist: true } } as const;
