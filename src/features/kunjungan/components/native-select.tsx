import { NativeSelect } from '@chakra-ui/react';

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
