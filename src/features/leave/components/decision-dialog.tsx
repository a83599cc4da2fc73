import { Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { ApprovalQueueRow } from '../../../domain/leave/leave-answers';
import { KETERANGAN_MAX } from '../../../domain/leave/leave-messages';
import { leaveWhen } from './format';
import { CoverageList } from './leave-detail-dialog';

export type Decision = 'A' | 'R';

const TEXT: Record<Decision, string> = {
  A: 'Apakah Anda Yakin Approve Pengajuan Leave Pegawai?',
  R: 'Apakah Anda Yakin Reject Pengajuan Leave Pegawai? Anda dapat menambahkan Keterangan',
};

/**
 * The spec's approve and reject confirmations, with an optional note, and the planned visits the
 * leave would leave uncovered. Resolves only once the decision is in the outbox.
 */
export function DecisionDialog({
  row,
  decision,
  onClose,
  onDecide,
  onError,
}: {
  row: ApprovalQueueRow;
  decision: Decision;
  onClose: () => void;
  onDecide: (id: string, keterangan: string) => Promise<void>;
  onError: () => void;
}) {
  // Fixed while the dialog is open: the outbox row id and Idempotency-Key of this decision.
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
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{decision === 'A' ? 'Approve' : 'Reject'} Pengajuan Leave</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>{TEXT[decision]}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {row.leave.karyawan.nama} ({row.leave.nrp}) · {row.leave.jenis.jenis_leave} · {leaveWhen(row.leave)}
                </Text>
                {decision === 'A' && <CoverageList lines={row.leave.coverage} />}
                <Field.Root>
                  <Field.Label>Keterangan (opsional)</Field.Label>
                  <Textarea
                    value={note}
                    maxLength={KETERANGAN_MAX}
                    rows={3}
                    onChange={(e) => setNote(e.target.value)}
                  />
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
                    onError();
                  });
                }}
              >
                {decision === 'A' ? 'Approve' : 'Reject'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
