import { Button, CloseButton, Dialog, HStack, Portal, Stack, Switch } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import * as v from 'valibot';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableProps } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { ErrorSchema } from '../../../domain/api';
import { ApiError } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';

export function useKindRights() {
  const can = useCan();
  return {
    canCreate: can('master.create'),
    canUpdate: can('master.update'),
    canDelete: can('master.delete'),
  };
}

/** The toasts of a kind write: the server's message either way. */
export const kindToasts = {
  onSuccess: (answer: { message: string }) => notifySuccess(answer.message),
  onError: (err: unknown) => notifyError(err),
};

/** A refused save: the server's field issues under their fields (a duplicate name under the name), and a toast. */
export function showServerIssues<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  nameField: Path<T>,
) {
  if (err instanceof ApiError) {
    const answer = v.safeParse(ErrorSchema, err.body);
    const issues = answer.success ? (answer.output.error.issues ?? []) : [];
    for (const issue of issues) if (issue.path) setError(issue.path as Path<T>, { message: issue.message });
    if (err.status === 409) setError(nameField, { message: err.message });
  }
  notifyError(err);
}

/** The Active switch: it saves at once (spec §4 "the switch toggles status immediately"). */
export function ActiveSwitch({
  label,
  checked,
  pending,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  pending: boolean;
  disabled: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled || pending}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="green"
    >
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

/** The add dialog, titled "Lengkapi form berikut" (spec §2.6), with what is being added under it. */
export function KindDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="start" gap="0">
              <Dialog.Title>Lengkapi form berikut</Dialog.Title>
              <Dialog.Description>{title}</Dialog.Description>
            </Dialog.Header>
            <Dialog.Body pb="6">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function RowButtons({
  editing,
  busy,
  canUpdate,
  canDelete,
  label,
  onEdit,
  onSave,
  onCancel,
  onDelete,
}: {
  editing: boolean;
  busy: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  label: string;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  if (editing) {
    return (
      <HStack gap="1" justify="flex-end">
        <Button size="xs" onClick={onSave} loading={busy} aria-label={`Simpan ${label}`}>
          Simpan
        </Button>
        <Button size="xs" variant="outline" onClick={onCancel} disabled={busy}>
          Batal
        </Button>
      </HStack>
    );
  }
  return (
    <HStack gap="1" justify="flex-end">
      {canUpdate && (
        <Button size="xs" variant="outline" onClick={onEdit} aria-label={`Ubah ${label}`}>
          Ubah
        </Button>
      )}
      {canDelete && (
        <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Hapus ${label}`}>
          Hapus
        </Button>
      )}
    </HStack>
  );
}

/**
 * The page both kind lists share (/jenis-leave, /jenis-cuti): the title with its add button, the table
 * with inline editing, the add dialog while adding, and the delete confirmation.
 */
export function KindListPage<T>({
  noun,
  canCreate,
  onAdd,
  table,
  addDialog,
  deleting,
  deleteBusy,
  onCancelDelete,
  onConfirmDelete,
}: {
  /** "Jenis Leave" or "Jenis Cuti". */
  noun: string;
  canCreate: boolean;
  onAdd: () => void;
  table: Omit<DataTableProps<T>, 'caption'>;
  /** Rendered while adding. */
  addDialog: ReactNode;
  /** The name of the row asked to be deleted, or null. */
  deleting: string | null;
  deleteBusy: boolean;
  onCancelDelete: () => void;
  onConfirmDelete: () => void;
}) {
  return (
    <Stack gap="4">
      <PageHeader title={noun} actions={canCreate && <Button onClick={onAdd}>Tambah {noun}</Button>} />
      <DataTable caption={`Daftar ${noun.toLowerCase()}`} {...table} />
      {addDialog}
      <ConfirmDialog
        open={deleting !== null}
        title={`Hapus ${noun}`}
        confirmLabel="Hapus"
        danger
        busy={deleteBusy}
        onCancel={onCancelDelete}
        onConfirm={onConfirmDelete}
      >
        {deleting !== null ? `Anda yakin ingin menghapus ${noun.toLowerCase()} ${deleting}?` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
