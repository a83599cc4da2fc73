import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '../../../../components/data-table';
import { PickerDialog } from '../../../../components/picker-dialog';
import { SearchBox } from '../../../../components/search-box';
import type { FindNrpRow } from '../../../../domain/absensi/absensi-admin';
import { TIME_ZONE_LABEL } from '../../../../domain/time-zone';
import { findNrpQuery } from '../api';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';

const COLUMNS: Column<FindNrpRow>[] = [
  { key: 'nrp', header: 'NRP', cell: (r) => r.nrp },
  { key: 'nama', header: 'Nama', cell: (r) => r.nama },
  { key: 'lokasi', header: 'Lokasi', cell: (r) => `${r.lokasi} (${TIME_ZONE_LABEL[r.time_zone]})` },
  { key: 'type', header: 'Tipe', cell: (r) => r.type },
];

/** The manual form's employee picker: GET /api/absensi/find/nrp (NRP or name, in scope, 10 a page). */
export function EmployeePicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (row: FindNrpRow) => void;
}) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({ ...findNrpQuery(q, page), enabled: open });
  return (
    <PickerDialog
      open={open}
      onClose={onClose}
      title={T.form.pickTitle}
      search={
        <SearchBox
          q={q}
          onChange={(next) => {
            setQ(next);
            setPage(1);
          }}
          placeholder={T.search}
        />
      }
      columns={COLUMNS}
      onPick={onPick}
      pickLabel={(r) => r.nrp}
      caption={T.form.pickTitle}
      rows={query.data?.result}
      rowKey={(r) => r.nrp}
      loading={query.isFetching}
      error={query.error}
      paging={{ page, perPage: 10, total: query.data?.totalCount ?? 0, onPage: setPage }}
    />
  );
}
