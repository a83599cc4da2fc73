import { Field } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordChecklist } from './password-checklist';
import { PasswordInput } from './password-input';

interface Props {
  newInput: UseFormRegisterReturn;
  confirmInput: UseFormRegisterReturn;
  errors: { new?: string; confirm?: string };
  /** The typed values, for the live checklist. */
  password: string;
  confirm: string;
}

/** "Password Baru", "Konfirmasi Password" and the policy's live checklist, for any password dialog. */
export function NewPasswordFields({ newInput, confirmInput, errors, password, confirm }: Props) {
  return (
    <>
      <Field.Root invalid={!!errors.new} required>
        <Field.Label>Password Baru</Field.Label>
        <PasswordInput {...newInput} autoComplete="new-password" />
        <Field.ErrorText>{errors.new}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.confirm} required>
        <Field.Label>Konfirmasi Password</Field.Label>
        <PasswordInput {...confirmInput} autoComplete="new-password" />
        <Field.ErrorText>{errors.confirm}</Field.ErrorText>
      </Field.Root>
      <PasswordChecklist password={password} confirm={confirm} />
    </>
  );
}
