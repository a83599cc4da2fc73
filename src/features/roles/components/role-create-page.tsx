import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createRole } from '../api';
import { RoleForm } from './role-form';

export function RoleCreatePage({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation({ ...createRole(queryClient), onError: (err) => notifyError(err) });
  return (
    <Stack gap="4">
      <PageHeader title="Tambah Role" />
      <RoleForm
        mode="create"
        initial={{ id: '', nama: '', permissions: [] }}
        busy={create.isPending}
        onSubmit={(v) =>
          create.mutate(v, {
            onSuccess: (answer) => {
              notifySuccess(answer.message);
              onCreated(answer.result.id);
            },
          })
        }
        onCancel={onCancel}
      />
    </Stack>
  );
}
