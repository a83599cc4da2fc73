import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import type { KunjunganListQuery, PlanRow } from '../../../domain/kunjungan/kunjungan-plan';
import { periodLookupQuery } from '../../../lib/lookups';
import { useCan } from '../../../lib/use-can';
import { planListQuery } from '../api';
import { PlainSelect } from './native-select';
import { RouteListGenerateDialog } from './route-list-generate-dialog';

const columns: Column<PlanRow>[] = [
  {
    key: 'no_dcp',
    header: 'No DCP',
    cell: (r) => (
      <Link to="/kunjungan/$no_dcp/edit" params={{ no_dcp: r.no_dcp }}>
        <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
          {r.no_dcp}
        </Text>
      </Link>
    ),
  },
  { key: 'nrp', header: 'NRP', cell: (r) => r.nrp },
  { key: 'nama', header: 'Nama', cell: (r) => r.karyawan.nama },
  { key: 'period', header: 'Period', cell: (r) => r.period_id },
  { key: 'shift', header: 'Shift', cell: (r) => r.shift },
  { key: 'route', header: 'Route List', cell: (r) => r.route_list ?? '-' },
  { key: 'planned', header: 'Rencana', align: 'end', cell: (r) => r.counts.planned },
  { key: 'in', header: 'Check In', align: 'end', cell: (r) => r.counts.checked_in },
  { key: 'out', header: 'Check Out', align: 'end', cell: (r) => r.counts.checked_out },
  {
    key: 'radius',
    header: 'Di luar radius',
    align: 'end',
    cell: (r) => (r.counts.outside_radius > 0 ? <Badge colorPalette="orange">{r.counts.outside_radius}</Badge> : 0),
  },
];

interface Props {
  search: KunjunganListQuery;
  onSearch: (next: KunjunganListQuery) => void;
  onCreate: () => void;
}

/** /kunjungan (spec §2.3): the period filter, Tambah Kunjungan, and each plan with its evidence counts. */
export function PlanListPage({ search, onSearch, onCreate }: Props) {
  const can = useCan();
  const canCreate = can('kunjungan.create');
  const periods = useQuery(periodLookupQuery());
  const list = useQuery(planListQuery(search));
  const [bulk, setBulk] = useState(false);
  return (
    <Stack gap="4">
      <PageHeader
        title="Kunjungan"
        actions={
          canCreate && (
            <>
              <Button variant="outline" onClick={() => setBulk(true)}>
                Generate per Route List
              </Button>
              <Button onClick={onCreate}>Tambah Kunjungan</Button>
            </>
          )
        }
      />
      <HStack gap="2" flexWrap="wrap">
        <PlainSelect
          label="Period"
          value={search.period_id}
          placeholder="Semua period"
          maxW={{ base: 'full', md: '56' }}
          options={(periods.data ?? []).map((p) => ({ value: p.id, label: p.id }))}
          onChange={(period_id) => onSearch({ ...search, period_id, page: 1 })}
        />
      </HStack>
      <DataTable
        caption="Daftar kunjungan"
        columns={columns}
        rows={list.data?.result}
        rowKey={(r) => r.no_dcp}
        loading={list.isFetching}
        error={list.error}
        paging={{
          page: search.page,
          perPage: search.per_page,
          total: list.data?.totalCount ?? 0,
          onPage: (page) => onSearch({ ...search, page }),
        }}
      />
      {canCreate && <RouteListGenerateDialog open={bulk} onClose={() => setBulk(false)} />}
    </Stack>
  );
}
