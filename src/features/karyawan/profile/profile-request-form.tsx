import { Alert, Button, Card, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { AGAMA, PENDIDIKAN, STATUS_KELUARGA } from '../../../domain/enums';
import { maskNpwp, type KaryawanDetail } from '../../../domain/karyawan/karyawan';
import {
  PROFILE_FIELD_LABELS,
  PROFILE_REQUEST_FIELDS,
  ProfileRequestFormSchema,
  REQUEST_MESSAGES,
  type ProfileField,
  type ProfileRequestFormInput,
} from '../../../domain/karyawan/request';
import { formResolver } from '../../../lib/form-resolver';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-session';
import { enqueueProfileChange } from '../requests/outbox';
import { REQUEST_TEXTS } from '../requests/texts';

type Values = ProfileRequestFormInput;

// The domain schema checks the typed strings; what is sent stays as typed (the server parses it).
const resolver = formResolver(ProfileRequestFormSchema);

const CHOICES: Partial<Record<ProfileField, Readonly<Record<string, string>>>> = {
  status_kel: STATUS_KELUARGA,
  agama_id: AGAMA,
  pendidikan_id: PENDIDIKAN,
};
const INPUT: Partial<Record<ProfileField, { maxLength: number; inputMode?: 'numeric' | 'email' | 'tel' }>> = {
  alamat1: { maxLength: 40 },
  alamat2: { maxLength: 40 },
  kode_pos: { maxLength: 5, inputMode: 'numeric' },
  email: { maxLength: 40, inputMode: 'email' },
  telp_hp: { maxLength: 15, inputMode: 'tel' },
  jumlah_anak: { maxLength: 2, inputMode: 'numeric' },
  rek_bca: { maxLength: 12, inputMode: 'numeric' },
};
const REQUIRED = new Set<ProfileField>(['status_kel', 'jumlah_anak']);

export function currentValues(d: KaryawanDetail): Values {
  const out = {} as Values;
  for (const f of PROFILE_REQUEST_FIELDS) out[f] = d[f] === null ? '' : String(d[f]);
  return out;
}

interface Props {
  detail: KaryawanDetail;
  userid: string;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Request Update Profile: the fields an employee may ask to change, checked by the employee form's
 * rules. Only what differs from the record is sent, through the outbox (kind profile.change): it is
 * saved on the device first and works without a signal. Nothing changes until an admin approves.
 */
export function ProfileRequestForm({ detail, userid, onDone, onCancel }: Props) {
  const online = useOnline();
  const initial = currentValues(detail);
  const form = useForm<Values>({ resolver, defaultValues: initial, mode: 'onTouched' });
  // Fixed while the form is open: the outbox row id and Idempotency-Key (a double tap is one request).
  const [rowId] = useState(() => crypto.randomUUID());
  const [nothing, setNothing] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    const changes: Partial<Values> = {};
    for (const f of PROFILE_REQUEST_FIELDS) if (values[f].trim() !== initial[f]) changes[f] = values[f].trim();
    if (Object.keys(changes).length === 0) {
      setNothing(true);
      return;
    }
    setSaving(true);
    try {
      await enqueueProfileChange({ id: rowId, userid, nrp: detail.nrp, changes, at: dayjs() });
      notifySuccess(online ? 'Request tersimpan, sedang dikirim' : REQUEST_TEXTS.queued);
      onDone();
    } catch {
      notifyError(new Error('Gagal menyimpan di perangkat. Periksa ruang penyimpanan lalu coba lagi.'));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{REQUEST_TEXTS.formTitle}</Card.Title>
      </Card.Header>
      <Card.Body>
        <form noValidate aria-label={REQUEST_TEXTS.formTitle} onSubmit={(e) => void submit(e)}>
          <Stack gap="5">
            <Alert.Root status="info" data-testid="approval-notice">
              <Alert.Indicator />
              <Alert.Title>{REQUEST_MESSAGES.approvalNotice}</Alert.Title>
            </Alert.Root>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {PROFILE_REQUEST_FIELDS.map((f) => (
                <FormField
                  key={f}
                  label={PROFILE_FIELD_LABELS[f]}
                  required={REQUIRED.has(f)}
                  error={form.formState.errors[f]}
                >
                  {CHOICES[f] ? (
                    <NativeSelect.Root>
                      <NativeSelect.Field {...form.register(f, { onChange: () => setNothing(false) })}>
                        {!REQUIRED.has(f) && <option value="">-</option>}
                        {Object.entries(CHOICES[f]).map(([value, label]) => (
                          <option key={value} value={value}>
                            {label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  ) : f === 'npwp' ? (
                    <Controller
                      control={form.control}
                      name="npwp"
                      render={({ field }) => (
                        <Input
                          ref={field.ref}
                          name={field.name}
                          value={field.value}
                          onBlur={field.onBlur}
                          onChange={(e) => {
                            setNothing(false);
                            field.onChange(maskNpwp(e.target.value));
                          }}
                          inputMode="numeric"
                          placeholder="99.999.999.9-999.999"
                          autoComplete="off"
                        />
                      )}
                    />
                  ) : (
                    <Input
                      {...form.register(f, { onChange: () => setNothing(false) })}
                      maxLength={INPUT[f]?.maxLength}
                      inputMode={INPUT[f]?.inputMode}
                      autoComplete="off"
                    />
                  )}
                </FormField>
              ))}
            </SimpleGrid>
            {nothing && (
              <Text color="fg.error" role="alert">
                {REQUEST_TEXTS.noChanges}
              </Text>
            )}
            <HStack justify="flex-end" gap="3">
              <Button variant="outline" onClick={onCancel} disabled={saving}>
                {REQUEST_TEXTS.cancel}
              </Button>
              <Button type="submit" loading={saving}>
                {REQUEST_TEXTS.submit}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
