import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { permissionMap, type RoleFormValues } from '../../../domain/roles';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createRole, roleKeys } from '../api';
import { RoleForm } from './role-form';

export function RoleCreatePage({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (v: RoleFormValues) =>
      createRole({ id: v.id, nama: v.nama, permissions: permissionMap(v.permissions) }),
    onSuccess: (answer) => {
      queryClient.setQueryData(roleKeys.detail(answer.result.id), answer.result);
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      notifySuccess(answer.message);
      onCreated(answer.result.id);
    },
    onError: (err) => notifyError(err),
  });
  return (
    <Stack gap="4">
      <PageHeader title="Tambah Role" />
      <RoleForm
        mode="create"
        initial={{ id: '', nama: '', permissions: [] }}
        busy={create.isPending}
        onSubmit={(v) => create.mutate(v)}
        onCancel={onCancel}
      />
    </Stack>
  );
}
