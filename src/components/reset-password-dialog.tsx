import { Alert, Button, Clipboard, Code, Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PasswordResetAnswer } from '../domain/users/users';
import { notifyError } from '../lib/toast';

interface Props {
  open: boolean;
  /** Who the account is, as the question names it: a username, or an employee's NRP and name. */
  username: string;
  /** The feature's call: POST /api/users/{id}/reset-password or /api/karyawan/{nrp}/reset-password. */
  reset: () => Promise<PasswordResetAnswer>;
  onClose: () => void;
  onDone?: () => void;
}

/**
 * Reset Password: asks first (the user's sessions end), then shows the temporary password once. It is
 * kept only in this dialog's state and gone when the dialog closes. Used by the user and employee details.
 */
export function ResetPasswordDialog({ open, username, reset, onClose, onDone }: Props) {
  const [password, setPassword] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const mutation = useMutation({
    mutationFn: reset,
    onSuccess: (answer) => {
      setPassword(answer.password);
      setMessage(answer.message);
      onDone?.();
    },
    onError: (err) => notifyError(err),
  });
  const close = () => {
    setPassword(null);
    setMessage('');
    onClose();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && close()}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label={password ? 'password-reset result' : 'Reset Password'}>
            <Dialog.Header>
              <Dialog.Title>{password ? 'Password Sementara' : 'Reset Password'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {password ? (
                <Stack gap="4" data-testid="password-reset-result">
                  <Text>{message}</Text>
                  <HStack gap="2" bg="bg.muted" rounded="md" p="3" justify="space-between">
                    <Code fontSize="lg" variant="plain" data-testid="temporary-password" wordBreak="break-all">
                      {password}
                    </Code>
                    <Clipboard.Root value={password}>
                      <Clipboard.Trigger asChild>
                        <IconButton variant="outline" size="sm" aria-label="Salin password">
                          <Clipboard.Indicator />
                        </IconButton>
                      </Clipboard.Trigger>
                    </Clipboard.Root>
                  </HStack>
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Title>Password ini hanya ditampilkan sekali. Catat sebelum menutup.</Alert.Title>
                  </Alert.Root>
                </Stack>
              ) : (
                <Text>
                  Buat password sementara untuk <strong>{username}</strong>? Sesi login user tersebut akan berakhir dan
                  password wajib diganti saat login berikutnya.
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {password ? (
                <Button onClick={close}>Tutup</Button>
              ) : (
                <>
                  <Button variant="outline" onClick={close} disabled={mutation.isPending}>
                    Batal
                  </Button>
                  <Button colorPalette="red" onClick={() => mutation.mutate()} loading={mutation.isPending}>
                    Reset Password
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
