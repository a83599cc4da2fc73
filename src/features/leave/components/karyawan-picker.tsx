import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebounced } from '../../../lib/use-debounced';
import { useOnline } from '../../../lib/use-session';
import { karyawanOptionsQuery } from '../api';

interface Props {
  nrp: string;
  nama: string;
  onChange: (nrp: string, nama: string) => void;
  /** The caller's own NRP, to go back to filing for oneself. */
  ownNrp: string | null;
}

/** leave.admin files on behalf of an employee (spec §6): search by NRP or name within the user's scope. */
export function KaryawanPicker({ nrp, nama, onChange, ownNrp }: Props) {
  const online = useOnline();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 400);
  const options = useQuery({ ...karyawanOptionsQuery(q), enabled: online && q.length >= 2 });
  if (nrp) {
    return (
      <HStack gap="2" flexWrap="wrap" w="full">
        <Text fontWeight="medium" data-testid="karyawan-chosen">
          {nrp} – {nama}
        </Text>
        <Button size="xs" variant="outline" onClick={() => onChange('', '')}>
          {ownNrp ? 'Untuk diri sendiri' : 'Ganti'}
        </Button>
      </HStack>
    );
  }
  return (
    <Stack gap="2" w="full">
      <Input
        placeholder={
          online
            ? ownNrp
              ? 'Kosongkan untuk diri sendiri; cari NRP atau nama'
              : 'Cari NRP atau nama'
            : 'Pencarian karyawan hanya saat online'
        }
        value={text}
        disabled={!online}
        aria-label="Cari karyawan"
        onChange={(e) => setText(e.target.value)}
      />
      {options.data && options.data.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          Karyawan tidak ditemukan
        </Text>
      )}
      {options.data?.map((k) => (
        <Button key={k.nrp} size="sm" variant="ghost" justifyContent="start" onClick={() => onChange(k.nrp, k.nama)}>
          {k.nrp} – {k.nama}
        </Button>
      ))}
    </Stack>
  );
}
