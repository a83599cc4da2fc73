import { Button, CloseButton, Dialog, Input, Portal, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import type { PlanKaryawanRow } from '../../../domain/kunjungan-plan';
import { useDebounced } from '../../../lib/use-debounced';
import { planKaryawanQuery } from '../api';

interface Props {
  open: boolean;
  onClose: () => void;
  onPick: (row: PlanKaryawanRow) => void;
}

/** The employee picker of the plan form (spec §2.3 dialogs): active employees in scope, 10 a page. */
export function KaryawanPickerDialog({ open, onClose, onPick }: Props) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(text.trim(), 300);
  const list = useQuery({ ...planKaryawanQuery(q, page), enabled: open });
  const columns: Column<PlanKaryawanRow>[] = [
    { key: 'nrp', header: 'NRP', cell: (r) => r.nrp },
    { key: 'nama', header: 'Nama', cell: (r) => r.nama },
    { key: 'route', header: 'Route List', cell: (r) => r.route_list ?? '-' },
    {
      key: 'aksi',
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
                <Input
                  placeholder="Cari NRP atau nama"
                  aria-label="Cari karyawan"
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    setPage(1);
                  }}
                />
                <DataTable
                  caption="Pilih karyawan"
                  columns={columns}
                  rows={list.data?.result}
                  rowKey={(r) => r.nrp}
                  loading={list.isFetching}
                  error={list.error}
                  paging={{ page, perPage: 10, total: list.data?.totalCount ?? 0, onPage: setPage }}
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
