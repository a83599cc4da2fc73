import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import type { KaryawanRow } from '../../../domain/karyawan-list';
import { karyawanListQuery, KARYAWAN_SEARCH_DEFAULTS } from '../api';
import { KARYAWAN_TEXTS } from '../texts';
import { KaryawanSearchBox } from './list-parts';

interface Props {
  open: boolean;
  onClose: () => void;
  onPick: (row: KaryawanRow) => void;
}

/** The employee picker (spec §2 "Dialogs"): NRP, name, type; search by q; 10 a page; active employees. */
export function KaryawanPickerDialog({ open, onClose, onPick }: Props) {
  const [search, setSearch] = useState(KARYAWAN_SEARCH_DEFAULTS);
  const query = useQuery({ ...karyawanListQuery(false, search), enabled: open });
  const columns: Column<KaryawanRow>[] = [
    { key: 'nrp', header: 'NRP', cell: (r) => r.nrp },
    { key: 'nama', header: 'Nama', cell: (r) => r.nama },
    { key: 'type', header: 'Tipe', cell: (r) => r.type.type },
    {
      key: 'pick',
      header: '',
      align: 'end',
      cell: (r) => (
        <Button size="xs" onClick={() => onPick(r)} aria-label={`Pilih ${r.nrp}`}>
          Pilih
        </Button>
      ),
    },
  ];
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '3', md: 'auto' }}>
            <Dialog.Header>
              <Dialog.Title>Pilih Karyawan</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <KaryawanSearchBox
                  q={search.q}
                  onChange={(q) => setSearch((s) => ({ ...s, q, page: 1 }))}
                  label={KARYAWAN_TEXTS.searchPlaceholder}
                />
                <DataTable
                  caption="Pilih karyawan"
                  columns={columns}
                  rows={query.data?.result}
                  rowKey={(r) => r.nrp}
                  loading={query.isFetching}
                  error={query.error}
                  paging={{
                    page: search.page,
                    perPage: search.per_page,
                    total: query.data?.totalCount ?? 0,
                    onPage: (page) => setSearch((s) => ({ ...s, page })),
                  }}
                />
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
