/**
 * The Store screens' calls (spec part 2 §7 "Stores"): list, detail, the form's writes, the upload with
 * its history, the export. Admin screens, online only; writes refresh the lists and the store lookups
 * other screens keep. The JSON calls go through their contracts (src/domain/store/contracts.ts, which
 * says why the upload and the export do not), the upload history too (storeUploadHistory).
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { uploadFile, type UploadProgress } from '../../components/upload/upload-request';
import { pathOf, type AnswerOf } from '../../domain/contract';
import { storeContracts as stores, storeUploadHistory as history } from '../../domain/store/contracts';
import type { StoreFormValues, StoreListQuery } from '../../domain/store/store';
import { call } from '../../lib/call';
import { refreshLookups } from '../../lib/lookup-meta';
import { saveApiFile } from '../../lib/save-file';

export const storeKeys = {
  all: ['store'] as const,
  lists: () => ['store', 'list'] as const,
  list: (q: StoreListQuery) => ['store', 'list', q] as const,
  detail: (id: string) => ['store', 'detail', id] as const,
  uploadLog: () => ['store', 'upload-log'] as const,
  uploadLogPage: (page: number) => ['store', 'upload-log', 'page', page] as const,
  uploadLogDetail: (id: number) => ['store', 'upload-log', 'detail', id] as const,
};

export const storeListQuery = (q: StoreListQuery) =>
  queryOptions({
    queryKey: storeKeys.list(q),
    queryFn: ({ signal }) => call(stores.list, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const storeDetailQuery = (id: string) =>
  queryOptions({
    queryKey: storeKeys.detail(id),
    queryFn: ({ signal }) => call(stores.detail, { params: { id }, signal }).then((r) => r.result),
  });

const refresh = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: storeKeys.lists() }),
    // Every store picker of other screens (the employee's store, the matrix and plan store searches).
    refreshLookups(qc, 'store'),
  ]);

export const createStore = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: StoreFormValues) => call(stores.create, { body }),
    onSuccess: () => refresh(qc),
  });

export const updateStore = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: (body: StoreFormValues) => call(stores.update, { params: { id }, body }),
    onSuccess: () => Promise.all([refresh(qc), qc.invalidateQueries({ queryKey: storeKeys.detail(id) })]),
  });

export const deleteStore = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: () => call(stores.remove, { params: { id } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: storeKeys.detail(id) });
      return refresh(qc);
    },
  });

export const storeUploadLogQuery = (page: number) =>
  queryOptions({
    queryKey: storeKeys.uploadLogPage(page),
    queryFn: ({ signal }) => call(history.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const storeUploadLogDetailQuery = (id: number) =>
  queryOptions({
    queryKey: storeKeys.uploadLogDetail(id),
    queryFn: ({ signal }) => call(history.detail, { params: { id }, signal }).then((a) => a.result),
  });

/** The upload (with progress, hence XMLHttpRequest, not call()): the history and the lists refetch. */
export const uploadStores = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) =>
      uploadFile<AnswerOf<typeof stores.upload>>(pathOf(stores.upload), file, onProgress),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: storeKeys.uploadLog() }), refresh(qc)]),
  });

/** Saves the export under the server's name (store_YYYY-MM-DD.xlsx). */
export const exportStores = (): Promise<void> => saveApiFile('/api/store/export/excel', 'store.xlsx');

export const STORE_TEMPLATE_URL = '/template/download/store/store_template.xlsx';
