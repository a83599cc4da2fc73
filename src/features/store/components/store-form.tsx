import { Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { StoreMap, MAP_TEXTS, type LatLong } from '../../../components/map';
import { KATEGORI } from '../../../domain/enums';
import type { MasterResource } from '../../../domain/master/master';
import { StoreCreateSchema, type StoreFormValues } from '../../../domain/store/store';
import { formResolver } from '../../../lib/form-resolver';
import { lookupQuery } from '../../../lib/lookups';
import { STORE_TEXTS as T } from '../texts';

interface Props {
  mode: 'create' | 'edit';
  initial: StoreFormValues;
  /** The view mode of the detail: every field read-only, the marker fixed. */
  readOnly?: boolean;
  busy?: boolean;
  defaultRadiusM: number;
  onSubmit: (values: StoreFormValues) => void;
  /** The buttons under the form (Save / Cancel, or Edit / Delete). */
  actions: ReactNode;
}

const resolver = formResolver(StoreCreateSchema);

/** A coordinate as the form holds it: text, as typed or as the marker wrote it. */
const coordinate = (x: unknown): number | null => {
  if (typeof x === 'number') return x;
  if (typeof x !== 'string' || x.trim() === '') return null;
  const n = Number(x);
  return Number.isFinite(n) ? n : null;
};

function CodeSelect({
  resource,
  registration,
  disabled,
  empty,
}: {
  resource: MasterResource;
  registration: UseFormRegisterReturn;
  disabled?: boolean;
  empty: string;
}) {
  const options = useQuery(lookupQuery(resource));
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field {...registration} bg={disabled ? 'bg.muted' : undefined}>
        <option value="">{empty}</option>
        {(options.data ?? []).map((o) => {
          const row = o as { id: string; nama?: string };
          return (
            <option key={row.id} value={row.id}>
              {row.nama ? `${row.id} - ${row.nama}` : row.id}
            </option>
          );
        })}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * The store's Type: one of the category codes (spec part 1 §3 "Category codes": GT, MT, CP), never typed
 * free (a typed "Supermarket" was cut to "Supe"). A stored value outside them stays selectable as it is.
 */
function TypeSelect({
  registration,
  current,
  disabled,
  empty,
}: {
  registration: UseFormRegisterReturn;
  current: string;
  disabled?: boolean;
  empty: string;
}) {
  const other = current && !(KATEGORI as readonly string[]).includes(current) ? current : null;
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field {...registration} bg={disabled ? 'bg.muted' : undefined}>
        <option value="">{empty}</option>
        {KATEGORI.map((k) => (
          <option key={k} value={k}>
            {k}
          </option>
        ))}
        {other && <option value={other}>{other}</option>}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The store form (spec part 2 §5 "Store"), checked with the server's own schema; the map fills lat/long. */
export function StoreForm({ mode, initial, readOnly, busy, defaultRadiusM, onSubmit, actions }: Props) {
  const form = useForm<StoreFormValues>({ resolver, defaultValues: initial });
  const { errors } = form.formState;
  const [lat, long, radius, custType] = useWatch({
    control: form.control,
    name: ['cust_lat', 'cust_long', 'radius_m', 'cust_type'],
  });
  const latNum = coordinate(lat);
  const longNum = coordinate(long);
  const position = latNum !== null && longNum !== null ? { lat: latNum, long: longNum } : null;
  // The circle the check-in is judged by: the store's own radius, or the server's default when blank.
  const radiusNum = coordinate(radius);
  const radiusM = radiusNum !== null && radiusNum > 0 ? radiusNum : defaultRadiusM;
  const { setValue } = form;
  const onMove = useCallback(
    (p: LatLong) => {
      setValue('cust_lat', String(p.lat), { shouldDirty: true, shouldValidate: true });
      setValue('cust_long', String(p.long), { shouldDirty: true, shouldValidate: true });
    },
    [setValue],
  );
  const ro = readOnly ? { readOnly: true, bg: 'bg.muted' } : {};
  const text = (name: keyof StoreFormValues, max: number) => (
    <Input {...form.register(name)} maxLength={max} autoComplete="off" {...ro} />
  );

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label={mode === 'create' ? T.createTitle : T.detailTitle}
    >
      <Stack gap="6" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        <Fieldset.Root disabled={busy}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label={T.labels.cust_code} required error={errors.cust_code}>
              <Input
                {...form.register('cust_code')}
                maxLength={20}
                autoComplete="off"
                readOnly={mode === 'edit' || readOnly}
                bg={mode === 'edit' || readOnly ? 'bg.muted' : undefined}
              />
            </FormField>
            <FormField label={T.labels.cust_name} required error={errors.cust_name}>
              {text('cust_name', 40)}
            </FormField>
            <FormField label={T.labels.client_id} error={errors.client_id}>
              <CodeSelect
                resource="client"
                registration={form.register('client_id')}
                disabled={readOnly}
                empty={T.none}
              />
            </FormField>
            <FormField label={T.labels.sales_office_id} error={errors.sales_office_id}>
              <CodeSelect
                resource="sales-office"
                registration={form.register('sales_office_id')}
                disabled={readOnly}
                empty={T.none}
              />
            </FormField>
            <FormField label={T.labels.kunnr} error={errors.kunnr}>
              {text('kunnr', 10)}
            </FormField>
            <FormField label={T.labels.cust_key_account} error={errors.cust_key_account}>
              <CodeSelect
                resource="key-account"
                registration={form.register('cust_key_account')}
                disabled={readOnly}
                empty={T.none}
              />
            </FormField>
            <FormField label={T.labels.cust_type} error={errors.cust_type}>
              <TypeSelect
                registration={form.register('cust_type')}
                current={typeof custType === 'string' ? custType : ''}
                disabled={readOnly}
                empty={T.none}
              />
            </FormField>
            <FormField label={T.labels.cust_zip} error={errors.cust_zip}>
              {text('cust_zip', 5)}
            </FormField>
          </SimpleGrid>
          <FormField label={T.labels.cust_address} error={errors.cust_address}>
            <Textarea {...form.register('cust_address')} maxLength={255} rows={2} {...ro} />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label={T.labels.cust_contact} error={errors.cust_contact}>
              {text('cust_contact', 40)}
            </FormField>
            <FormField label={T.labels.cust_telp} error={errors.cust_telp}>
              <Input {...form.register('cust_telp')} maxLength={15} inputMode="tel" autoComplete="off" {...ro} />
            </FormField>
            <FormField label={T.labels.cust_email} error={errors.cust_email}>
              <Input {...form.register('cust_email')} maxLength={40} type="email" autoComplete="off" {...ro} />
            </FormField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label={T.labels.cust_lat} error={errors.cust_lat}>
              <Input {...form.register('cust_lat')} maxLength={12} inputMode="decimal" autoComplete="off" {...ro} />
            </FormField>
            <FormField label={T.labels.cust_long} error={errors.cust_long}>
              <Input {...form.register('cust_long')} maxLength={12} inputMode="decimal" autoComplete="off" {...ro} />
            </FormField>
            <FormField label={T.labels.radius_m} error={errors.radius_m} helper={T.radiusHelper(defaultRadiusM)}>
              <Input {...form.register('radius_m')} maxLength={6} inputMode="numeric" autoComplete="off" {...ro} />
            </FormField>
          </SimpleGrid>
          <Stack gap="1">
            <StoreMap marker={{ position, onMove, disabled: readOnly, radiusM }} />
            {!readOnly && (
              <Text textStyle="sm" color="fg.muted">
                {MAP_TEXTS.dragHint}
              </Text>
            )}
          </Stack>
        </Fieldset.Root>
        <HStack justify="flex-end" gap="2" flexWrap="wrap">
          {actions}
        </HStack>
      </Stack>
    </form>
  );
}
