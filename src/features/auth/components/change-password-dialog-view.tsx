import { Alert, Field, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordChangeSchema, type PasswordChangeInput } from '../../../domain/auth/password-policy';
import { PasswordInput } from '../../../components/password-input';
import { errorMessage } from '../../../lib/http';
import { changePassword } from '../api';
import { parsedFormResolver } from '../../../lib/form-resolver';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
  username: string;
  /** Forced change from the login screen: the old password was just typed there, so it is carried over. */
  forced?: { oldPassword: string; notice?: string };
  onChanged: (answer: { token: string; role: string; message: string }) => void;
}

/**
 * The password change dialog: own change from the profile, and the forced change that opens when the
 * login answers 404 (the account must choose a new password before it may enter).
 */
export default function ChangePasswordDialogView({
  open,
  onClose,
  username,
  forced,
  onChanged,
}: ChangePasswordDialogProps) {
  const form = useForm({
    resolver: parsedFormResolver(PasswordChangeSchema),
    values: { username, old_password: forced?.oldPassword ?? '', new_password: '', confirm_password: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const mutation = useMutation({
    mutationFn: (body: PasswordChangeInput) => changePassword(body, !forced),
    onSuccess: (answer) => {
      form.reset();
      onChanged(answer);
    },
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'new_password' });
  const confirm = useWatch({ control: form.control, name: 'confirm_password' });

  return (
    <FormDialog
      open={open}
      title="Ganti Password"
      onClose={onClose}
      onSubmit={(e) => void form.handleSubmit((body) => mutation.mutate(body))(e)}
      busy={mutation.isPending}
    >
      {forced && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{forced.notice ?? 'Password Anda harus diganti sebelum melanjutkan.'}</Alert.Title>
        </Alert.Root>
      )}
      <Text textStyle="sm" color="fg.muted">
        Username: <strong>{username}</strong>
      </Text>
      {!forced && (
        <Field.Root invalid={!!errors.old_password} required>
          <Field.Label>Password Lama</Field.Label>
          <PasswordInput {...form.register('old_password')} autoComplete="current-password" />
          <Field.ErrorText>{errors.old_password?.message}</Field.ErrorText>
        </Field.Root>
      )}
      <NewPasswordFields
        newInput={form.register('new_password')}
        confirmInput={form.register('confirm_password')}
        errors={{ new: errors.new_password?.message, confirm: errors.confirm_password?.message }}
        password={newPassword}
        confirm={confirm}
      />
      {mutation.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(mutation.error)}</Alert.Title>
        </Alert.Root>
      )}
    </FormDialog>
  );
}
