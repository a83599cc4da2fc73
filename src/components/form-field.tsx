import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Label, the control, and the validation message under it (react-hook-form's error for the field). */
export function FormField({
  label,
  error,
  required,
  helper,
  children,
}: {
  label: string;
  error?: { message?: string } | undefined;
  required?: boolean;
  helper?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}
