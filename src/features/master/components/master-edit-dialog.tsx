import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { MasterRows } from '../../../domain/master/master';
import type { MasterScreen, ScreenResource } from '../screens';
import { MasterForm } from './master-form';

/** Edit is a dialog over the list (docs/decisions/004): the list stays where the user was. */
export function MasterEditDialog<R extends ScreenResource>({
  screen,
  row,
  onClose,
}: {
  screen: MasterScreen<R>;
  row: MasterRows[R];
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="md" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Ubah {screen.noun}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <MasterForm screen={screen} row={row} onSaved={onClose} onCancel={onClose} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Tutup" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
