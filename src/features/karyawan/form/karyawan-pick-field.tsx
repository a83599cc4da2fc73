/**
 * A field that holds another employee's NRP (the team leader), chosen in the employee picker and
 * shown as "NRP - Nama". The name travels with the form values (`<name>` → `team_leader_nama`) but is
 * never sent: the server answers it in the detail. The text box is read-only, so the picker is the one
 * way in; Enter or a click on it opens the picker too.
 */
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { KaryawanFormValues } from '../../../domain/karyawan/karyawan-form';
import { KaryawanPickerDialog } from '../components/karyawan-picker-dialog';
import { KARYAWAN_TEXTS } from '../texts';

type Form = UseFormReturn<KaryawanFormValues>;

const NAME = 'team_leader_nrp' as const;
const NAMA = 'team_leader_nama' as const;

export const karyawanLabel = (nrp: string | undefined, nama: string | undefined) =>
  nrp ? (nama ? `${nrp} - ${nama}` : nrp) : '';

function usePicked(form: Form) {
  const nrp = useWatch({ control: form.control, name: NAME });
  const nama = useWatch({ control: form.control, name: NAMA });
  return karyawanLabel(nrp, nama);
}

/** View mode: "NRP - Nama", or "-". */
export function KaryawanPickValue({ form }: { form: Form }) {
  const label = usePicked(form);
  return (
    <Text py="1.5" minH="9" w="full" borderBottomWidth="1px" borderColor="border.muted" data-field={NAME}>
      {label || '-'}
    </Text>
  );
}

/** Edit mode: the chosen employee, Pilih (the picker) and Hapus (no one). */
export function KaryawanPickControl({ form }: { form: Form }) {
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const label = usePicked(form);
  const set = (nrp: string, nama: string) => {
    form.setValue(NAME, nrp, { shouldDirty: true });
    form.setValue(NAMA, nama, { shouldDirty: true });
  };
  return (
    <Stack gap="2" w="full">
      <Input
        ref={input}
        readOnly
        value={label}
        placeholder={KARYAWAN_TEXTS.teamLeaderNone}
        name={NAME}
        cursor="pointer"
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        autoComplete="off"
      />
      <HStack gap="2" wrap="wrap">
        <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
          {KARYAWAN_TEXTS.teamLeaderPick}
        </Button>
        {label && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={() => {
              set('', '');
              // The button goes away with the leader: keep the focus in the field.
              input.current?.focus();
            }}
          >
            {KARYAWAN_TEXTS.teamLeaderClear}
          </Button>
        )}
      </HStack>
      <KaryawanPickerDialog
        open={open}
        onClose={() => setOpen(false)}
        onPick={(row) => {
          set(row.nrp, row.nama);
          setOpen(false);
        }}
      />
    </Stack>
  );
}
