import { Alert, Button, Fieldset, HStack, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { ROLE_MESSAGES, RoleFormSchema, type RoleFormValues } from '../../../domain/roles/roles';
import { errorMessage } from '../../../lib/http';
import { permissionListQuery } from '../api';
import { PermissionChooser } from './permission-chooser';
import { formResolver } from '../../../lib/form-resolver';

interface Props {
  mode: 'create' | 'edit';
  initial: RoleFormValues;
  /** Without role.create / role.update the form is shown read-only. */
  readOnly?: boolean;
  busy?: boolean;
  onSubmit: (values: RoleFormValues) => void;
  onCancel: () => void;
  /** Extra buttons (Delete) next to Save. */
  extraActions?: ReactNode;
}

const resolver = formResolver(RoleFormSchema);

export function RoleForm({ mode, initial, readOnly, busy, onSubmit, onCancel, extraActions }: Props) {
  const form = useForm<RoleFormValues>({ resolver, defaultValues: initial });
  const { errors } = form.formState;
  const permissions = useQuery(permissionListQuery());
  const chosen = useWatch({ control: form.control, name: 'permissions' });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label={mode === 'create' ? 'Tambah Role' : 'Ubah Role'}
    >
      <Stack gap="6" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField
            label="ID Role"
            required
            error={errors.id}
            helper={mode === 'create' ? 'Maksimal 5 karakter' : undefined}
          >
            <Input
              {...form.register('id')}
              maxLength={5}
              readOnly={mode === 'edit' || readOnly}
              bg={mode === 'edit' || readOnly ? 'bg.muted' : undefined}
              autoCapitalize="characters"
            />
          </FormField>
          <FormField label="Nama Role" required error={errors.nama}>
            <Input
              {...form.register('nama')}
              maxLength={40}
              readOnly={readOnly}
              bg={readOnly ? 'bg.muted' : undefined}
            />
          </FormField>
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold" textStyle="md">
            Permission
          </Fieldset.Legend>
          <Fieldset.Content>
            {chosen.length === 0 && (
              <Alert.Root status="warning" data-testid="full-access-note">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{ROLE_MESSAGES.fullAccess}</Alert.Title>
                  <Alert.Description>
                    Role tanpa permission yang dipilih dapat membuka semua menu dan melakukan semua tindakan.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {permissions.isPending && <Skeleton height="40" />}
            {permissions.isError && (
              <Text color="fg.error" role="alert">
                {errorMessage(permissions.error)}
              </Text>
            )}
            {permissions.data && (
              <Controller
                control={form.control}
                name="permissions"
                render={({ field }) => (
                  <PermissionChooser
                    permissions={permissions.data}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={readOnly}
                  />
                )}
              />
            )}
          </Fieldset.Content>
        </Fieldset.Root>
        <HStack justify="flex-end" gap="2" flexWrap="wrap">
          {extraActions}
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {readOnly ? 'Kembali' : 'Batal'}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={busy}>
              Simpan
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
