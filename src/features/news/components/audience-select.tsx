import {
  Badge,
  Box,
  Button,
  CloseButton,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SelectOption } from '../../../domain/news/news';
import { useDebounced } from '../../../lib/use-debounced';
import { newsKaryawanQuery } from '../api';
import { NEWS_TEXTS as T } from '../texts';

interface Props {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** Labels of values not among the options (e.g. a chosen NRP). */
  labelOf: (value: string) => string;
  readOnly?: boolean;
  required?: boolean;
  error?: string;
  /** "Semua …" shown while nothing is chosen (an empty list means all); none for the required one. */
  emptyText?: string;
}

function Chips({
  value,
  onChange,
  labelOf,
  readOnly,
  label,
}: Pick<Props, 'value' | 'onChange' | 'labelOf' | 'readOnly' | 'label'>) {
  return (
    <Wrap gap="1.5">
      {value.map((v) => (
        <Badge key={v} size="lg" variant="subtle" colorPalette="green" pe={readOnly ? undefined : '0'} maxW="full">
          <Text as="span" truncate>
            {labelOf(v)}
          </Text>
          {!readOnly && (
            <CloseButton
              size="2xs"
              aria-label={`Hapus ${labelOf(v)} dari ${label.toLowerCase()}`}
              onClick={() => onChange(value.filter((x) => x !== v))}
            />
          )}
        </Badge>
      ))}
    </Wrap>
  );
}

/** A multi-select of codes: the chosen ones as chips, the rest in a select that adds one. */
export function AudienceSelect({ options, ...p }: Props & { options: SelectOption[] }) {
  const rest = options.filter((o) => !p.value.includes(o.value));
  return (
    <Field.Root invalid={!!p.error} required={p.required}>
      <Field.Label>
        {p.label}
        {p.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Stack gap="2" w="full">
        {p.value.length === 0 && p.emptyText && (
          <Text textStyle="sm" color="fg.muted">
            {p.emptyText}
          </Text>
        )}
        <Chips {...p} />
        {!p.readOnly && rest.length > 0 && (
          <NativeSelect.Root size="sm" maxW={{ base: 'full', md: 'sm' }}>
            <NativeSelect.Field
              value=""
              aria-label={T.addOption(p.label)}
              onChange={(e) => e.target.value && p.onChange([...p.value, e.target.value])}
              bg="bg"
            >
              <option value="">{T.addOption(p.label)}</option>
              {rest.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </Stack>
      <Field.ErrorText>{p.error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Individual employees: chips, and a search (NRP or name) among the chosen companies' active staff. */
export function KaryawanSelect({
  companies,
  onPicked,
  ...p
}: Props & { companies: string[]; onPicked: (o: SelectOption) => void }) {
  const [q, setQ] = useState('');
  const term = useDebounced(q.trim(), 300);
  const found = useQuery({ ...newsKaryawanQuery(term, companies.join(',')), enabled: !p.readOnly && term.length > 0 });
  const hits = (found.data ?? []).filter((o) => !p.value.includes(o.value));
  return (
    <Field.Root invalid={!!p.error}>
      <Field.Label>{p.label}</Field.Label>
      <Stack gap="2" w="full">
        {p.value.length === 0 && p.emptyText && (
          <Text textStyle="sm" color="fg.muted">
            {p.emptyText}
          </Text>
        )}
        <Chips {...p} />
        {!p.readOnly && (
          <Box maxW={{ base: 'full', md: 'sm' }}>
            <Input
              size="sm"
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder={T.searchKaryawan}
              aria-label={`${T.searchKaryawan} (${p.label})`}
              bg="bg"
            />
            {term && (
              <Stack gap="0" mt="1" borderWidth="1px" borderRadius="md" maxH="48" overflowY="auto" bg="bg">
                {hits.length === 0 && !found.isFetching && (
                  <Text textStyle="sm" color="fg.muted" px="3" py="2">
                    {T.noMatch}
                  </Text>
                )}
                {hits.map((o) => (
                  <Button
                    key={o.value}
                    variant="ghost"
                    size="sm"
                    justifyContent="start"
                    onClick={() => {
                      onPicked(o);
                      p.onChange([...p.value, o.value]);
                      setQ('');
                    }}
                  >
                    <HStack gap="2" minW="0">
                      <Text as="span" truncate>
                        {o.label}
                      </Text>
                    </HStack>
                  </Button>
                ))}
              </Stack>
            )}
          </Box>
        )}
      </Stack>
      <Field.ErrorText>{p.error}</Field.ErrorText>
    </Field.Root>
  );
}
