/**
 * HR's attendance calls (spec part 2 §7 "Attendance"): the list, a day's change history, the employee
 * look-up, the manual entry and delete, the upload with its template, history and refused rows, and the
 * check-in photos. Admin screens, online only; writes refresh the lists and the day's history.
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { uploadFile, type UploadProgress } from '../../../components/upload/upload-request';
import type { AbsensiDelete, AbsensiManual } from '../../../domain/absensi/absensi-admin';
import type { AbsensiListQuery } from '../../../domain/absensi/absensi-list';
import { absensiUploadHistory, adminContracts as admin } from '../../../domain/absensi/contracts';
import { pathOf, type AnswerOf } from '../../../domain/contract';
import { call } from '../../../lib/call';
import { lookupMeta } from '../../../lib/lookup-meta';
import { saveApiFile } from '../../../lib/save-file';

export const absensiAdminKeys = {
  all: ['absensi-admin'] as const,
  lists: () => ['absensi-admin', 'list'] as const,
  list: (q: AbsensiListQuery) => ['absensi-admin', 'list', q] as const,
  history: (nrp: string, tanggal: string) => ['absensi-admin', 'history', nrp, tanggal] as const,
  find: (q: string, page: number) => ['absensi-admin', 'find', q, page] as const,
  uploadLog: () => ['absensi-admin', 'upload-log'] as const,
  uploadLogPage: (page: number) => ['absensi-admin', 'upload-log', 'page', page] as const,
  uploadLogDetail: (id: number) => ['absensi-admin', 'upload-log', 'detail', id] as const,
};

export const absensiListQuery = (q: AbsensiListQuery) =>
  queryOptions({
    queryKey: absensiAdminKeys.list(q),
    queryFn: ({ signal }) => call(admin.list, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const absensiHistoryQuery = (nrp: string, tanggal: string) =>
  queryOptions({
    queryKey: absensiAdminKeys.history(nrp, tanggal),
    queryFn: ({ signal }) => call(admin.history, { params: { nrp, tanggal }, signal }).then((a) => a.result),
  });

/** The day a manual entry would replace (null: none yet), from the list read for one employee and day. */
export const existingDayQuery = (nrp: string, tanggal: string) =>
  queryOptions({
    queryKey: [...absensiAdminKeys.lists(), 'day', nrp, tanggal] as const,
    queryFn: ({ signal }) =>
      call(admin.list, { query: { startDate: tanggal, endDate: tanggal, nrp, page: 1, per_page: 1 }, signal }).then(
        (a) => a.result.find((r) => r.nrp === nrp && r.tanggal === tanggal) ?? null,
      ),
  });

export const findNrpQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: absensiAdminKeys.find(q, page),
    queryFn: ({ signal }) => call(admin.findNrp, { query: { q, page }, signal }),
    placeholderData: keepPreviousData,
    // An employee saved elsewhere shows here at once (src/lib/lookup-meta.ts).
    meta: lookupMeta('karyawan'),
  });

const refresh = (qc: QueryClient, day?: { nrp: string; tanggal: string }) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: absensiAdminKeys.lists() }),
    day ? qc.invalidateQueries({ queryKey: absensiAdminKeys.history(day.nrp, day.tanggal) }) : undefined,
  ]);

export const saveManualAbsensi = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: AbsensiManual) => call(admin.saveManual, { body }),
    onSuccess: (_a, body) => refresh(qc, body),
  });

export const deleteAbsensi = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: AbsensiDelete) => call(admin.deleteManual, { body }),
    onSuccess: (_a, body) => refresh(qc, body),
  });

export const uploadAbsensi = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) =>
      // uploadFile, not call(): it reports the upload's progress.
      uploadFile<AnswerOf<typeof admin.upload>>(pathOf(admin.upload), file, onProgress),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: absensiAdminKeys.uploadLog() }),
        qc.invalidateQueries({ queryKey: absensiAdminKeys.lists() }),
      ]),
  });

export const absensiUploadLogQuery = (page: number) =>
  queryOptions({
    queryKey: absensiAdminKeys.uploadLogPage(page),
    queryFn: ({ signal }) => call(admin.uploadLog, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const absensiUploadLogDetailQuery = (id: number) =>
  queryOptions({
    queryKey: absensiAdminKeys.uploadLogDetail(id),
    queryFn: ({ signal }) => call(absensiUploadHistory.detail, { params: { id }, signal }).then((a) => a.result),
  });

/** The template filter (spec §2.7): a period and lists of codes, sent joined by commas. */
export interface AbsensiTemplateFilter {
  period: string;
  rows: 'day' | 'employee';
  client: string[];
  lokasi: string[];
  type: string[];
  divisi: string[];
  jabatan: string[];
  keyAccount: string[];
  salesOffice: string[];
}

export function downloadAbsensiTemplate(f: AbsensiTemplateFilter) {
  const params = new URLSearchParams({ period: f.period, rows: f.rows });
  for (const key of ['client', 'lokasi', 'type', 'divisi', 'jabatan', 'keyAccount', 'salesOffice'] as const) {
    if (f[key].length) params.set(key, f[key].join(','));
  }
  return saveApiFile(`/api/absensi/template/download?${params.toString()}`, `template-absensi-${f.period}.xlsx`);
}

export const downloadRefusedRows = () => saveApiFile('/api/absensi/temporary/upload/download', 'absensi-gagal.xlsx');
