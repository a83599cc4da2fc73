import { Dialog, Portal, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { UPLOAD_FILE_MESSAGES } from '../../domain/upload';
import { UPLOAD_TEXTS } from './texts';

/**
 * Spec §2: "While uploading a blocking dialog 'Wait, upload in progress...' is shown". It cannot be
 * closed; it shows how much of the file has gone, then that the server is checking the rows.
 */
export function UploadProgressDialog({ open, percent }: { open: boolean; percent: number }) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-busy="true">
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
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
