import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { TRUSTEE_KEYS } from '../../../domain/users/users';
import type { UserFormValues } from '../../../domain/users/users';
import { TrusteeSelect } from './trustee-select';

/** The data scope of an account: six lists, each empty for "no restriction" (spec part 2 §6). */
export function TrusteeFields({
  control,
  errors,
  disabled,
}: {
  control: Control<UserFormValues>;
  errors: FieldErrors<UserFormValues>;
  disabled?: boolean;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" textStyle="md">
        Cakupan Data (Trustee)
      </Fieldset.Legend>
      <Fieldset.HelperText>
        Batasi data karyawan yang dapat dilihat user ini. Daftar kosong berarti tanpa batasan (semua data).
      </Fieldset.HelperText>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {TRUSTEE_KEYS.map((key) => (
            <Controller
              key={key}
              control={control}
              name={`trustee.${key}`}
              render={({ field }) => (
                <TrusteeSelect
                  dimension={key}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.trustee?.[key]?.message}
                  disabled={disabled}
                />
              )}
            />
          ))}
        </SimpleGrid>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
