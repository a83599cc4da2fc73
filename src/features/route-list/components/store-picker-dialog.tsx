import { Button, CloseButton, Dialog, HStack, Input, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { useDebounced } from '../../../lib/use-debounced';
import { storePickerQuery } from '../api';

interface Props {
  open: boolean;
  /** Stores already in the matrix: shown, not offered again. */
  taken: ReadonlySet<string>;
  busyCode: string | null;
  onPick: (custCode: string) => void;
  onClose: () => void;
}

/** Picks a store by code or name (the store list's search, 20 at a time). */
export function StorePickerDialog({ open, taken, busyCode, onPick, onClose }: Props) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const query = useQuery({ ...storePickerQuery(q), enabled: open });
  const stores = query.data?.result ?? [];
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Tambah Store</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Input
                  type="search"
                  autoFocus
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder="Cari kode atau nama store"
                  aria-label="Cari kode atau nama store"
                />
                {query.isPending && <Skeleton height="24" />}
                {query.isError && <Text color="fg.error">{errorMessage(query.error)}</Text>}
                {query.isSuccess && stores.length === 0 && <Text color="fg.muted">Tidak ada store</Text>}
                <Stack gap="1" maxH="60vh" overflowY="auto" role="list" aria-label="Daftar store">
                  {stores.map((s) => {
                    const inMatrix = taken.has(s.cust_code);
                    return (
                      <HStack key={s.cust_code} role="listitem" justify="space-between" py="1" borderBottomWidth="1px">
                        <Stack gap="0" minW="0">
                          <Text fontWeight="medium" truncate>
                            {s.cust_name}
                          </Text>
                          <Text textStyle="xs" color="fg.muted">
                            {s.cust_code}
                            {s.cust_address ? ` · ${s.cust_address}` : ''}
                          </Text>
                        </Stack>
                        <Button
                          size="xs"
                          variant={inMatrix ? 'ghost' : 'outline'}
                          disabled={inMatrix || busyCode !== null}
                          loading={busyCode === s.cust_code}
                          onClick={() => onPick(s.cust_code)}
                          aria-label={`Tambah ${s.cust_name}`}
                        >
                          {inMatrix ? 'Sudah ada' : 'Tambah'}
                        </Button>
                      </HStack>
                    );
                  })}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
