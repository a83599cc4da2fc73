import { Button, DataList, Dialog, Field, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { contractEnd } from '../../../domain/dates';
import { LAMA_KONTRAK } from '../../../domain/enums';
import { renewProposal } from '../../../domain/karyawan/karyawan-lifecycle';
import { tanggal } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { renewKontrak } from '../api';
import { KARYAWAN_TEXTS } from '../texts';

interface Props {
  open: boolean;
  onClose: () => void;
  nrp: string;
  nama: string;
  current: { per_kontrak: number; lama_kontrak: number | null; selesai_kontrak: string };
}

/**
 * Renew contract (spec §4): the next sequence, starting the day after the current end, the length
 * defaulting to the current one, end = start + months − 1 day, status B.
 */
export function RenewDialog({ open, onClose, nrp, nama, current }: Props) {
  const proposal = renewProposal(current);
  const [lama, setLama] = useState(proposal.lama_kontrak);
  const selesai = contractEnd(proposal.mulai_kontrak, lama);
  const queryClient = useQueryClient();
  const save = useMutation({ ...renewKontrak(queryClient), onError: (err) => notifyError(err) });
  // Awaited rather than a per-call onSuccess: the refetch after a renewal bumps per_kontrak, which remounts this
  // dialog (its key), and TanStack drops the callbacks of a mutate() whose component went away.
  const renew = async () => {
    const answer = await save
      .mutateAsync({
        nrp,
        per_kontrak: proposal.per_kontrak,
        mulai_kontrak: proposal.mulai_kontrak,
        selesai_kontrak: selesai,
        lama_kontrak: lama,
        status_kontrak: 'B',
      })
      .catch(() => null); // shown by the mutation's onError
    if (!answer) return;
    notifySuccess(answer.message);
    onClose();
  };

  const rows: [string, string][] = [
    ['Kontrak sekarang berakhir', tanggal(current.selesai_kontrak)],
    ['Kontrak ke-', String(proposal.per_kontrak)],
    ['Mulai', tanggal(proposal.mulai_kontrak)],
    ['Selesai', tanggal(selesai)],
    ['Status', 'B'],
  ];

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>{KARYAWAN_TEXTS.renewTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">
                  {nrp} - {nama}
                </Text>
                <Field.Root required>
                  <Field.Label>
                    Lama Kontrak
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={String(lama)} onChange={(e) => setLama(Number(e.target.value))}>
                      {LAMA_KONTRAK.map((n) => (
                        <option key={n} value={n}>
                          {n} bulan
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <DataList.Root orientation="horizontal" size="sm">
                  {rows.map(([label, value]) => (
                    <DataList.Item key={label}>
                      <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
                      <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={save.isPending}>
                Batal
              </Button>
              <Button onClick={() => void renew()} loading={save.isPending}>
                Perpanjang
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
