import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UploadLogTable } from '../../../components/upload/upload-log-table';
import { outcomeOf, UploadScreen, type UploadOutcome } from '../../../components/upload/upload-screen';
import type { UploadProgress } from '../../../components/upload/upload-request';
import { uploadKaryawan, uploadLogDetailQuery, uploadLogQuery } from '../upload-api';
import { KaryawanUploadFilter } from './upload-filter';
import { KARYAWAN_UPLOAD_TEXTS } from './upload-texts';
import { pathOf } from '../../../domain/contract';
import { karyawanUploadHistory } from '../../../domain/karyawan/contracts';

/** The upload history's list; a refused row's .xlsx is under it (the table's download links). */
const LOG_PATH = pathOf(karyawanUploadHistory.list);

function UploadHistory() {
  return (
    <UploadLogTable
      title={KARYAWAN_UPLOAD_TEXTS.historyTitle}
      list={uploadLogQuery}
      detail={uploadLogDetailQuery}
      logPath={LOG_PATH}
    />
  );
}

/** /karyawan/upload (spec part 1 §2 "Employee upload"): the shared upload screen with the employee sheet. */
export function KaryawanUploadPage({ onCancel }: { onCancel: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation(uploadKaryawan(queryClient));
  const upload = async (file: File, onProgress: (p: UploadProgress) => void): Promise<UploadOutcome> => {
    return outcomeOf(await mutation.mutateAsync({ file, onProgress }));
  };
  return (
    <UploadScreen
      title={KARYAWAN_UPLOAD_TEXTS.title}
      download={<KaryawanUploadFilter />}
      history={<UploadHistory />}
      upload={upload}
      logPath={LOG_PATH}
      onCancel={onCancel}
    />
  );
}
