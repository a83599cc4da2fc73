import { Button, HStack, Input, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import * as v from 'valibot';
import { ErrorSchema } from '../../../domain/api';
import {
  MASTER_KEYS,
  masterFormSchema,
  type MasterBody,
  type MasterFormValues,
  type MasterRows,
} from '../../../domain/master/master';
import { FormField } from '../../../components/form-field';
import { ApiError } from '../../../lib/http';
import { parsedFormResolver } from '../../../lib/form-resolver';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { saveMaster } from '../api';
import type { MasterField, MasterScreen, ScreenResource } from '../screens';
import { DEFAULT_TIME_ZONE } from '../../../domain/time-zone';
import { DEFAULT_TOLERANSI_MENIT } from '../../../domain/absensi/day-count';
import { MasterFieldInput } from './master-field-input';

function initialValues(fields: MasterField[], row: Record<string, unknown> | undefined): MasterFormValues {
  const blank: Record<MasterField['kind'], string> = {
    text: '',
    textarea: '',
    company: '',
    time: '',
    rupiah: '0',
    yesno: 'T',
    timezone: DEFAULT_TIME_ZONE,
    minutes: String(DEFAULT_TOLERANSI_MENIT),
    devicepolicy: 'wajib',
  };
  return Object.fromEntries(
    fields.map((f) => {
      const value = row?.[f.name];
      if (value === null || value === undefined) return [f.name, blank[f.kind]];
      return [f.name, f.kind === 'time' ? String(value).slice(0, 5) : String(value)];
    }),
  );
}

/** A 400 with field issues marks those fields; a duplicate code marks the code field. */
function showServerIssues(err: unknown, form: UseFormReturn<MasterFormValues, unknown, MasterBody>, keyField: string) {
  if (!(err instanceof ApiError)) return;
  const answer = v.safeParse(ErrorSchema, err.body);
  const issues = answer.success ? answer.output.error.issues : undefined;
  for (const issue of issues ?? []) if (issue.path) form.setError(issue.path, { message: issue.message });
  if (err.status === 409) form.setError(keyField, { message: err.message });
}

interface Props<R extends ScreenResource> {
  screen: MasterScreen<R>;
  /** The row being edited; absent = create. */
  row?: MasterRows[R];
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Create or edit one master row, checked with the same schema the server uses. The server's message
 * is shown as a toast; its field issues are shown under the fields.
 */
export function MasterForm<R extends ScreenResource>({ screen, row, onSaved, onCancel }: Props<R>) {
  const { resource, fields } = screen;
  const keyField = MASTER_KEYS[resource];
  const stored: Record<string, unknown> | undefined = row;
  const id = stored ? String(stored[keyField]) : undefined;
  const resolver = useMemo(
    () => parsedFormResolver(masterFormSchema(resource, id === undefined ? 'create' : 'update')),
    [resource, id],
  );
  const form = useForm<MasterFormValues, unknown, MasterBody>({
    resolver,
    defaultValues: initialValues(fields, stored),
  });
  const qc = useQueryClient();
  const mutation = useMutation({
    ...saveMaster(qc, resource, id),
    onError: (err) => {
      showServerIssues(err, form, keyField);
      notifyError(err);
    },
  });
  const save = (body: MasterBody) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onSaved();
      },
    });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(save)}>
      <Stack gap="4">
        {fields.map((f) =>
          f.isKey && id !== undefined ? (
            // The key of an edited row cannot change (other rows point at it): shown, not sent.
            <FormField key={f.name} label={f.label}>
              <Input value={id} readOnly disabled />
            </FormField>
          ) : (
            <FormField
              key={f.name}
              label={f.label}
              required={f.kind !== 'textarea' && !f.optional}
              helper={f.helper}
              error={errors[f.name]}
            >
              <MasterFieldInput field={f} registration={form.register(f.name)} />
            </FormField>
          ),
        )}
        <HStack justify="flex-end" gap="2" pt="2">
          <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
            Batal
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Simpan
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
