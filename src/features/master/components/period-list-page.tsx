import { Box, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { PeriodRow } from '../../../domain/master/master';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/use-can';
import { periodListQuery, type PeriodListSearch } from '../api';
import { tanggal } from '../../../lib/format';
import { MasterScreenGuard } from './master-screen-guard';
import { PeriodStatusSwitch } from './period-status-switch';
import { SearchBox } from '../../../components/search-box';

interface Props {
  search: PeriodListSearch;
  onSearch: (next: PeriodListSearch) => void;
}

/** /period: a read-only list with the Enable Posting switch per period (spec part 2 §2.6). */
export function PeriodListPage(props: Props) {
  return (
    <MasterScreenGuard>
      <PeriodList {...props} />
    </MasterScreenGuard>
  );
}

function PeriodList({ search, onSearch }: Props) {
  const can = useCan();
  const canUpdate = can('master.update');
  const list = useQuery(periodListQuery(search));
  const columns: Column<PeriodRow>[] = [
    { key: 'id', header: 'ID', cell: (p) => p.id },
    { key: 'kode_prsh', header: 'Kode Perusahaan', cell: (p) => p.kode_prsh },
    { key: 'mulai', header: 'Mulai', cell: (p) => tanggal(p.mulai) },
    { key: 'akhir', header: 'Akhir', cell: (p) => tanggal(p.akhir) },
    { key: 'jum_hk', header: 'Jumlah HK', cell: (p) => p.jum_hk, align: 'end' },
    {
      key: 'status',
      header: 'Enable Posting',
      align: 'center',
      cell: (p) => <PeriodStatusSwitch period={p} disabled={!canUpdate} />,
    },
  ];
  return (
    <Box>
      <PageHeader title="Daftar Period" />
      <Stack gap="4">
        <HStack gap="2" flexWrap="wrap">
          <SearchBox
            q={search.q}
            onChange={(q) => onSearch({ ...search, q, page: 1 })}
            placeholder="Cari periode (YYYYMM)"
          />
          <NativeSelect.Root maxW={{ base: 'full', md: '56' }}>
            <NativeSelect.Field
              aria-label="Status posting"
              bg="bg"
              value={search.status}
              onChange={(e) => onSearch({ ...search, status: e.target.value as PeriodListSearch['status'], page: 1 })}
            >
              <option value="">Semua status</option>
              <option value="true">Posting aktif</option>
              <option value="false">Posting nonaktif</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <DataTable
          caption="Daftar Period"
          columns={columns}
          rows={list.data?.result}
          rowKey={(p) => p.id}
          loading={list.isFetching}
          error={list.error}
          paging={{
            page: search.page,
            perPage: search.per_page,
            total: list.data?.totalCount ?? 0,
            onPage: (page) => onSearch({ ...search, page }),
          }}
        />
      </Stack>
    </Box>
  );
}
