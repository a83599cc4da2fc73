import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import type { RouteListQuery, RouteListRow } from '../../../domain/route-list/route-list';
import { notifyError } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { downloadRouteList, routeListQuery } from '../api';

function ExportButton({ row }: { row: RouteListRow }) {
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    downloadRouteList(row.id)
      .catch((err: unknown) => notifyError(err))
      .finally(() => setBusy(false));
  };
  return (
    <Button size="xs" variant="outline" loading={busy} onClick={run} aria-label={`Export ${row.id} ke Excel`}>
      Excel
    </Button>
  );
}

const columns: Column<RouteListRow>[] = [
  {
    key: 'id',
    header: 'ID',
    cell: (r) => (
      <Link to="/route-list/$id/edit" params={{ id: r.id }}>
        <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
          {r.id}
        </Text>
      </Link>
    ),
  },
  { key: 'nama', header: 'Nama', cell: (r) => r.nama },
  { key: 'kode_prsh', header: 'Kode Perusahaan', cell: (r) => r.kode_prsh },
  { key: 'outlet_count', header: 'Jumlah Store', align: 'end', cell: (r) => r.outlet_count },
  { key: 'aksi', header: 'Export', align: 'end', cell: (r) => <ExportButton row={r} /> },
];

interface Props {
  search: RouteListQuery;
  onSearch: (q: string) => void;
  onPage: (page: number) => void;
  onCreate: () => void;
  onUpload: () => void;
}

/** /route-list (spec part 2 §2.5): 20 a page, Tambah Route List, Upload Route List, per-row Excel export. */
export function RouteListListPage({ search, onSearch, onPage, onCreate, onUpload }: Props) {
  const can = useCan();
  const canCreate = can('routeList.create');
  const canUpload = canCreate && can('routeList.update');
  const query = useQuery(routeListQuery(search));
  return (
    <Stack gap="4">
      <PageHeader
        title="Route List"
        actions={
          <HStack gap="2" wrap="wrap">
            {/* The menu has no entry for the matrix screen (spec §2.2): it is reached from here. */}
            <Button asChild variant="ghost">
              <Link to="/matrix-kunjungan">Matrix Kunjungan</Link>
            </Button>
            {canUpload && (
              <Button variant="outline" onClick={onUpload}>
                Upload Route List
              </Button>
            )}
            {canCreate && <Button onClick={onCreate}>Tambah Route List</Button>}
          </HStack>
        }
      />
      <SearchBox q={search.q} onChange={onSearch} placeholder="Cari ID atau nama route list" />
      <DataTable
        caption="Daftar route list"
        columns={columns}
        rows={query.data?.result}
        rowKey={(r) => r.id}
        loading={query.isFetching}
        error={query.error}
        paging={{ page: search.page, perPage: search.per_page, total: query.data?.totalCount ?? 0, onPage }}
      />
    </Stack>
  );
}
