import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createUser } from '../api';
import { UserForm } from './user-form';
import { blankUser, createBody } from './user-form-values';

/** /users/new. */
export function UserCreatePage({ onCreated, onCancel }: { onCreated: (userid: string) => void; onCancel: () => void }) {
  const create = useMutation({ ...createUser(useQueryClient()), onError: (err) => notifyError(err) });
  return (
    <Stack gap="4">
      <PageHeader title="Tambah User" />
      <UserForm
        mode="create"
        initial={blankUser()}
        busy={create.isPending}
        onSubmit={(values) =>
          create.mutate(createBody(values), {
            onSuccess: (answer) => {
              notifySuccess(answer.message);
              onCreated(answer.result.userid);
            },
          })
        }
        onCancel={onCancel}
      />
    </Stack>
  );
}
