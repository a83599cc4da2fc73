import { NativeSelect } from '@chakra-ui/react';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A list filter's select, named by `label`. `placeholder`: a first option for '' (every value). A value
 * not among the options (a code typed in the address, a list not loaded yet) stays chosen and shown.
 */
export function FilterSelect({
  label,
  value,
  options,
  placeholder,
  onChange,
  size,
}: {
  label: string;
  value: string;
  options: FilterOption[];
  placeholder?: string;
  onChange: (v: string) => void;
  size?: 'sm' | 'md';
}) {
  const missing = !!value && !options.some((o) => o.value === value);
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} bg="bg">
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
