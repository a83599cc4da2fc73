import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  disabled?: boolean;
  maxW?: string | Record<string, string>;
}

/** A labelled native select (fast on phones, accessible by its label). */
export function PlainSelect({ label, value, onChange, options, placeholder, disabled, maxW }: Props) {
  return (
    <NativeSelect.Root maxW={maxW} disabled={disabled}>
      <NativeSelect.Field aria-label={label} bg="bg" value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** A labelled header field that can be locked as a whole (spec §4: the plan header locks once rows exist). */
export function HeaderField(props: { label: string; required?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Field.Root required={props.required} disabled={props.disabled}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      {props.children}
    </Field.Root>
  );
}
