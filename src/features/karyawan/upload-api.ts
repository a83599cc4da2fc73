/**
 * The employee area's Excel calls: the upload (with progress), its history, the upload sheet (template
 * or filtered data), the list export, and the salary information of a period. Admin screens, online
 * only: nothing here is persisted for offline use. The salary and the history (karyawanUploadHistory)
 * are called by their contracts; the upload is sent with uploadFile to its contract's path and the files
 * are saved with saveApiFile (src/domain/karyawan/contracts.ts says why).
 */
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { uploadFile, type UploadProgress } from '../../components/upload/upload-request';
import { pathOf, type AnswerOf } from '../../domain/contract';
import { karyawanExcelContracts as excel, karyawanUploadHistory as history } from '../../domain/karyawan/contracts';
import type { KaryawanReportFilter } from '../../domain/karyawan/karyawan-upload';
import { call } from '../../lib/call';
import { refreshLookups } from '../../lib/lookup-meta';
import { download, karyawanKeys } from './api';

export const karyawanExcelKeys = {
  uploadLog: () => ['karyawan', 'upload-log'] as const,
  uploadLogPage: (page: number) => ['karyawan', 'upload-log', 'page', page] as const,
  uploadLogDetail: (id: number) => ['karyawan', 'upload-log', 'detail', id] as const,
  gaji: (nrp: string, period: string) => ['karyawan', 'gaji', nrp, period] as const,
};

export const uploadLogQuery = (page: number) =>
  queryOptions({
    queryKey: karyawanExcelKeys.uploadLogPage(page),
    queryFn: ({ signal }) => call(history.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const uploadLogDetailQuery = (id: number) =>
  queryOptions({
    queryKey: karyawanExcelKeys.uploadLogDetail(id),
    queryFn: ({ signal }) => call(history.detail, { params: { id }, signal }).then((a) => a.result),
  });

/**
 * The upload (with progress, hence XMLHttpRequest rather than the JSON client): the history, the lists
 * and the posting items it may have added are refetched.
 */
export const uploadKaryawan = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (p: UploadProgress) => void }) =>
      uploadFile<AnswerOf<typeof excel.upload>>(pathOf(excel.upload), file, onProgress),
    onSuccess: () =>
      Promise.all([
        ...[karyawanExcelKeys.uploadLog(), karyawanKeys.lists(), karyawanKeys.posting()].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
        // The employee pickers of other screens (plans, attendance, leave, news).
        refreshLookups(qc, 'karyawan'),
      ]),
  });

/** The filter of the data download: each a list of codes, sent joined by commas (spec §7). */
export type KaryawanSheetFilter = { [K in keyof KaryawanReportFilter]: string[] };

export const downloadKaryawanTemplate = () =>
  download('/api/karyawan/report/download?template=1', 'template-upload-karyawan.xlsx');

export function downloadKaryawanData(filter: KaryawanSheetFilter) {
  const params = new URLSearchParams();
  for (const [key, codes] of Object.entries(filter)) if (codes.length) params.set(key, codes.join(','));
  const qs = params.toString();
  return download(`/api/karyawan/report/download${qs ? `?${qs}` : ''}`, 'data-karyawan.xlsx');
}

export const exportKaryawanExcel = (resigned: boolean) =>
  download(
    `/api/karyawan/export/excel?resigned=${resigned ? 1 : 0}`,
    resigned ? 'karyawan-resign.xlsx' : 'karyawan-aktif.xlsx',
  );

export const gajiQuery = (nrp: string, period: string) =>
  queryOptions({
    queryKey: karyawanExcelKeys.gaji(nrp, period),
    queryFn: ({ signal }) => call(excel.gaji, { params: { nrp, period }, signal }),
    enabled: !!period,
  });
