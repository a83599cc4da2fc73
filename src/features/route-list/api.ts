/**
 * The route-list area's calls: the list, one route list, its matrix, the form's writes, the matrix
 * edits, the upload with its history and the per-row download. Admin screens, online only: nothing
 * here is persisted for offline use. Every write that adds, renames or removes a route list refreshes the
 * route-list pickers of every screen (src/lib/lookup-meta.ts).
 *
 * The area's endpoints, the upload history among them, are called by their contracts
 * (src/domain/route-list/contracts.ts) with `call()`; the store picker (the store area's list) still uses
 * `api()`, and the downloads `saveApiFile`.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { uploadFile, type UploadProgress } from '../../components/upload/upload-request';
import { pathOf, type AnswerOf } from '../../domain/contract';
import { MATRIX_KEYS, type MatrixFlags, type MatrixKey } from '../../domain/route-list/matrix-kunjungan';
import {
  matrixContracts as matrix,
  routeListContracts as rl,
  routeListUploadHistory,
} from '../../domain/route-list/contracts';
import type { RouteListCreateInput, RouteListQuery } from '../../domain/route-list/route-list';
import { storeContracts } from '../../domain/store/contracts';
import { call } from '../../lib/call';
import { lookupMeta, refreshLookups } from '../../lib/lookup-meta';
import { saveApiFile } from '../../lib/save-file';

export const routeListKeys = {
  all: ['route-list'] as const,
  lists: () => ['route-list', 'list'] as const,
  list: (q: RouteListQuery) => ['route-list', 'list', q] as const,
  detail: (id: string) => ['route-list', 'detail', id] as const,
  matrix: (id: string) => ['route-list', 'matrix', id] as const,
  uploadLog: () => ['route-list', 'upload-log'] as const,
  uploadLogPage: (page: number) => ['route-list', 'upload-log', 'page', page] as const,
  uploadLogDetail: (id: number) => ['route-list', 'upload-log', 'detail', id] as const,
  stores: (q: string) => ['route-list', 'store-picker', q] as const,
};

export const routeListQuery = (q: RouteListQuery) =>
  queryOptions({
    queryKey: routeListKeys.list(q),
    queryFn: ({ signal }) => call(rl.list, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const routeListDetailQuery = (id: string) =>
  queryOptions({
    queryKey: routeListKeys.detail(id),
    queryFn: ({ signal }) => call(rl.detail, { params: { id }, signal }).then((a) => a.result),
  });

export const matrixQuery = (id: string) =>
  queryOptions({
    queryKey: routeListKeys.matrix(id),
    queryFn: ({ signal }) => call(matrix.list, { params: { id }, signal }).then((a) => a.result),
  });

/** The store picker: the first 20 stores matching what is typed (the store list's own search). */
export const storePickerQuery = (q: string) =>
  queryOptions({
    queryKey: routeListKeys.stores(q),
    queryFn: ({ signal }) => call(storeContracts.list, { query: { q, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
    meta: lookupMeta('store'),
  });

export const createRouteList = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: RouteListCreateInput) => call(rl.create, { body }),
    onSuccess: (answer) => {
      qc.setQueryData(routeListKeys.detail(answer.result.id), answer.result);
      // Every route-list picker (Generate per Route List, the employee's Route List, …) at once.
      return Promise.all([qc.invalidateQueries({ queryKey: routeListKeys.lists() }), refreshLookups(qc, 'route-list')]);
    },
  });

export const renameRouteList = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: (nama: string) => call(rl.update, { params: { id }, body: { nama } }),
    onSuccess: (answer) => {
      qc.setQueryData(routeListKeys.detail(id), answer.result);
      // The pickers show the name; the plan's employee picker shows it beside each employee.
      return Promise.all([
        qc.invalidateQueries({ queryKey: routeListKeys.lists() }),
        refreshLookups(qc, 'route-list', 'karyawan'),
      ]);
    },
  });

export const deleteRouteList = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (id: string) => call(rl.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      qc.removeQueries({ queryKey: routeListKeys.detail(id) });
      qc.removeQueries({ queryKey: routeListKeys.matrix(id) });
      return Promise.all([qc.invalidateQueries({ queryKey: routeListKeys.lists() }), refreshLookups(qc, 'route-list')]);
    },
  });

/**
 * The matrix edits. Whatever the outcome the matrix is read again from the server (spec §4: a failed
 * matrix call reloads the page), so the editor never shows a state the server does not hold; the
 * route list's store count changes with an added or removed store.
 */
const settleMatrix = (qc: QueryClient, id: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: routeListKeys.matrix(id) }),
    qc.invalidateQueries({ queryKey: routeListKeys.detail(id) }),
    qc.invalidateQueries({ queryKey: routeListKeys.lists() }),
  ]);

export const addMatrixStore = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: (custCode: string) => call(matrix.add, { body: { route_list_id: id, cust_code: custCode } }),
    onSettled: () => settleMatrix(qc, id),
  });

export const switchMatrixDay = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: ({ custCode, key, on }: { custCode: string; key: MatrixKey; on: boolean }) =>
      call(matrix.update, {
        params: { routeListId: id, custCode },
        body: { [key]: on ? 'X' : null } as Partial<MatrixFlags>,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: routeListKeys.matrix(id) }),
  });

/** Every day of weeks 1–5 on (or off) for one store, in one call: the row's "Semua hari" switch. */
export const switchMatrixRow = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: ({ custCode, on }: { custCode: string; on: boolean }) =>
      call(matrix.update, {
        params: { routeListId: id, custCode },
        body: Object.fromEntries(MATRIX_KEYS.map((k) => [k, on ? 'X' : null])) as Partial<MatrixFlags>,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: routeListKeys.matrix(id) }),
  });

export const removeMatrixStore = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: (custCode: string) => call(matrix.remove, { params: { routeListId: id, custCode } }),
    onSettled: () => settleMatrix(qc, id),
  });

// ---------------------------------------------------------------- Excel

export const uploadLogQuery = (page: number) =>
  queryOptions({
    queryKey: routeListKeys.uploadLogPage(page),
    queryFn: ({ signal }) => call(routeListUploadHistory.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const uploadLogDetailQuery = (id: number) =>
  queryOptions({
    queryKey: routeListKeys.uploadLogDetail(id),
    queryFn: ({ signal }) => call(routeListUploadHistory.detail, { params: { id }, signal }).then((a) => a.result),
  });

export const uploadRouteList = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) =>
      // uploadFile, not call(): it reports the upload's progress.
      uploadFile<AnswerOf<typeof rl.upload>>(pathOf(rl.upload), file, onProgress),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: routeListKeys.all }), refreshLookups(qc, 'route-list')]),
  });

/** Saves a file answer under the server's content-disposition name. */
const save = (url: string, fallback: string) => saveApiFile(url, fallback);

export const downloadRouteList = (id: string) => save(`${pathOf(rl.detail, { id })}/download`, `route-list-${id}.xlsx`);
