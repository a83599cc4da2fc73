import { Button, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { DATE_FORMAT } from '../../../domain/dates';
import { KARYAWAN_TABS, type KaryawanTab } from '../../../domain/karyawan/karyawan';
import { KaryawanFormSchema, type KaryawanFormValues } from '../../../domain/karyawan/karyawan-form';
import { formResolver } from '../../../lib/form-resolver';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createKaryawan } from '../api';
import { emptyValues, tabOfPath, toFormData } from '../form/fields';
import { KaryawanTabs, type Photos } from '../form/karyawan-tabs';
import { useDerivedFields } from '../form/use-derived-fields';
import { KARYAWAN_TEXTS } from '../texts';

// The form keeps what the inputs hold; the server applies the same rules' parsing itself.
const resolver = formResolver(KaryawanFormSchema);

/** /karyawan/create/new: every tab editable, the §3 defaults, SAVE → /karyawan. */
export function KaryawanCreatePage({ onCreated }: { onCreated: () => void }) {
  const today = dayjs().format(DATE_FORMAT);
  const form = useForm<KaryawanFormValues>({
    resolver,
    defaultValues: { ...emptyValues(today), tgl_awkerja: today, tgl_pph: today },
  });
  useDerivedFields(form, { salary: true });
  const [tab, setTab] = useState<string>('personal');
  const [photos, setPhotos] = useState<Photos>({ foto_kar: null, foto_ktp: null });
  const queryClient = useQueryClient();
  const save = useMutation({ ...createKaryawan(queryClient), onError: (err) => notifyError(err) });
  const submit = (values: KaryawanFormValues) =>
    save.mutate(toFormData(values, KARYAWAN_TABS, photos), {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onCreated();
      },
    });

  const onInvalid = (errors: FieldErrors<KaryawanFormValues>) => {
    const first = Object.keys(errors).map(tabOfPath).find(Boolean);
    if (first) setTab(first);
  };

  return (
    <form noValidate aria-label={KARYAWAN_TEXTS.createTitle} onSubmit={form.handleSubmit(submit, onInvalid)}>
      <Stack gap="4">
        <PageHeader
          title={KARYAWAN_TEXTS.createTitle}
          actions={
            <Button type="submit" loading={save.isPending}>
              SAVE
            </Button>
          }
        />
        <KaryawanTabs
          form={form}
          mode="create"
          editing
          tabs={[...KARYAWAN_TABS] as KaryawanTab[]}
          canEdit={() => true}
          tab={tab}
          onTab={setTab}
          photos={photos}
          onPhoto={(field, file) => setPhotos((p) => ({ ...p, [field]: file }))}
        />
      </Stack>
    </form>
  );
}
