import { Button, HStack, Input, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
import { saveMaster, shiftDampak } from '../api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { MasterField, MasterScreen, ScreenResource } from '../screens';
import { DEFAULT_TIME_ZONE, dateIn } from '../../../domain/time-zone';
import { DEFAULT_TOLERANSI_MENIT } from '../../../domain/absensi/day-count';
import { MasterFieldInput } from './master-field-input';

/** Today in the business zone (WIB): a shift's Berlaku mulai defaults to it (docs/decisions/045). */
const businessToday = () => dateIn(DEFAULT_TIME_ZONE, new Date());

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
    date: '',
  };
  return Object.fromEntries(
    fields.map((f) => {
      const value = row?.[f.name];
      // Berlaku mulai: today, or the date a change already waiting for its day starts (so saving the
      // name alone does not pull that change forward).
      if (f.kind === 'date') {
        const today = businessToday();
        return [f.name, typeof value === 'string' && value > today ? value : today];
      }
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
  const { resource } = screen;
  const keyField = MASTER_KEYS[resource];
  const stored: Record<string, unknown> | undefined = row;
  const id = stored ? String(stored[keyField]) : undefined;
  const fields = screen.fields.filter((f) => id !== undefined || !f.editOnly);
  /** A back-dated shift change waiting for the user's yes: its body and the question. */
  const [pending, setPending] = useState<{ body: MasterBody; text: string } | null>(null);
  const [checking, setChecking] = useState(false);
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
  const send = (body: MasterBody) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onSaved();
      },
    });
  // A shift change dated before today re-judges days already recorded: say how many and ask first.
  const save = async (body: MasterBody) => {
    const from = typeof body.berlaku_mulai === 'string' ? body.berlaku_mulai : '';
    if (resource !== 'shift' || id === undefined || !from || from >= businessToday()) return send(body);
    setChecking(true);
    try {
      const dampak = await shiftDampak(id, from);
      if (dampak.ditolak) {
        form.setError('berlaku_mulai', { message: dampak.ditolak });
        return;
      }
      if (dampak.konfirmasi) setPending({ body, text: dampak.konfirmasi });
      else send(body);
    } catch (err) {
      notifyError(err);
    } finally {
      setChecking(false);
    }
  };
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
          <Button type="submit" loading={mutation.isPending || checking}>
            Simpan
          </Button>
        </HStack>
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title="Ubah hari yang sudah tercatat?"
        confirmLabel="Lanjutkan"
        busy={mutation.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) send(pending.body);
          setPending(null);
        }}
      >
        {pending?.text}
      </ConfirmDialog>
    </form>
  );
}
