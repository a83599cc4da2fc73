import { createListCollection, Field, Portal, Select, Spinner } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TRUSTEE_LABELS, type TrusteeKey } from '../../../domain/users/users';
import { errorMessage } from '../../../lib/http';
import { trusteeOptionsQuery, type LookupOption } from '../api';

interface Props {
  dimension: TrusteeKey;
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * One trustee dimension as a multi-select of master codes. Codes already chosen stay listed even when
 * the master list failed to load or no longer has them, so saving never drops them silently.
 */
export function TrusteeSelect({ dimension, value, onChange, error, disabled }: Props) {
  const options = useQuery(trusteeOptionsQuery(dimension));
  const collection = useMemo(() => {
    const known = options.data ?? [];
    const seen = new Set(known.map((o) => o.value));
    const orphans: LookupOption[] = value.filter((c) => !seen.has(c)).map((c) => ({ value: c, label: c }));
    return createListCollection({ items: [...known, ...orphans] });
  }, [options.data, value]);
  const loadError = options.isError ? `Gagal memuat pilihan: ${errorMessage(options.error)}` : undefined;
  const label = TRUSTEE_LABELS[dimension];

  return (
    <Field.Root invalid={!!error || !!loadError} disabled={disabled}>
      <Select.Root
        multiple
        collection={collection}
        value={value}
        onValueChange={(e) => onChange(e.value)}
        disabled={disabled}
        positioning={{ sameWidth: true }}
      >
        <Select.HiddenSelect />
        <Select.Label>{label}</Select.Label>
        <Select.Control>
          <Select.Trigger>
            <Select.ValueText placeholder="Semua" />
          </Select.Trigger>
          <Select.IndicatorGroup>
            {options.isLoading && <Spinner size="xs" />}
            {value.length > 0 && !disabled && <Select.ClearTrigger aria-label={`Kosongkan ${label}`} />}
            <Select.Indicator />
          </Select.IndicatorGroup>
        </Select.Control>
        <Portal>
          <Select.Positioner>
            <Select.Content maxH="64">
              {collection.items.map((item) => (
                <Select.Item item={item} key={item.value}>
                  {item.label}
                  <Select.ItemIndicator />
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Positioner>
        </Portal>
      </Select.Root>
      <Field.ErrorText>{error ?? loadError}</Field.ErrorText>
    </Field.Root>
  );
}
