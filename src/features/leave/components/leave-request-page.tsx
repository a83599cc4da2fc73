import { Alert, Button, Card, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import type { LeaveFormFields } from '../../../domain/leave/leave';
import { LEAVE_TYPES } from '../../../domain/leave/leave-kinds';
import { LEAVE_MESSAGES } from '../../../domain/leave/leave-messages';
import { cutiEndDate, earliestStart } from '../../../domain/leave/leave-rules';
import { tanggal } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { formResolver } from '../../../lib/form-resolver';
import { useCan } from '../../../lib/use-can';
import { useOnline, useSession } from '../../../lib/use-session';
import { currentPeriodQuery } from '../../../lib/lookups';
import { cutiBalanceQuery, jenisCutiQuery, jenisLeaveQuery, visitDaysQuery } from '../api';
import {
  BLANK_FORM,
  leaveFormIssues,
  leaveFormSchema,
  leavePayload,
  type FormContext,
  type LeaveFormValues,
} from '../form';
import { enqueueLeaveCreate } from '../outbox';
import { AttachmentField } from './attachment-field';
import { KaryawanPicker } from './karyawan-picker';
import { SelectField } from './select-field';
import { VisitFields } from './visit-fields';

type Errors = Partial<Record<keyof LeaveFormValues, string>>;
const err = (m: string | undefined) => (m ? { message: m } : undefined);
/** Each field's message, for the parts that show one under a field they own (VisitFields, AttachmentField). */
const messagesOf = (errors: FieldErrors<LeaveFormValues>): Errors =>
  Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, e?.message]));

/**
 * /request/leave (spec §2.9, §5): one form for the five kinds. It works offline: the kinds, periods,
 * shifts and visit plan come from the cache, and saving writes the request (with its attachment) to
 * the outbox before anything is said to be saved.
 */
