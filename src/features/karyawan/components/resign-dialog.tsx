import {
  Button,
  Dialog,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { ALASAN_P3 } from '../../../domain/enums';
import type { KaryawanRow } from '../../../domain/karyawan/karyawan-list';
import { ResignFormSchema, type ResignFormValues } from '../../../domain/karyawan/karyawan-lifecycle';
import { formResolver } from '../../../lib/form-resolver';
import { rupiah } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { fetchResignDetail, saveResign } from '../api';
import { KARYAWAN_TEXTS } from '../texts';
import { KaryawanPickerDialog } from './karyawan-picker-dialog';

type Values = Required<ResignFormValues>;

const resolver = formResolver(ResignFormSchema);
const s = (x: unknown) => (x === null || x === undefined ? '' : String(x));

function valuesOf(row: KaryawanRow | null): Values {
  return {
    nrp: row?.nrp ?? '',
    tgl_p3: s(row?.tgl_p3),
    alasan_p3: s(row?.alasan_p3),
    u_kebijaksanaan: s(row?.u_kebijaksanaan),
    u_kebijaksanaan_desc: s(row?.u_kebijaksanaan_desc),
    u_cuti: s(row?.u_cuti),
    u_potongan: s(row?.u_potongan),
    u_lumpdrop: s(row?.u_lumpdrop),
    tgl_bast: s(row?.tgl_bast),
  };
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** The resigned row being changed; null for a new resignation. */
  record: KaryawanRow | null;
}

/**
 * The resign form (spec §5 "Resign dialog"). For a new record, choosing the resign date fetches the
 * proposed discretionary amount (by nrp and tgl_p3) and sets the BAST date to it.
 */
export function ResignDialog({ open, onClose, record }: Props) {
  const form = useForm<ResignFormValues>({ resolver, defaultValues: valuesOf(record) });
  const [picked, setPicked] = useState<{ nrp: string; nama: string } | null>(record);
  const [picking, setPicking] = useState(false);
  const queryClient = useQueryClient();
  const isNew = record === null;
  const [nrp = '', tglP3 = ''] = useWatch({ control: form.control, name: ['nrp', 'tgl_p3'] });
  const { errors } = form.formState;

  useEffect(() => {
    if (!isNew || !nrp || !/^\d{4}-\d{2}-\d{2}$/.test(tglP3)) return;
    let live = true;
    form.setValue('tgl_bast', tglP3, { shouldValidate: form.formState.isSubmitted });
    fetchResignDetail(nrp, tglP3)
      .then((d) => {
        if (!live) return;
        form.setValue('u_kebijaksanaan', String(d.u_kebijaksanaan), { shouldValidate: form.formState.isSubmitted });
        form.setValue('u_kebijaksanaan_desc', d.u_kebijaksanaan_desc);
      })
      .catch((err: unknown) => notifyError(err));
    return () => {
      live = false;
    };
  }, [isNew, nrp, tglP3, form]);

  const save = useMutation({ ...saveResign(queryClient, isNew), onError: (err) => notifyError(err) });
  const submit = (values: ResignFormValues) =>
    save.mutate(
      { nrp: values.nrp ?? '', body: values },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onClose();
        },
      },
    );

  const amounts = useWatch({ control: form.control, name: ['u_kebijaksanaan', 'u_cuti', 'u_lumpdrop', 'u_potongan'] });
  const hint = (name: keyof Values) => {
    const raw = amounts[['u_kebijaksanaan', 'u_cuti', 'u_lumpdrop', 'u_potongan'].indexOf(name)] ?? '';
    return /^\d+$/.test(raw) ? rupiah(Number(raw)) : undefined;
  };
  const money = (name: keyof Values, label: string, required = false) => (
    <FormField label={label} required={required} error={errors[name]} helper={hint(name)}>
      <InputGroup startElement="Rp">
        <Input {...form.register(name)} inputMode="numeric" autoComplete="off" />
      </InputGroup>
    </FormField>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <form noValidate onSubmit={form.handleSubmit(submit)} aria-label="Form resign">
              <Dialog.Header>
                <Dialog.Title>{isNew ? KARYAWAN_TEXTS.resignAdd : 'Ubah Data Resign'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormField label="Karyawan" required error={errors.nrp}>
                    <HStack w="full">
                      <Text
                        flex="1"
                        py="2"
                        px="3"
                        borderWidth="1px"
                        rounded="l2"
                        minH="10"
                        color={picked ? 'fg' : 'fg.muted'}
                      >
                        {picked ? `${picked.nrp} - ${picked.nama}` : 'Belum dipilih'}
                      </Text>
                      {isNew && (
                        <Button variant="outline" onClick={() => setPicking(true)}>
                          Pilih
                        </Button>
                      )}
                    </HStack>
                  </FormField>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormField label="Tanggal Resign" required error={errors.tgl_p3}>
                      <Input type="date" {...form.register('tgl_p3')} />
                    </FormField>
                    <FormField label="Alasan" required error={errors.alasan_p3}>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...form.register('alasan_p3')}>
                          <option value="">Pilih alasan</option>
                          {Object.entries(ALASAN_P3).map(([id, nama]) => (
                            <option key={id} value={id}>
                              {id} - {nama}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </FormField>
                    {money('u_kebijaksanaan', 'Uang Kebijaksanaan', true)}
                    <FormField label="Keterangan Uang Kebijaksanaan" error={errors.u_kebijaksanaan_desc}>
                      <Input {...form.register('u_kebijaksanaan_desc')} maxLength={255} />
                    </FormField>
                    {money('u_cuti', 'Uang Cuti')}
                    {money('u_lumpdrop', 'Uang Lumpdrop')}
                    {money('u_potongan', 'Potongan')}
                    <FormField label="Tanggal BAST" required error={errors.tgl_bast}>
                      <Input type="date" {...form.register('tgl_bast')} />
                    </FormField>
                  </SimpleGrid>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={save.isPending}>
                  Batal
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Simpan
                </Button>
              </Dialog.Footer>
            </form>
            <KaryawanPickerDialog
              open={picking}
              onClose={() => setPicking(false)}
              onPick={(row) => {
                setPicked({ nrp: row.nrp, nama: row.nama });
                form.setValue('nrp', row.nrp, { shouldValidate: form.formState.isSubmitted });
                setPicking(false);
              }}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
