import { Button, HStack, Stack } from '@chakra-ui/react';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, type Resolver } from 'react-hook-form';
import { UserCreateFormSchema, UserUpdateFormSchema } from '../../../domain/users';
import { TrusteeFields } from './trustee-fields';
import { AccountFields, PasswordFields, StatusFields } from './user-form-sections';
import type { UserFormValues } from './user-form-values';

interface Props {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  /** The administrator is editing their own account: no deactivation, no password here. */
  self?: boolean;
  busy?: boolean;
  onSubmit: (values: UserFormValues) => void;
  onCancel: () => void;
}

// `raw`: the form keeps what the inputs hold; the server applies the same schema's trimming itself.
const resolvers = {
  create: valibotResolver(UserCreateFormSchema, undefined, { raw: true }) as unknown as Resolver<UserFormValues>,
  edit: valibotResolver(UserUpdateFormSchema, undefined, { raw: true }) as unknown as Resolver<UserFormValues>,
};

/** New user and the edit mode of the user detail: the same fields, the same schema as the server. */
export function UserForm({ mode, initial, self = false, busy, onSubmit, onCancel }: Props) {
  const form = useForm<UserFormValues>({ resolver: resolvers[mode], defaultValues: initial });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label={mode === 'create' ? 'Tambah User' : 'Edit User'}
    >
      <Stack gap="6" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        <AccountFields form={form} mode={mode} />
        <StatusFields form={form} self={self} />
        {!self && <PasswordFields form={form} mode={mode} />}
        <TrusteeFields control={form.control} errors={form.formState.errors} />
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
