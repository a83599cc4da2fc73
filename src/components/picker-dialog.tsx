import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DataTable, type Column, type DataTableProps } from './data-table';

interface Props<T> extends Omit<DataTableProps<T>, 'columns'> {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The search field above the list. */
  search: ReactNode;
  /** The columns before the "Pilih" button. */
  columns: Column<T>[];
  onPick: (row: T) => void;
  /** How a row names itself to a screen reader ("Pilih <label>"). */
  pickLabel: (row: T) => string;
}

/** A dialog that searches a paged list and picks one row (the employee pickers of several screens). */
export function PickerDialog<T>({ open, onClose, title, search, columns, onPick, pickLabel, ...table }: Props<T>) {
  const withPick: Column<T>[] = [
    ...columns,
    {
      key: 'pick',
      header: '',
      align: 'end',
      cell: (r) => (
        <Button size="xs" onClick={() => onPick(r)} aria-label={`Pilih ${pickLabel(r)}`}>
          Pilih
        </Button>
      ),
    },
  ];
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {search}
                <DataTable columns={withPick} {...table} />
              </Stack>
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
