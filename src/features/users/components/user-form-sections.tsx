import { Checkbox, Fieldset, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { PasswordChecklist } from '../../../components/password-checklist';
import { PasswordInput } from '../../../components/password-input';
import type { UserFormValues } from '../../../domain/users/users';
import { RoleSelect } from './role-select';

type Form = UseFormReturn<UserFormValues>;

export function AccountFields({ form, mode }: { form: Form; mode: 'create' | 'edit' }) {
  const { errors } = form.formState;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" textStyle="md">
        Akun
      </Fieldset.Legend>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField
            label="User ID"
            required
            error={errors.userid}
            helper={mode === 'create' ? 'Maksimal 6 karakter' : undefined}
          >
            <Input
              {...form.register('userid')}
              maxLength={6}
              readOnly={mode === 'edit'}
              bg={mode === 'edit' ? 'bg.muted' : undefined}
              autoCapitalize="characters"
            />
          </FormField>
          <FormField label="Username" required error={errors.username}>
            <Input {...form.register('username')} maxLength={40} autoCapitalize="none" autoComplete="off" />
          </FormField>
          <FormField label="Nama" required error={errors.nama}>
            <Input {...form.register('nama')} maxLength={40} />
          </FormField>
          <FormField label="Role" required error={errors.role}>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <RoleSelect
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </FormField>
          <FormField label="NRP Karyawan" error={errors.nrp} helper="Kosongkan untuk akun kantor yang bukan karyawan">
            <Input {...form.register('nrp')} maxLength={12} inputMode="numeric" />
          </FormField>
        </SimpleGrid>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

export function StatusFields({ form, self }: { form: Form; self: boolean }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" textStyle="md">
        Status
      </Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="3">
          <Controller
            control={form.control}
            name="is_active"
            render={({ field }) => (
              <Switch.Root
                checked={field.value}
                onCheckedChange={(e) => field.onChange(e.checked)}
                disabled={self}
                colorPalette="green"
              >
                <Switch.HiddenInput onBlur={field.onBlur} />
                <Switch.Control />
                <Switch.Label>User aktif</Switch.Label>
              </Switch.Root>
            )}
          />
          {self && (
            <Text textStyle="xs" color="fg.muted">
              Anda tidak dapat menonaktifkan akun Anda sendiri.
            </Text>
          )}
          <Controller
            control={form.control}
            name="reset_password"
            render={({ field }) => (
              <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>Wajib ganti password saat login berikutnya</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        </Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

export function PasswordFields({ form, mode }: { form: Form; mode: 'create' | 'edit' }) {
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const confirm = useWatch({ control: form.control, name: 'confirm_password' });
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" textStyle="md">
        {mode === 'create' ? 'Password' : 'Ganti Password'}
      </Fieldset.Legend>
      {mode === 'edit' && <Fieldset.HelperText>Kosongkan bila password tidak diubah.</Fieldset.HelperText>}
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField
            label={mode === 'create' ? 'Password' : 'Password Baru'}
            required={mode === 'create'}
            error={errors.password}
          >
            <PasswordInput {...form.register('password')} autoComplete="new-password" />
          </FormField>
          <FormField label="Konfirmasi Password" required={mode === 'create'} error={errors.confirm_password}>
            <PasswordInput {...form.register('confirm_password')} autoComplete="new-password" />
          </FormField>
        </SimpleGrid>
        {(mode === 'create' || password) && <PasswordChecklist password={password} confirm={confirm} />}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
