import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '../../../components/data-table';
import { PickerDialog } from '../../../components/picker-dialog';
import type { KaryawanRow } from '../../../domain/karyawan/karyawan-list';
import { karyawanListQuery, KARYAWAN_SEARCH_DEFAULTS } from '../api';
import { KARYAWAN_TEXTS } from '../texts';
import { KaryawanSearchBox } from './list-parts';

interface Props {
  open: boolean;
  onClose: () => void;
  onPick: (row: KaryawanRow) => void;
}

const COLUMNS: Column<KaryawanRow>[] = [
  { key: 'nrp', header: 'NRP', cell: (r) => r.nrp },
  { key: 'nama', header: 'Nama', cell: (r) => r.nama },
  { key: 'type', header: 'Tipe', cell: (r) => r.type.type },
];

/** The employee picker (spec §2 "Dialogs"): NRP, name, type; search by q; 10 a page; active employees. */
export function KaryawanPickerDialog({ open, onClose, onPick }: Props) {
  const [search, setSearch] = useState(KARYAWAN_SEARCH_DEFAULTS);
  const query = useQuery({ ...karyawanListQuery(false, search), enabled: open });
  return (
    <PickerDialog
      open={open}
      onClose={onClose}
      title="Pilih Karyawan"
      search={
        <KaryawanSearchBox
          q={search.q}
          onChange={(q) => setSearch((s) => ({ ...s, q, page: 1 }))}
          label={KARYAWAN_TEXTS.searchPlaceholder}
        />
      }
      columns={COLUMNS}
      onPick={onPick}
      pickLabel={(r) => r.nrp}
      caption="Pilih karyawan"
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
  );
}
