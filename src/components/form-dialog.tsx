import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The form's submit (usually react-hook-form's handleSubmit). */
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
  submitLabel?: string;
  /** Accessible name of the form, when the title alone does not say it. */
  formLabel?: string;
  children: ReactNode;
}

/**
 * A dialog holding one form: title, the fields, Batal and Simpan. It does not close on a click outside
 * (typed input would be lost), and its submit never reaches a form around the component that opened it
 * (a portal still bubbles React events).
 */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  busy,
  submitLabel = 'Simpan',
  formLabel,
  children,
}: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <form
              aria-label={formLabel}
              noValidate
              onSubmit={(e) => {
                e.stopPropagation();
                onSubmit(e);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Batal
                </Button>
                <Button type="submit" loading={busy}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Tutup" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
