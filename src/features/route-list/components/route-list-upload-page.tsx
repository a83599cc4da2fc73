import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UploadLogTable } from '../../../components/upload/upload-log-table';
import { outcomeOf, UploadScreen, type UploadOutcome } from '../../../components/upload/upload-screen';
import type { UploadProgress } from '../../../components/upload/upload-request';
import { ROUTE_LIST_TEMPLATE_PATH } from '../../../domain/route-list/route-list-sheet';
import { uploadLogDetailQuery, uploadLogQuery, uploadRouteList } from '../api';
import { pathOf } from '../../../domain/contract';
import { routeListUploadHistory } from '../../../domain/route-list/contracts';

/** The upload history's list; a refused row's .xlsx is under it (the table's download links). */
const LOG_PATH = pathOf(routeListUploadHistory.list);
const KEY_LABEL = 'Route List/Store';

function UploadHistory() {
  return (
    <UploadLogTable
      title="Log Upload Route List"
      list={uploadLogQuery}
      detail={uploadLogDetailQuery}
      keyLabel={KEY_LABEL}
      logPath={LOG_PATH}
    />
  );
}

function Template() {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text color="fg.muted" textStyle="sm">
            Satu baris = satu store pada satu route list: route_list_id, nama, cust_code, lalu W1_1 … W5_7 (minggu 1–5 ×
            Senin–Minggu) diisi X untuk kunjungan. Export Excel di daftar route list memakai format yang sama.
          </Text>
          <Button asChild variant="outline" size="sm">
            <a href={ROUTE_LIST_TEMPLATE_PATH} download="route_list_template.xlsx">
              Download Template
            </a>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** /route-list/upload (spec part 2 §2.5, §5 "Uploads"): the shared upload screen with the route-list sheet. */
export function RouteListUploadPage({ onCancel }: { onCancel: () => void }) {
  const qc = useQueryClient();
  const mutation = useMutation(uploadRouteList(qc));
  const upload = async (file: File, onProgress: (p: UploadProgress) => void): Promise<UploadOutcome> => {
    return outcomeOf(await mutation.mutateAsync({ file, onProgress }));
  };
  return (
    <UploadScreen
      title="Upload Route List"
      download={<Template />}
      history={<UploadHistory />}
      upload={upload}
      logPath={LOG_PATH}
      keyLabel={KEY_LABEL}
      onCancel={onCancel}
    />
  );
}
