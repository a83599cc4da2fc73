import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ROLE_MESSAGES, type RoleDetail, type RoleFormValues } from '../../../domain/roles/roles';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { deleteRole, roleDetailQuery, updateRole } from '../api';
import { RoleForm } from './role-form';

const formValuesOf = (r: RoleDetail): RoleFormValues => ({
  id: r.id,
  nama: r.nama,
  permissions: Object.keys(r.permissions),
});

/** /roles/{id}/edit: edit with role.update, delete with role.delete when no user holds the role. */
export function RoleDetailPage({ id, onDone }: { id: string; onDone: () => void }) {
  const can = useCan();
  const query = useQuery(roleDetailQuery(id));
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);

  const save = useMutation({
    ...updateRole(queryClient, id),
    onError: (err) => notifyError(err),
  });
  const remove = useMutation({
    ...deleteRole(queryClient, id),
    onError: (err) => {
      setConfirming(false);
      notifyError(err);
    },
  });

  const role = query.data;
  const canDelete = can('role.delete');
  return (
    <Stack gap="4">
      <PageHeader title="Detail Role" />
      {query.isPending && <Skeleton height="64" rounded="md" />}
      {query.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(query.error)}</Alert.Title>
        </Alert.Root>
      )}
      {role && (
        <>
          {!role.deletable && (
            <Text textStyle="sm" color="fg.muted">
              Role ini digunakan oleh {role.userCount} user dan tidak dapat dihapus.
            </Text>
          )}
          <RoleForm
            key={role.id}
            mode="edit"
            initial={formValuesOf(role)}
            readOnly={!can('role.update')}
            busy={save.isPending}
            onSubmit={(v) => save.mutate(v, { onSuccess: (answer) => notifySuccess(answer.message) })}
            onCancel={onDone}
            extraActions={
              canDelete && (
                <Button
                  variant="outline"
                  colorPalette="red"
                  disabled={!role.deletable}
                  title={role.deletable ? undefined : ROLE_MESSAGES.inUse}
                  onClick={() => setConfirming(true)}
                  me="auto"
                >
                  Hapus
                </Button>
              )
            }
          />
          <ConfirmDialog
            open={confirming}
            title="Hapus Role"
            confirmLabel="Hapus"
            danger
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: (answer) => {
                  notifySuccess(answer.message);
                  setConfirming(false);
                  onDone();
                },
              })
            }
            onCancel={() => setConfirming(false)}
          >
            {`Anda yakin ingin menghapus role ${role.nama} (${role.id})?`}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
