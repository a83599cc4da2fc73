import { NativeSelect } from '@chakra-ui/react';

export interface Option {
  value: string;
  label: string;
}

/** A controlled native select: the chosen value survives options that arrive later (or from the cache). */
export function SelectField({
  value,
  options,
  placeholder,
  onChange,
  disabled,
  label,
}: {
  value: string;
  options: Option[];
  placeholder?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** aria-label when the select is not inside a labelled field. */
  label?: string;
}) {
  const missing = !!value && !options.some((o) => o.value === value);
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={label}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {missing && <option value={value}>{value}</option>}
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