export function LeaveRequestPage({ onSaved }: { onSaved: () => void }) {
  const user = useSession()?.user;
  const online = useOnline();
  const isLeaveAdmin = useCan()('leave.admin');
  const kinds = useQuery(jenisLeaveQuery());
  const cutis = useQuery(jenisCutiQuery());
  const current = useQuery(currentPeriodQuery());
  // Warmed while online, so Tuker Off Hari and Perubahan Shift Kerja can be filed offline later.
  useQuery({
    ...visitDaysQuery(user?.userid ?? '', '', current.data?.id ?? ''),
    enabled: !!user?.nrp && !!current.data,
  });
  const [attachment, setAttachment] = useState<File | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const active = (kinds.data ?? []).filter((k) => k.status);
  const cutiKinds = cutis.data ?? [];
  // The checks depend on what is chosen: the resolver's schema is made for this render's choices.
  const context = (chosen: Pick<LeaveFormValues, 'jenis_leave' | 'jenis_cuti'>): FormContext => ({
    kind: active.find((k) => String(k.id) === chosen.jenis_leave),
    cuti: cutiKinds.find((c) => String(c.jenis_cuti_id) === chosen.jenis_cuti && c.status),
    filedOn: today,
    isLeaveAdmin,
    needsKaryawan: !user?.nrp,
  });
  const form = useForm<LeaveFormValues>({
    defaultValues: BLANK_FORM,
    resolver: (values, ...rest) => formResolver(leaveFormSchema(context(values)))(values, ...rest),
  });
  const values: LeaveFormValues = { ...BLANK_FORM, ...useWatch({ control: form.control }) };
  const errors = messagesOf(form.formState.errors);
  const [confirming, setConfirming] = useState<LeaveFormFields | null>(null);
  const [saving, setSaving] = useState(false);
  // The outbox row id (and Idempotency-Key) of this filing: one request however often Save is pressed.
  const [rowId, setRowId] = useState(() => crypto.randomUUID());

  const earliest = earliestStart(today, isLeaveAdmin);
  const { kind, cuti } = context(values);
  const type = kind?.type;
  const byPeriod = type ? LEAVE_TYPES[type].byPeriod : false;
  const balanceNrp = values.karyawan_nrp;
  const balance = useQuery({
    ...cutiBalanceQuery(user?.userid ?? '', balanceNrp, Number((values.start_date || today).slice(0, 4))),
    enabled: type === 'CUTI' && (!!balanceNrp || !!user?.nrp),
  });

  // Pengajuan Cuti: the end date follows the start and the cuti kind, read-only (spec §5).
  useEffect(() => {
    if (type !== 'CUTI') return;
    form.setValue('end_date', cuti && values.start_date ? cutiEndDate(values.start_date, cuti.lama_hari) : '');
  }, [type, cuti, values.start_date, form]);

  if (!user) return null;
  const set = (patch: Partial<LeaveFormValues>) => {
    for (const [k, v] of Object.entries(patch)) form.setValue(k as keyof LeaveFormValues, v);
    form.clearErrors();
  };

  // Spec §4: changing the leave type resets the other fields (the employee chosen stays).
  function chooseKind(id: string) {
    const next = active.find((k) => String(k.id) === id);
    form.reset({
      ...BLANK_FORM,
      jenis_leave: id,
      karyawan_nrp: values.karyawan_nrp,
      karyawan_nama: values.karyawan_nama,
      period_id: next && LEAVE_TYPES[next.type].byPeriod ? (current.data?.id ?? '') : '',
    });
    setAttachment(null);
  }

  const submit = form.handleSubmit(
    (checked) => setConfirming(leavePayload(checked, kind!, cuti)),
    () => {
      const first = leaveFormIssues(form.getValues(), context(form.getValues()))[0];
      notifyError(new Error(kind && first ? first.message : LEAVE_MESSAGES.incomplete));
    },
  );

  async function save(fields: LeaveFormFields) {
    setSaving(true);
    try {
      await enqueueLeaveCreate({
        id: rowId,
        userid: user!.userid,
        fields,
        attachment,
        at: dayjs(),
        jenisLabel: kind!.jenis_leave,
      });
      notifySuccess(
        online ? 'Pengajuan tersimpan, sedang dikirim' : 'Pengajuan tersimpan di perangkat, menunggu sinkron',
      );
      setRowId(crypto.randomUUID());
      onSaved();
    } catch {
      notifyError(new Error('Gagal menyimpan di perangkat. Periksa ruang penyimpanan lalu coba lagi.'));
    } finally {
      setSaving(false);
      setConfirming(null);
    }
  }

  if (!user.nrp && !isLeaveAdmin) {
    return (
      <Alert.Root status="warning" maxW="2xl" mx="auto">
        <Alert.Indicator />
        <Alert.Title>{LEAVE_MESSAGES.notLinked}</Alert.Title>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="4" maxW="2xl" mx="auto" pb="20">
      <Card.Root>
        <Card.Body>
          <form noValidate onSubmit={(e) => void submit(e)}>
            <Stack gap="4">
              {isLeaveAdmin && (
                <FormField label="Karyawan" required={!user.nrp} error={err(errors.karyawan_nrp)}>
                  <KaryawanPicker
                    nrp={values.karyawan_nrp}
                    nama={values.karyawan_nama}
                    ownNrp={user.nrp}
                    onChange={(nrp, nama) =>
                      set({ karyawan_nrp: nrp, karyawan_nama: nama, tanggal_off: '', hari_request: '' })
                    }
                  />
                </FormField>
              )}
              <FormField label="Jenis Leave" required error={err(errors.jenis_leave)}>
                <SelectField
                  value={values.jenis_leave}
                  placeholder={kinds.isPaused && !kinds.data ? '-' : kinds.isPending ? 'Memuat…' : 'Pilih jenis leave'}
                  options={active.map((k) => ({ value: String(k.id), label: k.jenis_leave }))}
                  onChange={chooseKind}
                />
              </FormField>
              {kinds.isPaused && !kinds.data && (
                <Text textStyle="sm" color="fg.muted" data-testid="kinds-not-loaded">
                  Jenis leave belum ada di perangkat ini. Buka halaman ini saat online untuk memuatnya.
                </Text>
              )}

              {type === 'CUTI' && (
                <FormField label="Jenis Cuti" required error={err(errors.jenis_cuti)}>
                  <SelectField
                    value={values.jenis_cuti}
                    placeholder="Pilih jenis cuti"
                    options={(cutis.data ?? [])
                      .filter((c) => c.status)
                      .map((c) => ({ value: String(c.jenis_cuti_id), label: `${c.jenis_cuti} (${c.lama_hari} hari)` }))}
                    onChange={(jenis_cuti) => set({ jenis_cuti })}
                  />
                </FormField>
              )}
              {type === 'CUTI' && balance.data && (
                <Text textStyle="sm" color="fg.muted" data-testid="cuti-balance">
                  {balance.data.hak === 0 && balance.data.eligible_from
                    ? `Hak cuti tahunan berlaku mulai ${tanggal(balance.data.eligible_from)}.`
                    : `Sisa cuti tahunan ${balance.data.tahun}: ${balance.data.sisa} hari` +
                      (balance.data.menunggu ? ` (${balance.data.menunggu} hari menunggu approval)` : '')}
                </Text>
              )}

              {type && !byPeriod && (
                <HStack gap="3" align="start" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
                  <FormField label="Tanggal Mulai" required error={err(errors.start_date)}>
                    <Input
                      type="date"
                      min={earliest}
                      {...form.register('start_date', { onChange: () => form.clearErrors() })}
                    />
                  </FormField>
                  <FormField
                    label="Tanggal Selesai"
                    error={err(errors.end_date)}
                    helper={type === 'CUTI' ? 'Otomatis: tanggal mulai + lama cuti − 1' : undefined}
                  >
                    <Input
                      type="date"
                      min={values.start_date || earliest}
                      readOnly={type === 'CUTI'}
                      aria-readonly={type === 'CUTI'}
                      bg={type === 'CUTI' ? 'bg.muted' : undefined}
                      {...form.register('end_date')}
                    />
                  </FormField>
                </HStack>
              )}

              {(type === 'TUKER_OFF' || type === 'PERUBAHAN_SHIFT') && (
                <VisitFields
                  type={type}
                  userid={user.userid}
                  nrp={values.karyawan_nrp}
                  values={values}
                  set={set}
                  errors={errors}
                  earliest={earliest}
                />
              )}

              {type && (
                <FormField label="Keterangan" error={err(errors.keterangan)}>
                  <Textarea rows={3} maxLength={255} {...form.register('keterangan')} />
                </FormField>
              )}
              {type && !byPeriod && (
                <AttachmentField
                  file={attachment}
                  required={type === 'SAKIT'}
                  error={errors.attachment}
                  onChange={(file, problem) => {
                    setAttachment(file);
                    form.setValue('attachment', file?.name ?? '');
                    form.clearErrors();
                    if (problem) {
                      form.setError('attachment', { message: problem });
                      notifyError(new Error(problem));
                    }
                  }}
                />
              )}
              <HStack justify="flex-end">
                <Button type="submit" size="lg" loading={saving}>
                  Simpan
                </Button>
              </HStack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
      <ConfirmDialog
        open={confirming !== null}
        title="Simpan Pengajuan"
        confirmLabel="Save"
        busy={saving}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void save(confirming)}
      >
        Lanjut Simpan Pengajuan Ini? Pengajuan akan di Approval oleh Team Leader dan Admin
      </ConfirmDialog>
    </Stack>
  );
}
