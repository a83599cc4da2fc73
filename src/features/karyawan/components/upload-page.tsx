import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UploadLogTable } from '../../../components/upload/upload-log-table';
import { UploadScreen, type UploadOutcome } from '../../../components/upload/upload-screen';
import type { UploadProgress } from '../../../components/upload/upload-request';
import { uploadKaryawan, uploadLogDetailQuery, uploadLogQuery } from '../upload-api';
import { KaryawanUploadFilter } from './upload-filter';
import { KARYAWAN_UPLOAD_TEXTS } from './upload-texts';

function UploadHistory() {
  return (
    <UploadLogTable title={KARYAWAN_UPLOAD_TEXTS.historyTitle} list={uploadLogQuery} detail={uploadLogDetailQuery} />
  );
}

/** /karyawan/upload (spec part 1 §2 "Employee upload"): the shared upload screen with the employee sheet. */
export function KaryawanUploadPage({ onCancel }: { onCancel: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation(uploadKaryawan(queryClient));
  const upload = async (file: File, onProgress: (p: UploadProgress) => void): Promise<UploadOutcome> => {
    const answer = await mutation.mutateAsync({ file, onProgress });
    return { message: answer.message, failedNrp: answer.result.nrp_gagal.map((f) => f.nrp) };
  };
  return (
    <UploadScreen
      title={KARYAWAN_UPLOAD_TEXTS.title}
      download={<KaryawanUploadFilter />}
      history={<UploadHistory />}
      upload={upload}
      onCancel={onCancel}
    />
  );
}
