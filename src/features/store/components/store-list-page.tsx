import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import type { MasterResource } from '../../../domain/master/master';
import type { StoreListQuery, StoreRow } from '../../../domain/store/store';
import { lookupQuery } from '../../../lib/lookups';
import { notifyError } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { exportStores, storeListQuery } from '../api';
import { STORE_TEXTS as T } from '../texts';

const columns: Column<StoreRow>[] = [
  {
    key: 'code',
    header: T.labels.cust_code,
    cell: (r) => (
      <Link to="/store/$id/edit" params={{ id: r.cust_code }}>
        <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
          {r.cust_code}
        </Text>
      </Link>
    ),
  },
  { key: 'name', header: T.labels.cust_name, cell: (r) => r.cust_name },
  { key: 'client', header: T.labels.client_id, cell: (r) => r.client_id ?? '-' },
  { key: 'office', header: T.labels.sales_office_id, cell: (r) => r.sales_office_id ?? '-' },
  { key: 'address', header: T.labels.cust_address, cell: (r) => <Text minW="48">{r.cust_address ?? '-'}</Text> },
  { key: 'telp', header: T.labels.cust_telp, cell: (r) => r.cust_telp ?? '-' },
];

function Filter({
  resource,
  value,
  all,
  onChange,
}: {
  resource: MasterResource;
  value: string;
  all: string;
  onChange: (v: string) => void;
}) {
  const options = useQuery(lookupQuery(resource));
  return (
    <NativeSelect.Root maxW={{ base: 'full', md: '56' }}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={all} bg="bg">
        <option value="">{all}</option>
        {(options.data ?? []).map((o) => {
          const row = o as { id: string; nama?: string };
          return (
            <option key={row.id} value={row.id}>
              {row.nama ? `${row.id} - ${row.nama}` : row.id}
            </option>
          );
        })}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

interface Props {
  search: StoreListQuery;
  onSearch: (change: Partial<StoreListQuery>) => void;
  onCreate: () => void;
  onUpload: () => void;
}

/** /store (spec part 2 §2.4): search, client and sales office filters, paging in the URL. */
export function StoreListPage({ search, onSearch, onCreate, onUpload }: Props) {
  const can = useCan();
  const query = useQuery(storeListQuery(search));
  const [exporting, setExporting] = useState(false);
  const runExport = async () => {
    setExporting(true);
    try {
      await exportStores();
    } catch (err) {
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="4">
      <PageHeader
        title={T.listTitle}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {can('store.create') && <Button onClick={onCreate}>{T.add}</Button>}
            {can('store.upload') && (
              <Button variant="outline" onClick={onUpload}>
                {T.upload}
              </Button>
            )}
            {can('store.export') && (
              <Button variant="outline" onClick={() => void runExport()} loading={exporting}>
                {T.export}
              </Button>
            )}
          </HStack>
        }
      />
      <Stack direction={{ base: 'column', md: 'row' }} gap="2">
        <SearchBox q={search.q} onChange={(q) => onSearch({ q, page: 1 })} placeholder={T.search} />
        <Filter
          resource="client"
          value={search.client_id}
          all={T.allClients}
          onChange={(client_id) => onSearch({ client_id, page: 1 })}
        />
        <Filter
          resource="sales-office"
          value={search.sales_office_id}
          all={T.allOffices}
          onChange={(sales_office_id) => onSearch({ sales_office_id, page: 1 })}
        />
      </Stack>
      <DataTable
        caption="Daftar store"
        columns={columns}
        rows={query.data?.result}
        rowKey={(r) => r.cust_code}
        loading={query.isFetching}
        error={query.error}
        paging={{
          page: search.page,
          perPage: search.per_page,
          total: query.data?.totalCount ?? 0,
          onPage: (page) => onSearch({ page }),
        }}
      />
    </Stack>
  );
}
