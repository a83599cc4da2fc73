import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UploadLogTable } from '../../../components/upload/upload-log-table';
import { outcomeOf, UploadScreen, type UploadOutcome } from '../../../components/upload/upload-screen';
import type { UploadProgress } from '../../../components/upload/upload-request';
import { STORE_TEMPLATE_URL, storeUploadLogDetailQuery, storeUploadLogQuery, uploadStores } from '../api';
import { STORE_TEXTS as T } from '../texts';
import { pathOf } from '../../../domain/contract';
import { storeUploadHistory } from '../../../domain/store/contracts';

/** The upload history's list; a refused row's .xlsx is under it (the table's download links). */
const LOG_PATH = pathOf(storeUploadHistory.list);

function UploadHistory() {
  return (
    <UploadLogTable
      title={T.historyTitle}
      list={storeUploadLogQuery}
      detail={storeUploadLogDetailQuery}
      keyLabel={T.labels.cust_code}
      logPath={LOG_PATH}
    />
  );
}

function TemplateCard() {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Text textStyle="sm" color="fg.muted">
            {T.templateHint}
          </Text>
          <Button asChild variant="outline">
            <a href={STORE_TEMPLATE_URL} download="store_template.xlsx">
              {T.template}
            </a>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** /store/upload (spec part 2 §2.4): the template, the drop zone with progress, and the history. */
export function StoreUploadPage({ onCancel }: { onCancel: () => void }) {
  const qc = useQueryClient();
  const mutation = useMutation(uploadStores(qc));
  const upload = async (file: File, onProgress: (p: UploadProgress) => void): Promise<UploadOutcome> => {
    return outcomeOf(await mutation.mutateAsync({ file, onProgress }));
  };
  return (
    <UploadScreen
      title={T.uploadTitle}
      download={<TemplateCard />}
      history={<UploadHistory />}
      upload={upload}
      logPath={LOG_PATH}
      onCancel={onCancel}
      keyLabel={T.labels.cust_code}
    />
  );
}
