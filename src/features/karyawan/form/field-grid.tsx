import { Field, Input, InputGroup, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { Controller, useWatch, type FieldError, type Path, type UseFormReturn } from 'react-hook-form';
import { maskNpwp } from '../../../domain/karyawan/karyawan';
import { rupiah, tanggal } from '../../../lib/format';
import type { KaryawanFormValues } from '../../../domain/karyawan/karyawan-form';
import type { FieldDef } from './fields';
import { KaryawanPickControl, KaryawanPickValue } from './karyawan-pick-field';
import { useLookupOptions } from './lookup-options';

type Form = UseFormReturn<KaryawanFormValues>;

interface Props {
  form: Form;
  fields: FieldDef[];
  /** Inputs (true) or the values as text (false). */
  editing: boolean;
  /** In edit mode: whether this tab's fields may change (otherwise they show as text). */
  editable: boolean;
  mode: 'create' | 'detail';
}

/** One tab's fields in a responsive grid: label, control or value, and the field's message. */
export function FieldGrid({ form, fields, editing, editable, mode }: Props) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      {fields
        .filter((d) => !d.only || d.only === mode)
        .map((d) => (
          <FieldCell key={d.name} form={form} def={d} edit={editing && editable && d.kind !== 'derived'} />
        ))}
    </SimpleGrid>
  );
}

function errorAt(form: Form, name: string): FieldError | undefined {
  const errors = form.formState.errors as Record<string, unknown>;
  if (name.startsWith('gaji.')) return (errors.gaji as Record<string, FieldError> | undefined)?.[name.slice(5)];
  return errors[name] as FieldError | undefined;
}

function FieldCell({ form, def, edit }: { form: Form; def: FieldDef; edit: boolean }) {
  const error = edit ? errorAt(form, def.name) : undefined;
  return (
    <Field.Root invalid={!!error} required={edit && def.required}>
      <Field.Label>
        {def.label}
        {edit && def.required && <Field.RequiredIndicator />}
      </Field.Label>
      <FieldBody form={form} def={def} edit={edit} />
      {edit && !error && def.kind === 'rupiah' && <RupiahHint form={form} def={def} />}
      {edit && def.helper && !error && def.kind !== 'rupiah' && <Field.HelperText>{def.helper}</Field.HelperText>}
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

function FieldBody({ form, def, edit }: { form: Form; def: FieldDef; edit: boolean }) {
  if (def.kind === 'karyawan') return edit ? <KaryawanPickControl form={form} /> : <KaryawanPickValue form={form} />;
  return edit ? <FieldControl form={form} def={def} /> : <FieldValue form={form} def={def} />;
}

/** Under an amount: what was typed, grouped as rupiah, and where the default comes from. */
function RupiahHint({ form, def }: { form: Form; def: FieldDef }) {
  const value = useWatch({ control: form.control, name: def.name as Path<KaryawanFormValues> }) as string;
  const amount = /^\d+$/.test(value ?? '') ? rupiah(Number(value)) : null;
  return <Field.HelperText>{[amount, def.helper].filter(Boolean).join(' · ')}</Field.HelperText>;
}

/** View mode: the value as text, codes with their names. */
function FieldValue({ form, def }: { form: Form; def: FieldDef }) {
  const value = useWatch({ control: form.control, name: def.name as Path<KaryawanFormValues> }) as string;
  const client = useWatch({ control: form.control, name: 'client_id' });
  const { options } = useLookupOptions(def.kind === 'lookup' ? def.lookup : undefined, def.byClient ? client : '');
  let text = value || '-';
  if (value) {
    if (def.options) text = def.options[value] ?? value;
    else if (def.kind === 'lookup') text = options.find((o) => o.value === value)?.label ?? value;
    else if (def.kind === 'date' || /^\d{4}-\d{2}-\d{2}$/.test(value)) text = tanggal(value);
    else if (def.kind === 'rupiah') text = rupiah(Number(value));
  }
  return (
    <Text py="1.5" minH="9" w="full" borderBottomWidth="1px" borderColor="border.muted" data-field={def.name}>
      {text}
    </Text>
  );
}

function FieldControl({ form, def }: { form: Form; def: FieldDef }) {
  const name = def.name as Path<KaryawanFormValues>;
  switch (def.kind) {
    case 'choice':
      return (
        <NativeSelect.Root>
          <NativeSelect.Field {...form.register(name)}>
            <option value="">Pilih {def.label.toLowerCase()}</option>
            {Object.entries(def.options ?? {}).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'lookup':
      return <LookupSelect form={form} def={def} />;
    case 'date':
      return <Input {...form.register(name)} type="date" />;
    case 'rupiah':
      return (
        <InputGroup startElement="Rp">
          <Input {...form.register(name)} inputMode="numeric" autoComplete="off" />
        </InputGroup>
      );
    case 'npwp':
      return (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Input
              ref={field.ref}
              name={field.name}
              value={field.value as string}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(maskNpwp(e.target.value))}
              inputMode="numeric"
              placeholder="99.999.999.9-999.999"
              autoComplete="off"
            />
          )}
        />
      );
    default:
      return <Input {...form.register(name)} maxLength={def.maxLength} inputMode={def.inputMode} autoComplete="off" />;
  }
}

/**
 * A select of a master list, the client's stores or the route lists. Controlled, so the stored code
 * stays selected when the options arrive after the form; lokasi, sales office and route list list
 * only the chosen company's rows, the store only the chosen client's.
 */
function LookupSelect({ form, def }: { form: Form; def: FieldDef }) {
  const client = useWatch({ control: form.control, name: 'client_id' });
  const { options, loading, error } = useLookupOptions(def.lookup, def.byClient ? client : '');
  const company = useWatch({ control: form.control, name: 'kode_prsh' });
  const waitingForClient = def.byClient && !client;
  const shown = def.byCompany && company ? options.filter((o) => !o.kode_prsh || o.kode_prsh === company) : options;
  return (
    <Controller
      control={form.control}
      name={def.name as Path<KaryawanFormValues>}
      render={({ field }) => {
        const value = field.value as string;
        const missing = !!value && !shown.some((o) => o.value === value);
        // Inside a Field.Root, NativeSelect.Root's `disabled` is ignored (the field's own wins), and the
        // Field's types leave it out: it goes to the <select> as a plain attribute.
        const selectAttributes: { disabled: boolean } = { disabled: loading || (!!waitingForClient && !value) };
        return (
          <NativeSelect.Root>
            <NativeSelect.Field
              {...selectAttributes}
              ref={field.ref}
              name={field.name}
              value={value}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
            >
              <option value="">
                {error
                  ? 'Gagal memuat pilihan'
                  : waitingForClient
                    ? 'Pilih client terlebih dahulu'
                    : `Pilih ${def.label.toLowerCase()}`}
              </option>
              {missing && <option value={value}>{value}</option>}
              {shown.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        );
      }}
    />
  );
}
