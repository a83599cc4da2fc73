import { Input } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '../../../components/data-table';
import { PickerDialog } from '../../../components/picker-dialog';
import type { PlanKaryawanRow } from '../../../domain/kunjungan/kunjungan-plan';
import { useDebounced } from '../../../lib/use-debounced';
import { planKaryawanQuery } from '../api';

interface Props {
  open: boolean;
  onClose: () => void;
  onPick: (row: PlanKaryawanRow) => void;
}

const COLUMNS: Column<PlanKaryawanRow>[] = [
  { key: 'nrp', header: 'NRP', cell: (r) => r.nrp },
  { key: 'nama', header: 'Nama', cell: (r) => r.nama },
  { key: 'route', header: 'Route List', cell: (r) => r.route_list ?? '-' },
];

/** The employee picker of the plan form (spec §2.3 dialogs): active employees in scope, 10 a page. */
export function KaryawanPickerDialog({ open, onClose, onPick }: Props) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(text.trim(), 300);
  const list = useQuery({ ...planKaryawanQuery(q, page), enabled: open });
  return (
    <PickerDialog
      open={open}
      onClose={onClose}
      title="Pilih Karyawan"
      search={
        <Input
          placeholder="Cari NRP atau nama"
          aria-label="Cari karyawan"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
        />
      }
      columns={COLUMNS}
      onPick={onPick}
      pickLabel={(r) => r.nrp}
      caption="Pilih karyawan"
      rows={list.data?.result}
      rowKey={(r) => r.nrp}
      loading={list.isFetching}
      error={list.error}
      paging={{ page, perPage: 10, total: list.data?.totalCount ?? 0, onPage: setPage }}
    />
  );
}
