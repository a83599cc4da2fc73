import { Button, CloseButton, Dialog, Heading, HStack, Portal, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { UPLOAD_FILE_MESSAGES, type UploadFailure } from '../../domain/upload';
import { DownloadRefusedButton, RefusedRowsTable } from './refused-rows';
import { UPLOAD_TEXTS } from './texts';

export interface UploadResult {
  /** The server's message: "Upload selesai: 1 baru, 0 diubah, 3 sama, 2 gagal". */
  message: string;
  /** A line under it (the attendance upload's NRPs that name no employee). */
  note?: string | undefined;
  logId: number;
  fileName: string;
  failures: readonly UploadFailure[];
}

interface Props {
  /** The file is going up or being checked: the blocking progress. */
  uploading: boolean;
  percent: number;
  /** An upload with refused rows: what it did, every refused row and their download. */
  result: UploadResult | null;
  /** The upload's log path (…/upload/log): {logPath}/{id}/download saves the refused rows. */
  logPath: string;
  keyLabel?: string | undefined;
  onClose: () => void;
}

/**
 * The upload dialog. Spec §2: "While uploading a blocking dialog 'Wait, upload in progress...' is
 * shown": it cannot be closed, it shows how much of the file has gone, then that the server is checking
 * the rows. When rows were refused the same dialog turns into the result: the counts, every refused row
 * (row, key, reason) and the download of the refused rows, until it is closed (a toast could not hold
 * them). One dialog, not two: a result dialog opened above the closing progress dialog was a layer of it
 * and was dismissed with it.
 */
export function UploadDialog({ uploading, percent, result, logPath, keyLabel, onClose }: Props) {
  const showing = result && !uploading ? result : null;
  return (
    <Dialog.Root
      open={uploading || showing !== null}
      onOpenChange={(e) => !e.open && onClose()}
      role={showing ? 'dialog' : 'alertdialog'}
      placement="center"
      closeOnEscape={showing !== null}
      closeOnInteractOutside={false}
      size={showing ? 'lg' : 'sm'}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-busy={!showing}>
            {showing ? (
              <ResultBody result={showing} logPath={logPath} keyLabel={keyLabel} onClose={onClose} />
            ) : (
              <Dialog.Body py="6">
                <Stack gap="4" align="center" textAlign="center">
                  <Spinner size="lg" color="green.solid" />
                  <Dialog.Title>{UPLOAD_FILE_MESSAGES.inProgress}</Dialog.Title>
                  <Progress.Root value={percent} max={100} width="full" colorPalette="green" size="sm">
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                  <Text textStyle="sm" color="fg.muted" aria-live="polite">
                    {UPLOAD_TEXTS.sending(percent)}
                  </Text>
                </Stack>
              </Dialog.Body>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ResultBody({
  result,
  logPath,
  keyLabel,
  onClose,
}: {
  result: UploadResult;
  logPath: string;
  keyLabel?: string | undefined;
  onClose: () => void;
}) {
  const refused = UPLOAD_TEXTS.refusedTitle(result.failures.length);
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{UPLOAD_TEXTS.resultTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text fontWeight="medium" role="status">
            {result.message}
          </Text>
          {result.note && <Text textStyle="sm">{result.note}</Text>}
          <Heading as="h3" size="sm">
            {refused}
          </Heading>
          <RefusedRowsTable rows={result.failures} keyLabel={keyLabel} caption={refused} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <HStack gap="2" flexWrap="wrap" justify="flex-end">
          <DownloadRefusedButton logPath={logPath} logId={result.logId} fileName={result.fileName} />
          <Button onClick={onClose}>{UPLOAD_TEXTS.close}</Button>
        </HStack>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={UPLOAD_TEXTS.close} />
      </Dialog.CloseTrigger>
    </>
  );
}
