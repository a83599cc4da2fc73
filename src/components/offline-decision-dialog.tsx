import { Button, Dialog, Field, Portal, Stack, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { notifyError, notifySuccess } from '../lib/toast';

export type Decision = 'A' | 'R';

/**
 * An approver's confirmation of one decision recorded through the outbox (leave, Koreksi Absensi): the
 * question, what is being decided, an optional note, Batal and the decision's button. The outbox row id
 * (its Idempotency-Key) is fixed while the dialog is open, so a second tap cannot record it twice; the
 * dialog closes only once `onDecide` has put the decision on the phone.
 */
export function OfflineDecisionDialog({
  decision,
  title,
  confirmLabel,
  noteMax,
  children,
  onClose,
  onDecide,
}: {
  decision: Decision;
  title: string;
  confirmLabel: string;
  noteMax: number;
  /** The question and the request's summary. */
  children: ReactNode;
  onClose: () => void;
  onDecide: (id: string, keterangan: string) => Promise<void>;
}) {
  const [id] = useState(() => crypto.randomUUID());
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && !busy && onClose()}
      role="alertdialog"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {children}
                <Field.Root>
                  <Field.Label>Keterangan (opsional)</Field.Label>
                  <Textarea value={note} maxLength={noteMax} rows={3} onChange={(e) => setNote(e.target.value)} />
                </Field.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size={{ base: 'lg', xl: 'md' }} onClick={onClose} disabled={busy}>
                Batal
              </Button>
              <Button
                colorPalette={decision === 'A' ? 'green' : 'red'}
                size={{ base: 'lg', xl: 'md' }}
                loading={busy}
                onClick={() => {
                  setBusy(true);
                  onDecide(id, note).catch(() => {
                    setBusy(false);
                    notifyError(new Error('Gagal menyimpan di perangkat. Periksa ruang penyimpanan lalu coba lagi.'));
                  });
                }}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The notice once a decision is on the phone: sent now, or waiting for the signal. */
export function notifyDecisionSaved(online: boolean) {
  notifySuccess(online ? 'Keputusan tersimpan, sedang dikirim' : 'Keputusan tersimpan di perangkat, menunggu sinkron');
}
