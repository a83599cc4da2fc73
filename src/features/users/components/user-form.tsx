import { Button, HStack, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { UserCreateFormSchema, UserUpdateFormSchema, type UserFormValues } from '../../../domain/users/users';
import { formResolver } from '../../../lib/form-resolver';
import { TrusteeFields } from './trustee-fields';
import { AccountFields, PasswordFields, StatusFields } from './user-form-sections';

interface Props {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  /** The administrator is editing their own account: no deactivation, no password here. */
  self?: boolean;
  busy?: boolean;
  onSubmit: (values: UserFormValues) => void;
  onCancel: () => void;
}

// Raw values: the form keeps what the inputs hold; the server applies the same schemas' trimming itself.
const resolvers = { create: formResolver(UserCreateFormSchema), edit: formResolver(UserUpdateFormSchema) };

/** New user and the edit mode of the user detail: the same fields, the same schema as the server. */
export function UserForm({ mode, initial, self = false, busy, onSubmit, onCancel }: Props) {
  const form = useForm<UserFormValues>({ resolver: resolvers[mode], defaultValues: initial });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label={mode === 'create' ? 'Tambah User' : 'Ubah User'}
    >
      <Stack gap="6" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        <AccountFields form={form} mode={mode} />
        <StatusFields form={form} self={self} />
        {!self && <PasswordFields form={form} mode={mode} />}
        <TrusteeFields control={form.control} errors={form.formState.errors} />
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Batal
          </Button>
          <Button type="submit" loading={busy}>
            Simpan
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
