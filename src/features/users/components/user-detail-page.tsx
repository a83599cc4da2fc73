import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ResetPasswordDialog } from '../../../components/reset-password-dialog';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { useSession } from '../../../lib/use-session';
import { resetUserPassword, updateUser, userDetailQuery } from '../api';
import { UserForm } from './user-form';
import { formValuesOf, updateBody } from './user-form-values';
import { UserView } from './user-view';

/** /users/{id}/edit: the account in view mode; Ubah switches to the form (user.update), Simpan or Batal back. */
export function UserDetailPage({ userid, onBack }: { userid: string; onBack: () => void }) {
  const me = useSession()?.user;
  const canUpdate = useCan()('user.update');
  const self = me?.userid === userid;
  const query = useQuery(userDetailQuery(userid));
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [resetting, setResetting] = useState(false);
  const save = useMutation({ ...updateUser(qc, userid), onError: (err) => notifyError(err) });
  // The dialog shows the answer (or the error) itself.
  const reset = useMutation(resetUserPassword(qc));

  const user = query.data;
  return (
    <Stack gap="4">
      <PageHeader
        title={editing ? 'Ubah User' : 'Detail User'}
        actions={
          !editing && (
            <>
              <Button variant="ghost" onClick={onBack}>
                Kembali
              </Button>
              {canUpdate && user && !self && (
                <Button variant="outline" colorPalette="red" onClick={() => setResetting(true)}>
                  Reset Password
                </Button>
              )}
              {canUpdate && user && <Button onClick={() => setEditing(true)}>Ubah</Button>}
            </>
          )
        }
      />
      {query.isPending && <Skeleton height="64" rounded="md" />}
      {query.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(query.error)}</Alert.Title>
        </Alert.Root>
      )}
      {user &&
        (editing ? (
          <UserForm
            mode="edit"
            initial={formValuesOf(user)}
            self={self}
            busy={save.isPending}
            onSubmit={(values) =>
              save.mutate(updateBody(values), {
                onSuccess: (answer) => {
                  notifySuccess(answer.message);
                  setEditing(false);
                },
              })
            }
            onCancel={() => setEditing(false)}
          />
        ) : (
          <UserView user={user} />
        ))}
      {user && (
        <ResetPasswordDialog
          open={resetting}
          username={user.username}
          reset={() => reset.mutateAsync(user.userid)}
          onClose={() => setResetting(false)}
        />
      )}
    </Stack>
  );
}
