import { Alert, Box, Button, CloseButton, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileRequestRow, RequestBulkApproveAnswer } from '../../../domain/karyawan/request';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { approveRequests } from './api';
import { REQUEST_TEXTS } from './texts';

interface Props {
  rows: ProfileRequestRow[];
  onClose: () => void;
  /** After an answer: the ids that are approved now (approved or approved before). */
  onDone: (approvedIds: number[]) => void;
}

const who = (r: Pick<ProfileRequestRow, 'nrp' | 'nama'>) => `${r.nrp} - ${r.nama}`;

/**
 * Approve the selected rows of /karyawan/request at once: "Approve Perubahan Profile Karyawan" naming
 * them, Batal / Approve. Each is decided on the server as a single approval would be; when some are
 * refused, the dialog stays open and names each with its reason (the others are approved).
 */
export function BulkApproveDialog({ rows, onClose, onDone }: Props) {
  const queryClient = useQueryClient();
  const approve = useMutation({ ...approveRequests(queryClient), onError: (err) => notifyError(err) });
  const answer: RequestBulkApproveAnswer | undefined = approve.data;
  const failed = answer?.result.items.filter((i) => i.outcome === 'failed') ?? [];
  const byId = new Map(rows.map((r) => [r.id, r]));

  const confirm = () =>
    approve.mutate(
      rows.map((r) => r.id),
      {
        onSuccess: (a) => {
          onDone(a.result.items.filter((i) => i.outcome !== 'failed').map((i) => i.id));
          // When some were refused the dialog stays open and says so, each with its reason.
          if (a.result.failed === 0) {
            notifySuccess(a.message);
            onClose();
          }
        },
      },
    );

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && !approve.isPending && onClose()}
      role="alertdialog"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="bulk-approve-dialog">
            <Dialog.Header>
              <Dialog.Title>{REQUEST_TEXTS.dialogTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={approve.isPending} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              {answer ? (
                <Stack gap="3">
                  <Alert.Root status={failed.length === answer.result.items.length ? 'error' : 'warning'}>
                    <Alert.Indicator />
                    <Alert.Title>{answer.message}</Alert.Title>
                  </Alert.Root>
                  <List.Root gap="2" ps="5" data-testid="bulk-approve-failed">
                    {failed.map((i) => {
                      const row = byId.get(i.id);
                      return (
                        <List.Item key={i.id}>
                          <Text fontWeight="medium">
                            {row ? `${row.nomor_registrasi} (${who(row)})` : (i.nomor_registrasi ?? `ID ${i.id}`)}
                          </Text>
                          <Text textStyle="sm" color="fg.error">
                            {i.message}
                          </Text>
                        </List.Item>
                      );
                    })}
                  </List.Root>
                </Stack>
              ) : (
                <Stack gap="3">
                  <Text fontWeight="medium">
                    {rows.length === 1
                      ? REQUEST_TEXTS.dialogText(who(rows[0]!))
                      : REQUEST_TEXTS.bulkDialogText(rows.length)}
                  </Text>
                  {rows.length > 1 && (
                    <Box maxH="60" overflowY="auto" borderWidth="1px" rounded="md" px="3" py="2">
                      <List.Root gap="1" ps="5" textStyle="sm">
                        {rows.map((r) => (
                          <List.Item key={r.id}>
                            {r.nomor_registrasi} · {who(r)}
                          </List.Item>
                        ))}
                      </List.Root>
                    </Box>
                  )}
                  <Text textStyle="sm" color="fg.muted">
                    {REQUEST_TEXTS.bulkDialogNote}
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {answer ? (
                <Button onClick={onClose}>{REQUEST_TEXTS.close}</Button>
              ) : (
                <>
                  <Button variant="outline" onClick={onClose} disabled={approve.isPending}>
                    {REQUEST_TEXTS.cancel}
                  </Button>
                  <Button colorPalette="green" onClick={confirm} loading={approve.isPending}>
                    {REQUEST_TEXTS.bulkApprove}
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
