import { Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createUser, userDetailQuery, userKeys } from '../api';
import { UserForm } from './user-form';
import { blankUser, createBody, type UserFormValues } from './user-form-values';

/** /users/new. */
export function UserCreatePage({ onCreated, onCancel }: { onCreated: (userid: string) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (values: UserFormValues) => createUser(createBody(values)),
    onSuccess: (answer) => {
      queryClient.setQueryData(userDetailQuery(answer.result.userid).queryKey, answer.result);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      notifySuccess(answer.message);
      onCreated(answer.result.userid);
    },
    onError: (err) => notifyError(err),
  });
  return (
    <Stack gap="4">
      <PageHeader title="Tambah User" />
      <UserForm
        mode="create"
        initial={blankUser()}
        busy={create.isPending}
        onSubmit={(v) => create.mutate(v)}
        onCancel={onCancel}
      />
    </Stack>
  );
}
