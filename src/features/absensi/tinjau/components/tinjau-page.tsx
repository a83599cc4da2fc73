import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FilterSelect } from '../../../../components/filter-select';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../../../components/data-table';
import { PageHeader } from '../../../../components/page-header';
import {
  TINJAU_JENIS,
  TINJAU_JENIS_LABEL,
  TINJAU_LIST_COUNT_CAP,
  type TinjauItem,
  type TinjauListQuery,
} from '../../../../domain/absensi/tinjau';
import { lookupQuery } from '../../../../lib/lookups';
import { tinjauListQuery } from '../api';
import { TINJAU_TEXTS as T } from '../texts';
import { FlagBadges, DecisionBadge } from './tinjau-badges';
import { TinjauDialog } from './tinjau-dialog';
import { DateFilterInput } from '../../../../components/date-filter-input';
import { tanggal as tanggalText } from '../../../../lib/format';

function Filters({ search, onSearch }: Props) {
  const lokasi = useQuery(lookupQuery('lokasi'));
  const lokasiOptions = (lokasi.data ?? []).map((o) => {
    const row = o as { id: string; nama?: string };
    return { value: row.id, label: row.nama ? `${row.id} - ${row.nama}` : row.id };
  });
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="2">
      <FilterSelect
        size="sm"
        label="Status"
        value={search.status}
        onChange={(status) => onSearch({ status: status as TinjauListQuery['status'], page: 1 })}
        options={[
          { value: 'open', label: T.status.open },
          { value: 'closed', label: T.status.closed },
        ]}
      />
      <FilterSelect
        size="sm"
        label="Jenis"
        value={search.jenis}
        onChange={(jenis) => onSearch({ jenis: jenis as TinjauListQuery['jenis'], page: 1 })}
        placeholder={T.allKinds}
        options={TINJAU_JENIS.map((j) => ({ value: j, label: TINJAU_JENIS_LABEL[j] }))}
      />
      <FilterSelect
        size="sm"
        label="Lokasi"
        value={search.lokasi_id}
        onChange={(lokasi_id) => onSearch({ lokasi_id, page: 1 })}
        placeholder={T.allLokasi}
        options={lokasiOptions}
      />
      <DateFilterInput
        label={T.start}
        aria-label={T.start}
        title={T.start}
        bg="bg"
        value={search.startDate ?? ''}
        onChange={(d) => onSearch({ startDate: d || undefined, page: 1 })}
      />
      <DateFilterInput
        label={T.end}
        aria-label={T.end}
        title={T.end}
        bg="bg"
        value={search.endDate ?? ''}
        onChange={(d) => onSearch({ endDate: d || undefined, page: 1 })}
      />
    </SimpleGrid>
  );
}

const side = (s: TinjauItem['in']) => (s.verified === 'passkey' ? T.verified : s.jam ? T.notVerified : '-');

interface Props {
  search: TinjauListQuery;
  onSearch: (change: Partial<TinjauListQuery>) => void;
}

/**
 * /absensi/tinjau: the flagged check-ins of the user's scope, days and visits, open or decided; "Tinjau"
 * opens one with its photos, the photos they resemble, the map and the decision.
 */
export function TinjauPage({ search, onSearch }: Props) {
  const query = useQuery(tinjauListQuery(search));
  const [open, setOpen] = useState<TinjauItem | null>(null);
  const C = T.columns;
  const columns: Column<TinjauItem>[] = [
    {
      key: 'karyawan',
      header: C.karyawan,
      cell: (r) => (
        <Stack gap="0">
          <Text fontWeight="medium">{r.nama}</Text>
          <Text textStyle="xs" color="fg.muted">
            {r.nrp}
            {r.lokasi_id ? ` · ${r.lokasi_id}` : ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'tanggal', header: C.tanggal, cell: (r) => <Text whiteSpace="nowrap">{tanggalText(r.tanggal)}</Text> },
    {
      key: 'jenis',
      header: C.jenis,
      cell: (r) => (
        <Stack gap="0">
          <Text>{TINJAU_JENIS_LABEL[r.jenis]}</Text>
          {r.store && (
            <Text textStyle="xs" color="fg.muted">
              {r.store.nama}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'tanda', header: C.tanda, cell: (r) => <FlagBadges flags={r.flags} /> },
    {
      key: 'verifikasi',
      header: C.verifikasi,
      cell: (r) => (
        <Text textStyle="xs" whiteSpace="nowrap">
          In: {side(r.in)}
          <br />
          Out: {side(r.out)}
        </Text>
      ),
    },
    {
      key: 'keputusan',
      header: C.keputusan,
      cell: (r) => (
        <Stack gap="1">
          <DecisionBadge item={r} />
          {r.alasan && <Text textStyle="xs">{r.alasan}</Text>}
        </Stack>
      ),
    },
    {
      key: 'aksi',
      header: C.aksi,
      cell: (r) => (
        <Button
          size="xs"
          variant="outline"
          onClick={() => setOpen(r)}
          aria-label={`${T.review} ${r.nama} ${r.tanggal}`}
        >
          {T.review}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="4">
      <PageHeader title={T.title} />
      <Filters search={search} onSearch={onSearch} />
      {query.data?.totalCapped && (
        <Text textStyle="sm" color="fg.muted">
          {T.capped(TINJAU_LIST_COUNT_CAP)}
        </Text>
      )}
      <DataTable
        caption={T.title}
        columns={columns}
        rows={query.data?.result}
        rowKey={(r) => r.id}
        loading={query.isFetching}
        error={query.error}
        emptyText={T.empty[search.status]}
        paging={{
          page: search.page,
          perPage: search.per_page,
          total: query.data?.totalCount ?? 0,
          onPage: (page) => onSearch({ page }),
        }}
      />
      <TinjauDialog item={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
