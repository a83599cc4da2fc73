/**
 * The employee area's reads and writes: query keys, queryOptions and the calls of /api/karyawan, each
 * by its contract (src/domain/karyawan/contracts.ts) with call(). Mutations are factories that own what
 * they refresh; screens add only their toast. Admin screens, online only: nothing here is persisted for
 * offline use. The files (documents, the payroll feed) are saved with saveApiFile: a contract answers JSON.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { NewPasswordPairInput } from '../../domain/auth/password-policy';
import {
  karyawanContracts as karyawan,
  karyawanLifecycleContracts as lifecycle,
} from '../../domain/karyawan/contracts';
import type { PostingKey, RenewInput, ResignFormValues } from '../../domain/karyawan/karyawan-lifecycle';
import type { KaryawanSearch, PostingSearch } from '../../domain/karyawan/karyawan-search';
import { call } from '../../lib/call';
import { karyawanKeys } from './keys';
import { refreshLookups } from '../../lib/lookup-meta';
import { saveApiFile } from '../../lib/save-file';
import { session } from '../../lib/session';

// ---------------------------------------------------------------- URL search of the screens

export {
  DetailSearchSchema,
  KARYAWAN_SEARCH_DEFAULTS,
  KaryawanSearchSchema,
  POSTING_SEARCH_DEFAULTS,
  PostingSearchSchema,
  type KaryawanSearch,
  type PostingSearch,
} from '../../domain/karyawan/karyawan-search';

// ---------------------------------------------------------------- reads

export { karyawanKeys };

export const karyawanListQuery = (resigned: boolean, q: KaryawanSearch) =>
  queryOptions({
    queryKey: karyawanKeys.list(resigned, q),
    queryFn: ({ signal }) => call(karyawan.list, { query: { ...q, resigned: resigned ? 1 : 0 }, signal }),
    placeholderData: keepPreviousData,
  });

export const karyawanDetailQuery = (nrp: string) =>
  queryOptions({
    queryKey: karyawanKeys.detail(nrp),
    queryFn: ({ signal }) => call(karyawan.detail, { params: { id: nrp }, signal }).then((a) => a.result),
  });

export const postingListQuery = (q: PostingSearch) =>
  queryOptions({
    queryKey: karyawanKeys.postingList(q),
    queryFn: ({ signal }) => call(lifecycle.postingList, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const postingStatusQuery = (nrp: string) =>
  queryOptions({
    queryKey: karyawanKeys.postingStatus(nrp),
    queryFn: ({ signal }) => call(karyawan.postingStatus, { params: { id: nrp }, signal }).then((a) => a.result),
  });

/** The discretionary amount proposed for a resignation date (the resign dialog asks as the date changes). */
export const fetchResignDetail = (nrp: string, tgl_p3: string) =>
  call(lifecycle.resignDetail, { params: { nrp }, query: { tgl_p3 } }).then((a) => a.result);

// ---------------------------------------------------------------- writes: each refreshes what shows it

/** This area's reads, and the employee pickers of other screens (plans, attendance, leave, news). */
const refreshAll = (qc: QueryClient) =>
  Promise.all([qc.invalidateQueries({ queryKey: karyawanKeys.all }), refreshLookups(qc, 'karyawan')]);

export const createKaryawan = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (form: FormData) => call(karyawan.create, { form }),
    onSuccess: () => refreshAll(qc),
  });

export const updateKaryawan = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: (form: FormData) => call(karyawan.update, { params: { id: nrp }, form }),
    onSuccess: () => refreshAll(qc),
  });

/** The deleted employee's detail goes from the cache; the lists are refetched. */
export const deleteKaryawan = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: () => call(karyawan.remove, { params: { id: nrp } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: karyawanKeys.detail(nrp) });
      return Promise.all([qc.invalidateQueries({ queryKey: karyawanKeys.lists() }), refreshLookups(qc, 'karyawan')]);
    },
  });

/** The login account changes, nothing this area shows: no refresh. */
export const resetKaryawanPassword = () =>
  mutationOptions({
    mutationFn: (nrp: string) => call(karyawan.resetPassword, { params: { nrp } }),
  });

export const changeKaryawanPassword = (nrp: string) =>
  mutationOptions({
    mutationFn: (body: NewPasswordPairInput) => call(karyawan.changePassword, { params: { nrp }, body }),
  });

export const renewKontrak = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: RenewInput) => call(lifecycle.renew, { body }),
    onSuccess: () => refreshAll(qc),
  });

/**
 * A new resignation (PUT …/resign) or a change to one (PUT …/edit-resign), as the dialog holds it. The
 * discretionary amount is a key the body must carry (the form always holds it; its type says optional).
 */
export const saveResign = (qc: QueryClient, isNew: boolean) =>
  mutationOptions({
    mutationFn: ({ nrp, body: values }: { nrp: string; body: ResignFormValues }) => {
      const body = { ...values, u_kebijaksanaan: values.u_kebijaksanaan };
      return isNew
        ? call(lifecycle.resign, { params: { nrp }, body })
        : call(lifecycle.editResign, { params: { nrp }, body });
    },
    onSuccess: () => refreshAll(qc),
  });

export const cancelResign = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (nrp: string) => call(lifecycle.cancelResign, { params: { nrp } }),
    onSuccess: () => refreshAll(qc),
  });

const refreshPosting = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: karyawanKeys.posting() }),
    qc.invalidateQueries({ queryKey: karyawanKeys.lists() }),
  ]);

const postKeys = (keys: PostingKey[]) => call(lifecycle.post, { body: keys.length === 1 ? keys[0]! : keys });

export const postItems = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (items: PostingKey[]) =>
      postKeys(items.map((i) => ({ nrp: i.nrp, jenis_trn: i.jenis_trn, tgl_jam_trn: i.tgl_jam_trn }))),
    onSuccess: () => refreshPosting(qc),
  });

/** POSTING on the detail: every open item of the employee, read fresh at the moment of the click. */
export const postPending = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: async () => {
      const status = await qc.fetchQuery({ ...postingStatusQuery(nrp), staleTime: 0 });
      return postKeys(
        status.items
          .filter((i) => i.status === 'open')
          .map((i) => ({ nrp: i.nrp, jenis_trn: i.jenis_trn, tgl_jam_trn: i.tgl_jam_trn })),
      );
    },
    onSuccess: () => refreshPosting(qc),
  });

/** The payroll feed: the posted items download as CSV and become completed. */
export const exportPosting = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: () => download('/api/karyawan/posting/export?status=posted', 'posting-karyawan.csv'),
    onSuccess: () => refreshPosting(qc),
  });

/** Saves a file answer under the server's name (downloads of documents and the payroll export). */
export const download = (url: string, fallbackName: string): Promise<void> => saveApiFile(url, fallbackName);

/** Route loaders warm the cache only when the request can succeed (online, permitted). */
export function mayPrefetch(permission: string): boolean {
  return navigator.onLine && !!session.get()?.user.permissions.includes(permission);
}
