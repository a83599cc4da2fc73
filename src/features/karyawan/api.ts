/**
 * The employee area's reads and writes: query keys, queryOptions and the calls of /api/karyawan.
 * Admin screens, online only: nothing here is persisted for offline use.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import type { KaryawanDetail, KaryawanRow } from '../../domain/karyawan';
import type { PostingKey, PostingRow, PostingStatus, RenewInput, ResignInput } from '../../domain/karyawan-lifecycle';
import { KaryawanSortSchema } from '../../domain/karyawan';
import { POSTING_STATUSES } from '../../domain/karyawan-lifecycle';
import { DEFAULT_PAGE_SIZE, ListQuerySchema, type ListAnswer } from '../../domain/list-query';
import type { NewPasswordPairInput } from '../../domain/password-policy';
import type { PasswordResetAnswer } from '../../domain/users';
import { api, apiFile } from '../../lib/http';

// ---------------------------------------------------------------- URL search of the screens

const { page, per_page } = ListQuerySchema.entries;
const qText = v.fallback(
  // The router reads `?q=26000001` as a number.
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100)), ''),
  '',
);

/** /karyawan and /karyawan/resign/new: page, per_page, q and sort in the address; bad values fall back. */
export const KaryawanSearchSchema = v.object({
  page: v.fallback(page, 1),
  per_page: v.fallback(per_page, DEFAULT_PAGE_SIZE),
  q: qText,
  sort: v.fallback(KaryawanSortSchema, ''),
});
export type KaryawanSearch = v.InferOutput<typeof KaryawanSearchSchema>;
export const KARYAWAN_SEARCH_DEFAULTS: KaryawanSearch = v.parse(KaryawanSearchSchema, {});

/** /karyawan/posting: the status filter besides paging. */
export const PostingSearchSchema = v.object({
  page: v.fallback(page, 1),
  per_page: v.fallback(per_page, DEFAULT_PAGE_SIZE),
  status: v.fallback(v.optional(v.picklist(POSTING_STATUSES), 'open'), 'open'),
});
export type PostingSearch = v.InferOutput<typeof PostingSearchSchema>;
export const POSTING_SEARCH_DEFAULTS: PostingSearch = v.parse(PostingSearchSchema, {});

/** The detail opened from the resigned list is read-only (spec §2). */
export const DetailSearchSchema = v.object({
  from: v.fallback(v.optional(v.picklist(['resign'])), undefined),
});

// ---------------------------------------------------------------- reads

export const karyawanKeys = {
  all: ['karyawan'] as const,
  lists: () => ['karyawan', 'list'] as const,
  list: (resigned: boolean, q: KaryawanSearch) => ['karyawan', 'list', resigned ? 'resigned' : 'active', q] as const,
  detail: (nrp: string) => ['karyawan', 'detail', nrp] as const,
  posting: () => ['karyawan', 'posting'] as const,
  postingList: (q: PostingSearch) => ['karyawan', 'posting', 'list', q] as const,
  postingStatus: (nrp: string) => ['karyawan', 'posting', 'status', nrp] as const,
  photo: (name: string) => ['karyawan', 'photo', name] as const,
};

export const karyawanListQuery = (resigned: boolean, q: KaryawanSearch) =>
  queryOptions({
    queryKey: karyawanKeys.list(resigned, q),
    queryFn: ({ signal }) =>
      api<ListAnswer<KaryawanRow>>('/api/karyawan', { query: { ...q, resigned: resigned ? 1 : 0 }, signal }),
    placeholderData: keepPreviousData,
  });

const path = (nrp: string) => `/api/karyawan/${encodeURIComponent(nrp)}`;

export const karyawanDetailQuery = (nrp: string) =>
  queryOptions({
    queryKey: karyawanKeys.detail(nrp),
    queryFn: ({ signal }) => api<{ result: KaryawanDetail }>(path(nrp), { signal }).then((a) => a.result),
  });

export const postingListQuery = (q: PostingSearch) =>
  queryOptions({
    queryKey: karyawanKeys.postingList(q),
    queryFn: ({ signal }) => api<ListAnswer<PostingRow>>('/api/karyawan/posting/list', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export interface PostingStatusAnswer {
  pending: boolean;
  status: PostingStatus | null;
  items: PostingRow[];
}

export const postingStatusQuery = (nrp: string) =>
  queryOptions({
    queryKey: karyawanKeys.postingStatus(nrp),
    queryFn: ({ signal }) =>
      api<{ result: PostingStatusAnswer }>(`${path(nrp)}/posting/status`, { signal }).then((a) => a.result),
  });

/** A stored photo, fetched with the session (the URL needs it) and shown through an object URL. */
export const photoQuery = (name: string) =>
  queryOptions({
    queryKey: karyawanKeys.photo(name),
    queryFn: async ({ signal }) => {
      const { blob } = await apiFile(`/uploads/photo/${encodeURIComponent(name)}`, { signal });
      return URL.createObjectURL(blob);
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

export interface ResignDetailAnswer {
  u_kebijaksanaan: number;
  u_kebijaksanaan_desc: string;
  masa_kerja_bulan: number;
}

export const fetchResignDetail = (nrp: string, tgl_p3: string) =>
  api<{ result: ResignDetailAnswer }>(`${path(nrp)}/resign-detail`, { query: { tgl_p3 } }).then((a) => a.result);

// ---------------------------------------------------------------- writes

type Message = { message: string };

export const createKaryawan = (body: FormData) =>
  api<Message & { result: { nrp: string } }>('/api/karyawan', { method: 'POST', body });

export const updateKaryawan = (nrp: string, body: FormData) => api<Message>(path(nrp), { method: 'PUT', body });

export const deleteKaryawan = (nrp: string) => api<Message>(path(nrp), { method: 'DELETE' });

export const resetKaryawanPassword = (nrp: string) =>
  api<PasswordResetAnswer>(`${path(nrp)}/reset-password`, { method: 'POST' });

export const changeKaryawanPassword = (nrp: string, body: NewPasswordPairInput) =>
  api<Message>(`${path(nrp)}/change-password`, { method: 'POST', body });

export const renewKontrak = (body: RenewInput) => api<Message>('/api/karyawan/kontrak/renew', { method: 'POST', body });

export const resignKaryawan = (nrp: string, body: ResignInput) =>
  api<Message>(`${path(nrp)}/resign`, { method: 'PUT', body });

export const editResign = (nrp: string, body: ResignInput) =>
  api<Message>(`${path(nrp)}/edit-resign`, { method: 'PUT', body });

export const cancelResign = (nrp: string) => api<Message>(`${path(nrp)}/resign`, { method: 'DELETE' });

export const postItems = (keys: PostingKey[]) =>
  api<Message>('/api/karyawan/posting', { method: 'PUT', body: keys.length === 1 ? keys[0] : keys });

/** Saves a file answer under the server's name (downloads of documents and the payroll export). */
export async function download(url: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiFile(url);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
