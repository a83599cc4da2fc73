import { Box, Button, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { FormField } from '../../../../components/form-field';
import { PageHeader } from '../../../../components/page-header';
import {
  AbsensiManualSchema,
  type AbsensiManual,
  type AbsensiManualInput,
  type FindNrpRow,
} from '../../../../domain/absensi/absensi-admin';
import { ErrorSchema } from '../../../../domain/api';
import { STATUS_ABSENSI } from '../../../../domain/enums';
import { dateIn, TIME_ZONE_LABEL } from '../../../../domain/time-zone';
import { parsedFormResolver } from '../../../../lib/form-resolver';
import { ApiError } from '../../../../lib/http';
import { lookupQuery } from '../../../../lib/lookups';
import { notifyError, notifySuccess } from '../../../../lib/toast';
import { existingDayQuery, saveManualAbsensi } from '../api';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { differsFrom, ExistingDayCard, ReplaceSummary } from './existing-day-card';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';
import { EmployeePicker } from './employee-picker';

const EMPTY: AbsensiManualInput = {
  nrp: '',
  shift_id: '',
  sts_abs_id: '',
  tanggal: '',
  jam_masuk: '',
  jam_keluar: '',
  alasan: '',
};

const resolver = parsedFormResolver(AbsensiManualSchema);
const F = T.form;

/**
 * /absensi/new (spec part 2 §2.7, §5): employee (picker), shift, status, date, jam masuk and keluar in the
 * employee's own zone, and the reason. The same schema checks the form and the server; the server's
 * field issues (an unknown shift, a posted period) come back onto the form.
 */
export function ManualFormPage({ onSaved, onCancel }: { onSaved: (tanggal: string) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const save = useMutation(saveManualAbsensi(qc));
  const shifts = useQuery(lookupQuery('shift'));
  const [picking, setPicking] = useState(false);
  const [employee, setEmployee] = useState<FindNrpRow | null>(null);
  // 'all': the resolver then checks the jam pair even while other fields are empty (every §5 message at once).
  const form = useForm<AbsensiManualInput, unknown, AbsensiManual>({
    resolver,
    defaultValues: EMPTY,
    criteriaMode: 'all',
  });
  const errors = form.formState.errors;
  const today = dateIn(employee?.time_zone ?? 'Asia/Jayapura', new Date());
  const nrp = useWatch({ control: form.control, name: 'nrp' }) ?? '';
  const tanggal = useWatch({ control: form.control, name: 'tanggal' }) ?? '';
  // The day already recorded for this employee and date: the form edits it instead of writing blind.
  const existingQuery = useQuery({
    ...existingDayQuery(nrp, tanggal),
    enabled: nrp !== '' && /^\d{4}-\d{2}-\d{2}$/.test(tanggal) && tanggal <= today,
  });
  const existing = existingQuery.data ?? null;
  const [replacing, setReplacing] = useState<AbsensiManual | null>(null);
  const loadedKey = existing
    ? `${existing.nrp}|${existing.tanggal}|${existing.updated_at ?? ''}|${existing.sumber}`
    : '';
  useEffect(() => {
    if (!existing) return;
    // Seconds stay: the time inputs take 'HH:mm:ss'.
    form.reset(
      {
        ...form.getValues(),
        shift_id: existing.shift_id ?? '',
        sts_abs_id: existing.sts_abs_id,
        jam_masuk: existing.jam_masuk ?? '',
        jam_keluar: existing.jam_keluar ?? '',
      },
      { keepDefaultValues: true },
    );
    // Loaded once per day and version, not on every render of the same answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedKey]);

  const save_ = async (values: AbsensiManual) => {
    try {
      const answer = await save.mutateAsync(values);
      notifySuccess(answer.message);
      onSaved(answer.result.tanggal);
    } catch (err) {
      if (err instanceof ApiError) {
        const parsed = v.safeParse(ErrorSchema, err.body);
        for (const issue of (parsed.success ? parsed.output.error.issues : undefined) ?? []) {
          if (issue.path in EMPTY) form.setError(issue.path as keyof AbsensiManualInput, { message: issue.message });
        }
      }
      notifyError(err);
    }
  };
  const submit = form.handleSubmit(async (values) => {
    // Replacing a recorded day is asked first, with what changes.
    if (existing && differsFrom(existing, values)) setReplacing(values);
    else await save_(values);
  });

  return (
    <Stack gap="4">
      <PageHeader title={existing ? F.editTitle : T.newTitle} />
      {existingQuery.isFetching && !existing && (
        <Text textStyle="sm" color="fg.muted" role="status">
          {F.loadingExisting}
        </Text>
      )}
      {existing && (
        <Box maxW="3xl">
          <ExistingDayCard day={existing} />
        </Box>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '3', md: '5' }} maxW="3xl">
          <FormField label={F.karyawan} error={errors.nrp} required>
            <HStack gap="2" w="full">
              <Input
                readOnly
                value={employee ? `${employee.nrp} - ${employee.nama}` : ''}
                placeholder={F.choose}
                onClick={() => setPicking(true)}
                aria-label={F.karyawan}
              />
              <Button variant="outline" onClick={() => setPicking(true)}>
                {F.pick}
              </Button>
            </HStack>
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label={F.shift} error={errors.shift_id} required>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('shift_id')} aria-label={F.shift}>
                  <option value="">{F.choose}</option>
                  {(shifts.data ?? []).map((s) => {
                    const row = s as { id: string; nama: string; jam_mulai?: string; jam_selesai?: string };
                    return (
                      <option key={row.id} value={row.id}>
                        {row.nama}
                        {row.jam_mulai ? ` (${row.jam_mulai.slice(0, 5)}–${row.jam_selesai?.slice(0, 5)})` : ''}
                      </option>
                    );
                  })}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={F.status} error={errors.sts_abs_id} required>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('sts_abs_id')} aria-label={F.status}>
                  <option value="">{F.choose}</option>
                  {STATUS_ABSENSI.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.id} - {s.nama}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={F.tanggal} error={errors.tanggal} required>
              <Input type="date" max={today} {...form.register('tanggal')} aria-label={F.tanggal} />
            </FormField>
            <Stack gap="1">
              <SimpleGrid columns={2} gap="3">
                <FormField label={F.jamMasuk} error={errors.jam_masuk} required>
                  <Input type="time" step={1} {...form.register('jam_masuk')} aria-label={F.jamMasuk} />
                </FormField>
                <FormField label={F.jamKeluar} error={errors.jam_keluar} required>
                  <Input type="time" step={1} {...form.register('jam_keluar')} aria-label={F.jamKeluar} />
                </FormField>
              </SimpleGrid>
              {employee && (
                <Text textStyle="xs" color="fg.muted">
                  {F.zoneHint(TIME_ZONE_LABEL[employee.time_zone])}
                </Text>
              )}
            </Stack>
          </SimpleGrid>
          <FormField label={F.alasan} error={errors.alasan} required helper={F.alasanHint}>
            <Textarea rows={2} maxLength={255} {...form.register('alasan')} aria-label={F.alasan} />
          </FormField>
          <HStack justify="flex-end" gap="2">
            <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {F.save}
            </Button>
          </HStack>
        </Stack>
      </form>
      {existing && replacing && (
        <ConfirmDialog
          open
          title={F.replaceTitle}
          confirmLabel={F.replaceConfirm}
          busy={save.isPending}
          onCancel={() => setReplacing(null)}
          onConfirm={() => void save_(replacing).finally(() => setReplacing(null))}
        >
          <ReplaceSummary day={existing} next={replacing} />
        </ConfirmDialog>
      )}
      <EmployeePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(row) => {
          setEmployee(row);
          setPicking(false);
          form.setValue('nrp', row.nrp, { shouldValidate: form.formState.isSubmitted });
          if (row.shift_id && !form.getValues('shift_id')) form.setValue('shift_id', row.shift_id);
        }}
      />
    </Stack>
  );
}
