import { Button, Stack, Text } from '@chakra-ui/react';
import type { Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import type { KaryawanRow } from '../../../domain/karyawan/karyawan-list';
import { tanggal } from '../../../lib/format';
import { useCan } from '../../../lib/use-can';
import type { KaryawanSearch } from '../api';
import { KARYAWAN_TEXTS } from '../texts';
import { KaryawanAvatar } from './auth-image';
import { KaryawanExportButton } from './export-button';
import { KaryawanListTable, NrpLink, SortHeader } from './list-parts';

interface Props {
  search: KaryawanSearch;
  onSearchChange: (next: Partial<KaryawanSearch>) => void;
  onCreate: () => void;
  onUpload: () => void;
}

/** /karyawan: the active employees; page, per_page, q and sort in the URL. */
export function KaryawanListPage({ search, onSearchChange, onCreate, onUpload }: Props) {
  const can = useCan();
  const sortable = (field: Parameters<typeof SortHeader>[0]['field'], label: string) => (
    <SortHeader field={field} label={label} sort={search.sort} onSort={(sort) => onSearchChange({ sort, page: 1 })} />
  );
  const columns: Column<KaryawanRow>[] = [
    { key: 'foto', header: 'Foto', cell: (r) => <KaryawanAvatar name={r.nama} foto={r.foto_kar} />, width: '14' },
    { key: 'nrp', header: sortable('nrp', 'NRP'), cell: (r) => <NrpLink nrp={r.nrp} /> },
    { key: 'nama', header: sortable('nama', 'Nama'), cell: (r) => r.nama },
    { key: 'type', header: sortable('type', 'Tipe'), cell: (r) => r.type.type },
    {
      key: 'so',
      header: sortable('sales_office', 'Sales Office'),
      cell: (r) => (r.sales_office ? `${r.sales_office.id} - ${r.sales_office.nama}` : '-'),
    },
    { key: 'hp', header: sortable('telp_hp', 'No. HP'), cell: (r) => r.telp_hp ?? '-' },
    {
      key: 'per',
      header: sortable('per_kontrak', 'Periode Kontrak'),
      cell: (r) => (
        <Text as="span" whiteSpace="nowrap">
          Ke-{r.per_kontrak}
          {r.lama_kontrak ? ` · ${r.lama_kontrak} bln` : ''}
        </Text>
      ),
    },
    { key: 'mulai', header: sortable('mulai_kontrak', 'Mulai'), cell: (r) => tanggal(r.mulai_kontrak) },
    { key: 'selesai', header: sortable('selesai_kontrak', 'Selesai'), cell: (r) => tanggal(r.selesai_kontrak) },
  ];

  return (
    <Stack gap="4">
      <PageHeader
        title={KARYAWAN_TEXTS.listTitle}
        actions={
          <>
            {can('karyawan.export') && <KaryawanExportButton resigned={false} />}
            {can('karyawan.upload') && (
              <Button variant="outline" onClick={onUpload}>
                {KARYAWAN_TEXTS.uploadButton}
              </Button>
            )}
            {can('karyawan.create') && <Button onClick={onCreate}>{KARYAWAN_TEXTS.createButton}</Button>}
          </>
        }
      />
      <KaryawanListTable
        resigned={false}
        caption="Daftar karyawan"
        columns={columns}
        search={search}
        onSearchChange={onSearchChange}
      />
    </Stack>
  );
}
