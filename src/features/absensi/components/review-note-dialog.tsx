import { Button, Dialog, Field, Portal, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { TINJAU_MESSAGES } from '../../../domain/absensi/tinjau';
import { REVIEW_TEXTS } from './review-line';

/** Her note for the reviewer of a flagged check-in (loaded on the first "Tambah catatan"). */
export function NoteDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: string;
  onClose: () => void;
  onSave: (catatan: string) => Promise<void>;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const catatan = text.trim();
    if (!catatan) {
      setError(TINJAU_MESSAGES.catatanRequired);
      return;
    }
    setBusy(true);
    try {
      await onSave(catatan);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{REVIEW_TEXTS.dialogTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root invalid={!!error} required>
                <Field.Label>{REVIEW_TEXTS.note}</Field.Label>
                <Textarea
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    if (error) setError(null);
                  }}
                  rows={3}
                  maxLength={255}
                />
                {error ? (
                  <Field.ErrorText>{error}</Field.ErrorText>
                ) : (
                  <Field.HelperText>{REVIEW_TEXTS.hint}</Field.HelperText>
                )}
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {REVIEW_TEXTS.cancel}
              </Button>
              <Button loading={busy} onClick={() => void save()}>
                {REVIEW_TEXTS.save}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
